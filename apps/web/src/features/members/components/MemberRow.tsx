import type { Member, Role } from '@keel/contract';
import { Button } from '../../../ui/Button';
import { SelectField } from '../../../ui/FormFields';
import { ROLE_NAMES, ROLES } from '../roles';
import { pluralOf } from '../../../lib/words';

interface MemberRowProps {
  member: Member;
  myRole: Role | undefined;
  isMe: boolean;
  /** The organization's word for teams, for "No teams". */
  teamLabel: string;
  onRole: (role: Role) => void;
  onStatus: (action: 'deactivate' | 'reactivate') => void;
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

export function MemberRow({ member, myRole, isMe, teamLabel, onRole, onStatus }: MemberRowProps) {
  const name = `${member.firstName} ${member.lastName}`.trim() || member.email;
  // Only owners touch ownership: an admin sees an owner's role but cannot change it.
  const locked = member.role === 'owner' && myRole !== 'owner';
  const choices = myRole === 'owner' ? ROLES : ROLES.filter((role) => role !== 'owner' || member.role === 'owner');
  const deactivated = member.status === 'deactivated';
  return (
    <li className="flex flex-wrap items-center gap-3 p-3">
      <div className="min-w-48 flex-1">
        <p className="font-medium text-slate-900 dark:text-white">
          {name}
          {deactivated ? (
            <span className="ml-2 rounded-full bg-slate-200 px-2 py-0.5 text-xs text-slate-800 dark:bg-slate-700 dark:text-slate-100">
              Deactivated
            </span>
          ) : null}
        </p>
        <p className="text-sm text-slate-600 dark:text-slate-300">{member.email}</p>
        <p className="text-xs text-slate-600 dark:text-slate-400">
          {member.teams.map((team) => team.name).join(', ') || `No ${pluralOf(teamLabel)}`} · Last sign-in{' '}
          {member.lastSignInAt ? dateFormat.format(new Date(member.lastSignInAt)) : 'never'}
        </p>
      </div>
      <SelectField
        label={<span className="sr-only">Role of {name}</span>}
        value={member.role}
        disabled={locked}
        onChange={(event) => onRole(event.target.value as Role)}
        className="w-36"
      >
        {choices.map((role) => (
          <option key={role} value={role}>
            {ROLE_NAMES[role]}
          </option>
        ))}
      </SelectField>
      {isMe ? (
        <span className="w-28 text-center text-sm text-slate-600 dark:text-slate-300">You</span>
      ) : (
        <Button
          size="sm"
          variant="secondary"
          className="w-28"
          disabled={locked}
          onClick={() => onStatus(deactivated ? 'reactivate' : 'deactivate')}
        >
          {deactivated ? 'Reactivate' : 'Deactivate'}
        </Button>
      )}
    </li>
  );
}
