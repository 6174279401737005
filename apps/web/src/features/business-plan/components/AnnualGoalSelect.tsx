import type { AnnualGoal } from '@keel/contract';
import { SelectField } from '../../../ui/FormFields';
import { useAnnualGoals } from '../annual-goals.api';

interface Props {
  /** The fiscal year whose goals are offered: the priority's own. */
  year: number;
  /** The chosen goal's id, '' for none. */
  value: string;
  onChange: (goalId: string) => void;
  label: string;
}

/** Every team's goals of the year, grouped by team: the goal a priority serves (alignment). */
export function AnnualGoalSelect({ year, value, onChange, label }: Props) {
  const goals = useAnnualGoals(year);
  const byTeam = new Map<string, AnnualGoal[]>();
  for (const goal of goals.data?.data ?? []) byTeam.set(goal.teamName, [...(byTeam.get(goal.teamName) ?? []), goal]);
  const known = goals.data?.data.some((goal) => goal.id === value) ?? false;
  return (
    <SelectField
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      disabled={goals.isPending}
      error={goals.isError ? 'The goals could not be loaded' : undefined}
    >
      <option value="">{goals.isPending ? 'Loading…' : byTeam.size === 0 ? `No goals for ${year} yet` : 'None'}</option>
      {value && !known && !goals.isPending ? <option value={value}>A goal of another year</option> : null}
      {[...byTeam].map(([teamName, teamGoals]) => (
        <optgroup key={teamName} label={teamName}>
          {teamGoals.map((goal) => (
            <option key={goal.id} value={goal.id}>
              {goal.title}
            </option>
          ))}
        </optgroup>
      ))}
    </SelectField>
  );
}
