import { useState } from 'react';
import type { Invitation, UnmailedInvitation } from '@keel/contract';
import { errorText } from '../../../lib/api-client';
import { Banner } from '../../../ui/Banner';
import { Button } from '../../../ui/Button';
import { EmptyNote, LIST_CARD_CLASSES, ListStates } from '../../../ui/ListPage';
import { useInvitations, useResendInvitation, useRevokeInvitation } from '../members.api';
import { ROLE_NAMES } from '../roles';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { UnmailedInvitations } from './UnmailedInvitations';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

export function PendingInvitations() {
  const invitations = useInvitations();
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  const [revoking, setRevoking] = useState<Invitation | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [unmailed, setUnmailed] = useState<UnmailedInvitation[]>([]);
  const failure = resend.error ?? revoke.error;
  const list = invitations.data ?? [];

  return (
    <section aria-labelledby="invitations-title" className="grid gap-3">
      <h2 id="invitations-title" className="text-lg font-semibold text-slate-900 dark:text-white">
        Pending invitations
      </h2>
      {notice ? <Banner tone="success">{notice}</Banner> : null}
      <UnmailedInvitations invitations={unmailed} />
      {failure ? <Banner tone="error">{errorText(failure, 'The invitation could not be changed.')}</Banner> : null}
      <ListStates
        query={invitations}
        loadingLabel="Loading invitations"
        errorFallback="The invitations could not be loaded."
        isEmpty={list.length === 0}
        empty={<EmptyNote>No pending invitations.</EmptyNote>}
      >
        <ul
          aria-label="Pending invitations"
          className={`${LIST_CARD_CLASSES} divide-y divide-slate-200 dark:divide-slate-700`}
        >
          {list.map((invitation) => (
            <li key={invitation.id} className="flex flex-wrap items-center gap-3 p-3">
              <div className="min-w-48 flex-1">
                <p className="font-medium text-slate-900 dark:text-white">{invitation.email}</p>
                <p className="text-sm text-slate-600 dark:text-slate-300">
                  {ROLE_NAMES[invitation.role]} ·{' '}
                  {invitation.state === 'expired'
                    ? 'Expired'
                    : `Expires ${dateFormat.format(new Date(invitation.expiresAt))}`}
                </p>
              </div>
              <Button
                size="sm"
                variant="secondary"
                loading={resend.isPending && resend.variables?.id === invitation.id}
                onClick={() => {
                  setNotice(null);
                  setUnmailed([]);
                  revoke.reset();
                  resend
                    .mutateAsync(invitation)
                    .then(({ delivery }) => {
                      if (delivery.mailed) {
                        setNotice(`A new link was sent to ${invitation.email}; the old one no longer works.`);
                      } else {
                        setNotice(`A new link was made for ${invitation.email}; the old one no longer works.`);
                        setUnmailed(delivery.unmailed);
                      }
                    })
                    .catch(() => undefined);
                }}
              >
                Resend
              </Button>
              <Button size="sm" variant="ghost" onClick={() => setRevoking(invitation)}>
                Revoke
              </Button>
            </li>
          ))}
        </ul>
      </ListStates>
      {revoking ? (
        <ConfirmDialog
          title="Revoke the invitation?"
          confirmLabel="Revoke"
          danger
          busy={revoke.isPending}
          onCancel={() => setRevoking(null)}
          onConfirm={() => {
            setNotice(null);
            setUnmailed([]);
            resend.reset();
            revoke
              .mutateAsync(revoking)
              .then(() => setNotice(`The invitation to ${revoking.email} was revoked.`))
              .catch(() => undefined)
              .finally(() => setRevoking(null));
          }}
        >
          The link sent to {revoking.email} will stop working.
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
