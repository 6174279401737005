import { DOCUMENT_VISIBILITIES, type Department, type DocumentVisibility } from '@keel/contract';
import { useSession } from '../../../lib/session-store';
import { SelectField } from '../../../ui/FormFields';
import { useTerminology } from '../../terminology/terminology.api';
import { useMyDepartments } from '../../departments/departments.api';
import type { Placement } from '../documents.api';
import { VISIBILITY_CHOICES } from '../document-words';

/** The teams the signed-in person may share with: all for administrators, else their own. */
export function useShareableTeams(): Department[] {
  const user = useSession((state) => state.user);
  const teams = useMyDepartments().data?.departments ?? [];
  const isAdmin = user?.role === 'admin' || user?.role === 'owner';
  return teams.filter((team) => isAdmin || team.is_member);
}

/** The names of every team the person sees, for the badges of team documents. */
export function useTeamNames(): Map<string, string> {
  const teams = useMyDepartments().data?.departments ?? [];
  return new Map(teams.map((team) => [team.id, team.name]));
}

interface PlacementFieldsProps {
  value: Placement;
  onChange: (value: Placement) => void;
  /** Why the team was refused, shown beside the team choice. */
  teamError?: string | undefined;
  className?: string;
  label?: string;
}

/** Who may see it: the company, one team (then which), or only the person. */
export function PlacementFields({
  value,
  onChange,
  teamError,
  className,
  label = 'Who can see it',
}: PlacementFieldsProps) {
  const terms = useTerminology();
  const teams = useShareableTeams();
  const choose = (visibility: DocumentVisibility) =>
    onChange({ visibility, teamId: visibility === 'team' ? (value.teamId ?? teams[0]?.id ?? null) : null });
  return (
    <div className={className ?? 'grid gap-3 sm:grid-cols-2'}>
      <SelectField
        label={label}
        value={value.visibility}
        onChange={(event) => choose(event.target.value as DocumentVisibility)}
      >
        {DOCUMENT_VISIBILITIES.map((visibility) => (
          <option key={visibility} value={visibility} disabled={visibility === 'team' && teams.length === 0}>
            {VISIBILITY_CHOICES[visibility]}
          </option>
        ))}
      </SelectField>
      {value.visibility === 'team' ? (
        <SelectField
          label={terms.team_label}
          value={value.teamId ?? ''}
          error={teamError}
          onChange={(event) => onChange({ visibility: 'team', teamId: event.target.value || null })}
        >
          {value.teamId === null ? <option value="">Choose a {terms.team_label}</option> : null}
          {teams.map((team) => (
            <option key={team.id} value={team.id}>
              {team.name}
            </option>
          ))}
        </SelectField>
      ) : null}
    </div>
  );
}

/** A placement is complete when a team document names its team. */
export const placementIsComplete = (placement: Placement) =>
  placement.visibility !== 'team' || placement.teamId !== null;
