import { useState } from 'react';
import type { Measurable, ScorecardFrequency } from '@keel/contract';
import { inputClasses } from '../../../ui/Field';
import { Spinner } from '../../../ui/Spinner';
import { useMyDepartments } from '../../departments/departments.api';
import { useMeasurables } from '../measurables.api';

interface RollupPartsPickerProps {
  frequency: ScorecardFrequency;
  /** The roll-up itself, never one of its own parts. */
  excludeId: string | null;
  selected: string[];
  onChange: (selected: string[]) => void;
  error?: string | undefined;
}

interface TeamGroup {
  teamId: string;
  teamName: string;
  measurables: Measurable[];
}

/** The organization's measurables by team, the caller's own teams named, the rest as "Another team". */
function byTeam(measurables: Measurable[], teamNames: Map<string, string>): TeamGroup[] {
  const groups = new Map<string, TeamGroup>();
  for (const measurable of measurables) {
    const group = groups.get(measurable.teamId) ?? {
      teamId: measurable.teamId,
      teamName: teamNames.get(measurable.teamId) ?? 'Another team',
      measurables: [],
    };
    group.measurables.push(measurable);
    groups.set(measurable.teamId, group);
  }
  return [...groups.values()].sort((a, b) => a.teamName.localeCompare(b.teamName));
}

/** The parts of a roll-up: measurables of the same frequency from any team, grouped by team, filterable. */
export function RollupPartsPicker({ frequency, excludeId, selected, onChange, error }: RollupPartsPickerProps) {
  const [filter, setFilter] = useState('');
  const measurables = useMeasurables({ frequency });
  const departments = useMyDepartments();
  const teamNames = new Map((departments.data?.departments ?? []).map((team) => [team.id, team.name]));
  const needle = filter.trim().toLowerCase();
  const candidates = (measurables.data ?? []).filter(
    (measurable) =>
      measurable.id !== excludeId &&
      (!needle || `${measurable.title} ${measurable.owner.name}`.toLowerCase().includes(needle)),
  );
  const toggle = (id: string, checked: boolean) =>
    onChange(checked ? [...selected, id] : selected.filter((existing) => existing !== id));
  return (
    <fieldset className="min-w-0">
      <legend className="mb-1 text-sm font-medium text-slate-800 dark:text-slate-200">
        Measurables to combine{' '}
        <span className="font-normal text-slate-600 dark:text-slate-400">({selected.length} chosen)</span>
      </legend>
      <input
        type="search"
        aria-label="Filter measurables"
        placeholder="Filter by title or owner"
        value={filter}
        onChange={(event) => setFilter(event.target.value)}
        className={inputClasses(false, 'mb-1')}
      />
      <div className="max-h-56 overflow-y-auto rounded-md border border-slate-300 p-1 dark:border-slate-600">
        {measurables.isPending ? (
          <Spinner label="Loading the measurables" />
        ) : measurables.isError ? (
          <p className="px-2 py-1 text-sm text-red-700 dark:text-red-300">The measurables could not be loaded.</p>
        ) : candidates.length === 0 ? (
          <p className="px-2 py-1 text-sm text-slate-600 dark:text-slate-300">No {frequency} measurable matches.</p>
        ) : (
          byTeam(candidates, teamNames).map((group) => (
            <div key={group.teamId} role="group" aria-label={group.teamName} className="py-1">
              <p className="px-2 text-xs font-semibold uppercase text-slate-600 dark:text-slate-400">
                {group.teamName}
              </p>
              <ul>
                {group.measurables.map((measurable) => (
                  <li key={measurable.id}>
                    <label className="flex items-center gap-2 rounded px-2 py-1 text-sm pointer-coarse:min-h-11 hover:bg-slate-50 dark:hover:bg-slate-800">
                      <input
                        type="checkbox"
                        checked={selected.includes(measurable.id)}
                        onChange={(event) => toggle(measurable.id, event.target.checked)}
                      />
                      <span className="min-w-0 wrap-anywhere">
                        {measurable.title}{' '}
                        <span className="text-xs text-slate-600 dark:text-slate-400">({measurable.owner.name})</span>
                      </span>
                    </label>
                  </li>
                ))}
              </ul>
            </div>
          ))
        )}
      </div>
      {error ? <p className="mt-1 text-sm text-red-700 dark:text-red-300">{error}</p> : null}
    </fieldset>
  );
}
