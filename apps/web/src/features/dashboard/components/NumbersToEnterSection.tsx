import { Link } from 'react-router';
import { periodRangeText } from '@keel/contract';
import { useSelectedDepartment } from '../../departments/departments.api';
import { useTerminology } from '../../terminology/terminology.api';
import { useMyNumbers } from '../../scorecard/measurables.api';
import { isTyped } from '../../scorecard/my-numbers-form';
import { TeamTag } from './ItemLink';
import { SectionCard, listClasses } from './SectionCard';

/** Where a team's numbers open ready to type: the scorecard with the person's own cells first. */
export const enterNumbersPath = (teamId: string) =>
  `/scorecard?${new URLSearchParams({ teamId, enter: 'mine' }).toString()}`;

/**
 * The person's numbers still missing for the current period, each linking to where they are typed.
 * Shown only when some are missing: an empty reminder is noise.
 */
export function NumbersToEnterSection() {
  const terms = useTerminology();
  const query = useMyNumbers();
  const { departments, selected, select } = useSelectedDepartment();
  // /scorecard shows the selected department: a number of another team selects that team first.
  const selectTeam = (teamId: string) => {
    const department = departments.find((candidate) => candidate.id === teamId);
    if (department && department.id !== selected?.id) select(department);
  };
  const missing = (query.data?.data ?? []).filter((number) => isTyped(number) && number.cell.value === null);
  if (missing.length === 0) return null;
  return (
    <SectionCard
      title="Numbers to enter"
      className="lg:col-span-2"
      loading={false}
      failed={false}
      total={missing.length}
      viewAll={{ to: '/scorecard', label: `Open the ${terms.scorecard_label}` }}
      isEmpty={false}
      empty={null}
    >
      <ul className={listClasses} aria-label="My missing numbers">
        {missing.map((number) => (
          <li key={`${number.measurable.id}:${number.periodStart}`} className="grid gap-0.5 py-2">
            <Link
              to={enterNumbersPath(number.measurable.teamId)}
              onClick={() => selectTeam(number.measurable.teamId)}
              className="font-medium text-slate-900 underline-offset-2 hover:underline dark:text-white"
            >
              {number.measurable.title}
            </Link>
            <p className="flex flex-wrap gap-x-3 text-xs text-slate-600 dark:text-slate-400">
              <span>{periodRangeText({ start: number.periodStart, end: number.periodEnd })}</span>
              <TeamTag name={number.teamName} />
            </p>
          </li>
        ))}
      </ul>
    </SectionCard>
  );
}
