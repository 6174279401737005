import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormValue } from '../../../lib/form-value';
import { zodResolver } from '@hookform/resolvers/zod';
import { createInvitationRequestSchema } from '@keel/contract';
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
  const [sentTo, setSentTo] = useState<string | null>(null);
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
      setSentTo(null);
      invite.reset();
    }
    onOpenChange(next);
  };

  const submit = handleSubmit((values) =>
    invite
      .mutateAsync(values)
      .then(() => {
        setSentTo(values.email);
        reset({ ...EMPTY, role: values.role });
      })
      .catch(() => undefined),
  );

  return (
    <Dialog open={open} onOpenChange={close} title="Invite people" size="md">
      <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
        {sentTo ? <Banner tone="success">Invitation sent to {sentTo}. The link works for 7 days.</Banner> : null}
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
            {terms.department_label}s
          </legend>
          {departments.isPending ? <p className="text-sm text-slate-600 dark:text-slate-300">Loading…</p> : null}
          {departments.isError ? (
            <p className="text-sm text-red-700 dark:text-red-300">
              {errorText(departments.error, `The ${terms.department_label.toLowerCase()}s could not be loaded.`)}
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
