import { useState, type ComponentType } from 'react';
import { errorText } from '../../../lib/api-client';
import { Button } from '../../../ui/Button';
import { startSso, startSsoLink, useSsoProviders, type SsoProvider } from '../auth.api';

interface SsoButtonsProps {
  /** 'Continue with' on sign-in, 'Sign up with' on registration, 'Link' in a signed-in person's settings. */
  verb: 'Continue with' | 'Sign up with' | 'Link';
  /** Receives the server's reason when a provider cannot be used (e.g. not configured). */
  onError: (message: string) => void;
  disabled?: boolean;
}

function GoogleMark() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4">
      <path
        fill="#4285F4"
        d="M22.6 12.2c0-.8-.1-1.5-.2-2.2H12v4.2h5.9a5 5 0 0 1-2.2 3.3v2.7h3.6c2.1-1.9 3.3-4.8 3.3-8z"
      />
      <path
        fill="#34A853"
        d="M12 23c3 0 5.5-1 7.3-2.7l-3.6-2.7c-1 .7-2.2 1-3.7 1-2.9 0-5.3-1.9-6.2-4.5H2.1v2.8A11 11 0 0 0 12 23z"
      />
      <path fill="#FBBC05" d="M5.8 14.1a6.6 6.6 0 0 1 0-4.2V7.1H2.1a11 11 0 0 0 0 9.8z" />
      <path
        fill="#EA4335"
        d="M12 5.4c1.6 0 3.1.6 4.2 1.7l3.2-3.2A11 11 0 0 0 2.1 7.1l3.7 2.8C6.7 7.3 9.1 5.4 12 5.4z"
      />
    </svg>
  );
}

function MicrosoftMark() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4">
      <path fill="#F25022" d="M2 2h9.5v9.5H2z" />
      <path fill="#7FBA00" d="M12.5 2H22v9.5h-9.5z" />
      <path fill="#00A4EF" d="M2 12.5h9.5V22H2z" />
      <path fill="#FFB900" d="M12.5 12.5H22V22h-9.5z" />
    </svg>
  );
}

const PROVIDERS: Array<{ id: SsoProvider; name: string; Mark: ComponentType }> = [
  { id: 'google', name: 'Google', Mark: GoogleMark },
  { id: 'microsoft', name: 'Microsoft', Mark: MicrosoftMark },
];

export function SsoButtons({ verb, onError, disabled = false }: SsoButtonsProps) {
  const [pending, setPending] = useState<SsoProvider | null>(null);
  const configured = useSsoProviders().data;

  const start = async (provider: SsoProvider, name: string) => {
    setPending(provider);
    try {
      await (verb === 'Link' ? startSsoLink(provider) : startSso(provider));
    } catch (error) {
      onError(errorText(error, `${name} sign-in is not available right now. Please try again.`));
      setPending(null);
    }
  };

  const unavailable = PROVIDERS.filter(({ id }) => configured?.[id] === false);

  return (
    <div className="space-y-2">
      <div className="grid gap-2 sm:grid-cols-2">
        {PROVIDERS.map(({ id, name, Mark }) => (
          <Button
            key={id}
            variant="secondary"
            loading={pending === id}
            disabled={disabled || pending !== null || configured?.[id] === false}
            aria-describedby={configured?.[id] === false ? `sso-unavailable-${id}` : undefined}
            onClick={() => void start(id, name)}
          >
            {pending === id ? null : <Mark />}
            {verb} {name}
          </Button>
        ))}
      </div>
      {unavailable.map(({ id, name }) => (
        <p key={id} id={`sso-unavailable-${id}`} className="text-xs text-slate-600 dark:text-slate-400">
          {verb === 'Link'
            ? `${name} is not configured on this Keel server, so it cannot be linked.`
            : `Sign-in with ${name} is not configured on this Keel server. Please use your email and password.`}
        </p>
      ))}
    </div>
  );
}
