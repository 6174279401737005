import { useState, type FormEvent } from 'react';
import type { Role } from '@keel/contract';
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

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function InviteDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const terms = useTerminology();
  const myRole = useSession((state) => state.user?.role);
  const departments = useAllDepartments(false);
  const invite = useInvite();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('member');
  const [teamIds, setTeamIds] = useState<string[]>([]);
  const [emailError, setEmailError] = useState<string | undefined>();
  const [sentTo, setSentTo] = useState<string | null>(null);

  const close = (next: boolean) => {
    if (!next) {
      setEmail('');
      setRole('member');
      setTeamIds([]);
      setEmailError(undefined);
      setSentTo(null);
      invite.reset();
    }
    onOpenChange(next);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (!EMAIL.test(address)) {
      setEmailError('Please enter a valid email address');
      return;
    }
    setEmailError(undefined);
    invite
      .mutateAsync({ email: address, role, teamIds })
      .then(() => {
        setSentTo(address);
        setEmail('');
        setTeamIds([]);
      })
      .catch(() => undefined);
  };

  const toggleTeam = (id: string, checked: boolean) =>
    setTeamIds((current) => (checked ? [...current, id] : current.filter((teamId) => teamId !== id)));

  return (
    <Dialog open={open} onOpenChange={close} title="Invite people" size="md">
      <form noValidate onSubmit={submit} className="grid gap-4">
        {sentTo ? <Banner tone="success">Invitation sent to {sentTo}. The link works for 7 days.</Banner> : null}
        {invite.isError ? (
          <Banner tone="error">{errorText(invite.error, 'The invitation could not be sent.')}</Banner>
        ) : null}
        <TextField
          label="E-mail"
          type="email"
          autoComplete="off"
          value={email}
          error={emailError}
          onChange={(event) => setEmail(event.target.value)}
        />
        <SelectField label="Role" value={role} onChange={(event) => setRole(event.target.value as Role)}>
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
          {(departments.data ?? []).map((department) => (
            <Checkbox
              key={department.id}
              label={department.name}
              checked={teamIds.includes(department.id)}
              onChange={(event) => toggleTeam(department.id, event.target.checked)}
            />
          ))}
        </fieldset>
        <FormActions onCancel={() => close(false)} submitLabel="Send invitation" busy={invite.isPending} />
      </form>
    </Dialog>
  );
}
