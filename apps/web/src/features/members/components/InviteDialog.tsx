import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormValue } from '../../../lib/form-value';
import { zodResolver } from '@hookform/resolvers/zod';
import { createInvitationRequestSchema, type SentInvitation } from '@keel/contract';
import { z } from 'zod';
import { errorText } from '../../../lib/api-client';
import { useSession } from '../../../lib/session-store';
import { Banner } from '../../../ui/Banner';
import { Checkbox } from '../../../ui/Checkbox';
import { Dialog } from '../../../ui/Dialog';
import { TextField } from '../../../ui/Field';
import { FormActions, SelectField } from '../../../ui/FormFields';
import { useAllDepartments } from '../../departments/departments.api';
import { useTerminology } from '../../terminology/terminology.api';
import { useInvite } from '../members.api';
import { ROLE_NAMES, assignableRoles } from '../roles';
import { UnmailedInvitations } from './UnmailedInvitations';
import { termPlural } from '../../terminology/term-words';

/** The address as typed, trimmed first, then the contract's rules and message. */
const inviteFormSchema = createInvitationRequestSchema.extend({
  email: z.string().trim().pipe(createInvitationRequestSchema.shape.email),
});
type InviteForm = z.input<typeof inviteFormSchema>;
const EMPTY: InviteForm = { email: '', role: 'member', teamIds: [] };

export function InviteDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const terms = useTerminology();
  const myRole = useSession((state) => state.user?.role);
  const departments = useAllDepartments(false);
  const invite = useInvite();
  const [sent, setSent] = useState<SentInvitation | null>(null);
  const form = useForm<InviteForm, unknown, z.output<typeof inviteFormSchema>>({
    resolver: zodResolver(inviteFormSchema),
    defaultValues: EMPTY,
  });
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = form;

  const close = (next: boolean) => {
    if (!next) {
      reset(EMPTY);
      setSent(null);
      invite.reset();
    }
    onOpenChange(next);
  };

  const submit = handleSubmit((values) =>
    invite
      .mutateAsync(values)
      .then((invitation) => {
        setSent(invitation);
        reset({ ...EMPTY, role: values.role });
      })
      .catch(() => undefined),
  );

  return (
    <Dialog open={open} onOpenChange={close} title="Invite people" size="md">
      <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
        {sent?.delivery.mailed ? (
          <Banner tone="success">Invitation sent to {sent.email}. The link works for 7 days.</Banner>
        ) : null}
        {sent ? <UnmailedInvitations invitations={sent.delivery.unmailed} /> : null}
        {invite.isError ? (
          <Banner tone="error">{errorText(invite.error, 'The invitation could not be sent.')}</Banner>
        ) : null}
        <TextField
          label="E-mail"
          type="email"
          autoComplete="off"
          error={errors.email?.message}
          {...register('email')}
        />
        <SelectField label="Role" {...register('role')}>
          {assignableRoles(myRole).map((choice) => (
            <option key={choice} value={choice}>
              {ROLE_NAMES[choice]}
            </option>
          ))}
        </SelectField>
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium text-slate-800 dark:text-slate-200">
            {termPlural(terms, 'department_label')}
          </legend>
          {departments.isPending ? <p className="text-sm text-slate-600 dark:text-slate-300">Loading…</p> : null}
          {departments.isError ? (
            <p className="text-sm text-red-700 dark:text-red-300">
              {errorText(departments.error, `The ${termPlural(terms, 'department_label')} could not be loaded.`)}
            </p>
          ) : null}
          <FormValue
            form={form}
            name="teamIds"
            render={({ field: { value = [], onChange } }) => (
              <>
                {(departments.data ?? []).map((department) => (
                  <Checkbox
                    key={department.id}
                    label={department.name}
                    checked={value.includes(department.id)}
                    onChange={(event) =>
                      onChange(
                        event.target.checked
                          ? [...value, department.id]
                          : value.filter((teamId) => teamId !== department.id),
                      )
                    }
                  />
                ))}
              </>
            )}
          />
        </fieldset>
        <FormActions onCancel={() => close(false)} submitLabel="Send invitation" busy={invite.isPending} />
      </form>
    </Dialog>
  );
}
