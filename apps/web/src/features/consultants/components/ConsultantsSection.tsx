import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  inviteConsultantRequestSchema,
  type ConsultantAccessLevel,
  type ConsultantGrant,
  type InviteConsultantRequest,
  type SentConsultantGrant,
} from '@keel/contract';
import type { z } from 'zod';
import { errorText } from '../../../lib/api-client';
import { Banner } from '../../../ui/Banner';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { TextField } from '../../../ui/Field';
import { SelectField } from '../../../ui/FormFields';
import { EmptyNote, ListStates } from '../../../ui/ListPage';
import { UnmailedInvitations } from '../../members/components/UnmailedInvitations';
import { useClientConsultants, useInviteConsultant, useRevokeConsultant } from '../consultants.api';

const LEVELS: { value: ConsultantAccessLevel; label: string }[] = [
  { value: 'admin', label: 'Administrator' },
  { value: 'member', label: 'Member' },
  { value: 'observer', label: 'Observer (read only)' },
];

const STATUS_TEXT: Record<ConsultantGrant['status'], string> = {
  invited: 'Invitation sent',
  active: 'Has access',
  revoked: 'Revoked',
};

function GrantRow({ grant }: { grant: ConsultantGrant }) {
  const revoke = useRevokeConsultant();
  const who = grant.consultantName ? `${grant.consultantName} (${grant.email})` : grant.email;
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-2">
      <div>
        <p className="font-medium text-slate-900 dark:text-white">{who}</p>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {STATUS_TEXT[grant.status]} • {LEVELS.find((level) => level.value === grant.accessLevel)?.label}
        </p>
        {revoke.isError ? (
          <p className="text-sm text-red-700 dark:text-red-300">{errorText(revoke.error, 'Revoking failed.')}</p>
        ) : null}
      </div>
      {grant.status === 'revoked' ? null : (
        <Button
          size="sm"
          variant="danger"
          loading={revoke.isPending}
          aria-label={`Revoke access of ${grant.email}`}
          onClick={() => revoke.mutate({ id: grant.id, version: grant.version })}
        >
          Revoke
        </Button>
      )}
    </li>
  );
}

/** Organization settings: the consultants this organization lets in, invited by e-mail and revocable. */
export function ConsultantsSection() {
  const grants = useClientConsultants();
  const invite = useInviteConsultant();
  const [sent, setSent] = useState<SentConsultantGrant | null>(null);
  const {
    register,
    handleSubmit,
    resetField,
    watch,
    formState: { errors },
  } = useForm<InviteConsultantRequest, unknown, z.output<typeof inviteConsultantRequestSchema>>({
    resolver: zodResolver(inviteConsultantRequestSchema),
    defaultValues: { email: '', accessLevel: 'admin' },
  });

  const onSubmit = handleSubmit(
    (values) => {
      setSent(null);
      invite
        .mutateAsync(values)
        .then((grant) => {
          setSent(grant);
          resetField('email');
        })
        // The failure is shown from the mutation's state.
        .catch(() => undefined);
    },
    () => setSent(null),
  );

  const list = grants.data ?? [];
  return (
    <Card role="region" aria-labelledby="consultants-title">
      <h2 id="consultants-title" className="mb-1 text-base font-semibold text-slate-900 dark:text-white">
        Consultants
      </h2>
      <p className="mb-3 text-sm text-slate-600 dark:text-slate-300">
        A consultant works inside this organization from their own account, without taking a seat. Every change they
        make is recorded under their name. Revoking takes effect at once.
      </p>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="mb-4 flex flex-wrap items-end gap-3">
        <TextField
          label="Consultant e-mail"
          type="email"
          className="min-w-64 flex-1"
          error={
            errors.email?.message ??
            (invite.isError ? errorText(invite.error, 'The invitation could not be sent.') : undefined)
          }
          {...register('email')}
        />
        <SelectField label="Access" {...register('accessLevel')}>
          {LEVELS.map((level) => (
            <option key={level.value} value={level.value}>
              {level.label}
            </option>
          ))}
        </SelectField>
        <Button type="submit" loading={invite.isPending} disabled={watch('email').trim() === ''}>
          Invite consultant
        </Button>
      </form>
      {sent?.delivery.mailed ? (
        <Banner tone="success" className="mb-3">
          Invitation sent to {sent.email}.
        </Banner>
      ) : null}
      {sent ? <UnmailedInvitations invitations={sent.delivery.unmailed} className="mb-3" /> : null}
      <ListStates
        query={grants}
        loadingLabel="Loading consultants"
        errorFallback="The consultants could not be loaded."
        isEmpty={list.length === 0}
        empty={<EmptyNote>No consultant has been invited yet.</EmptyNote>}
      >
        <ul aria-label="Consultants" className="divide-y divide-slate-200 dark:divide-slate-700">
          {list.map((grant) => (
            <GrantRow key={grant.id} grant={grant} />
          ))}
        </ul>
      </ListStates>
    </Card>
  );
}
