import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { errorText } from '../../../lib/api-client';
import { usePageMeta } from '../../../lib/page-meta';
import { useSession } from '../../../lib/session-store';
import { SESSION_KEYS, removeStorage } from '../../../lib/storage-keys';
import { Banner } from '../../../ui/Banner';
import { FullScreenSpinner } from '../../../ui/Spinner';
import { TextLink } from '../../../ui/TextLink';
import { completeSso, isSsoLinking, rememberedSsoProvider } from '../auth.api';
import { ssoFailurePath, ssoIncompletePath } from '../sso-errors';

function forgetFlow() {
  removeStorage(sessionStorage, SESSION_KEYS.ssoProvider);
  removeStorage(sessionStorage, SESSION_KEYS.ssoLinking);
}

/** The page the identity provider sends the browser back to (/auth/success, /auth/callback, /login/auth/callback). */
export default function SsoCallbackPage() {
  usePageMeta({ title: 'Signing you in', description: 'Completing single sign-on.', robots: 'noindex,nofollow' });
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const signIn = useSession((state) => state.signIn);
  const started = useRef(false);
  // A link that fails leaves the person signed in: they read why here instead of on the login page.
  const [linkError, setLinkError] = useState<string | null>(null);

  useEffect(() => {
    // Codes are single-use: React's development double effect must not post it twice.
    if (started.current) return;
    started.current = true;
    const code = params.get('code');
    const state = params.get('state') ?? '';
    const providerError = params.get('error');
    const provider = rememberedSsoProvider();
    const linking = isSsoLinking();
    if (providerError || !code || !provider) {
      forgetFlow();
      const description = params.get('error_description') ?? params.get('message');
      if (linking) setLinkError(description ?? 'The link did not complete. Please try again.');
      else void navigate(ssoIncompletePath(providerError, description), { replace: true });
      return;
    }
    completeSso(provider, code, state)
      .then((session) => {
        forgetFlow();
        signIn(session);
        void navigate(linking ? '/user-settings' : '/dashboard', { replace: true });
      })
      .catch((error: unknown) => {
        forgetFlow();
        if (linking) setLinkError(errorText(error, 'The link did not complete. Please try again.'));
        else void navigate(ssoFailurePath(error), { replace: true });
      });
  }, [navigate, params, signIn]);

  if (linkError) {
    return (
      <main className="mx-auto max-w-md space-y-4 p-6">
        <Banner tone="error" title="The account was not linked">
          {linkError}
        </Banner>
        <TextLink to="/user-settings">Back to your settings</TextLink>
      </main>
    );
  }
  return <FullScreenSpinner label="Signing you in…" />;
}
