import { useRef, useState } from 'react';
import type { UnmailedInvitation } from '@keel/contract';
import { Banner } from '../../../ui/Banner';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/Field';

export const NO_MAIL_ONE =
  'Mail is not set up on this server, so no e-mail was sent. Copy this link and send it yourself:';
export const NO_MAIL_MANY =
  'Mail is not set up on this server, so no e-mails were sent. Copy these links and send them yourself:';

/**
 * The server only logs its mails, so nobody received the invitations: the links the server gave the
 * inviting administrator, each with a copy button and a selectable field (the clipboard may be refused).
 */
export function UnmailedInvitations({
  invitations,
  className,
}: {
  invitations: readonly UnmailedInvitation[];
  className?: string;
}) {
  if (invitations.length === 0) return null;
  return (
    <Banner tone="warning" className={className}>
      <p>{invitations.length === 1 ? NO_MAIL_ONE : NO_MAIL_MANY}</p>
      <ul aria-label="Invitation links" className="mt-2 grid gap-3">
        {invitations.map((invitation) => (
          <CopyableLink key={invitation.link} invitation={invitation} />
        ))}
      </ul>
    </Banner>
  );
}

function CopyableLink({ invitation }: { invitation: UnmailedInvitation }) {
  const field = useRef<HTMLInputElement>(null);
  const [outcome, setOutcome] = useState<'copied' | 'selected' | null>(null);
  const selectForCopying = () => {
    field.current?.focus();
    field.current?.select();
    setOutcome('selected');
  };
  const copy = () => {
    if (!navigator.clipboard) return selectForCopying();
    navigator.clipboard.writeText(invitation.link).then(() => setOutcome('copied'), selectForCopying);
  };
  return (
    <li className="grid gap-1">
      <TextField
        ref={field}
        label={`Invitation link for ${invitation.email}`}
        readOnly
        value={invitation.link}
        onFocus={(event) => event.currentTarget.select()}
        className="text-slate-900 dark:text-slate-100"
      />
      <div className="flex flex-wrap items-center gap-2">
        <Button size="sm" variant="secondary" aria-label={`Copy link for ${invitation.email}`} onClick={copy}>
          Copy link
        </Button>
        <span aria-live="polite" className="text-sm">
          {outcome === 'copied' ? 'Link copied.' : outcome === 'selected' ? 'Press Ctrl+C (⌘C on a Mac) to copy.' : ''}
        </span>
      </div>
    </li>
  );
}
