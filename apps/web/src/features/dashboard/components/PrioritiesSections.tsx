import type { DashboardMilestone, DashboardPriority, PriorityStatus } from '@keel/contract';
import { Link } from 'react-router';
import { cx } from '../../../ui/cx';
import { useTerminology } from '../../terminology/terminology.api';
import { formatDueDate } from '../../todos/todo-dates';
import { useDashboardSection } from '../dashboard.api';
import { ItemLink, TeamTag } from './ItemLink';
import { SectionCard, listClasses } from './SectionCard';

const STATUS: Record<PriorityStatus, { text: string; classes: string }> = {
  on_track: {
    text: 'On track',
    classes: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-100',
  },
  off_track: { text: 'Off track', classes: 'bg-red-100 text-red-900 dark:bg-red-900/40 dark:text-red-100' },
  complete: { text: 'Complete', classes: 'bg-blue-100 text-blue-900 dark:bg-blue-900/40 dark:text-blue-100' },
  not_complete: { text: 'Not complete', classes: 'bg-slate-200 text-slate-900 dark:bg-slate-700 dark:text-slate-100' },
};

function PriorityItem({ priority, milestonesLabel }: { priority: DashboardPriority; milestonesLabel: string }) {
  const status = STATUS[priority.status];
  return (
    <li className="grid gap-1 py-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <ItemLink kind="priority" teamId={priority.team.id}>
          {priority.title}
        </ItemLink>
        {/* Colour is never the only signal: the status is in words too. */}
        <span className={cx('rounded-full px-2 py-0.5 text-xs font-medium', status.classes)}>{status.text}</span>
      </div>
      <div className="flex items-center gap-2">
        <div
          role="progressbar"
          aria-label={`Progress of ${priority.title}`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={priority.progress}
          className="h-2 flex-1 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
        >
          <div
            className="h-full rounded-full bg-blue-700 dark:bg-blue-400"
            style={{ width: `${priority.progress}%` }}
          />
        </div>
        <span className="w-10 text-right text-xs tabular-nums text-slate-700 dark:text-slate-300">
          {priority.progress}%
        </span>
      </div>
      <p className="flex flex-wrap gap-x-3 text-xs text-slate-600 dark:text-slate-400">
        <span>Due {formatDueDate(priority.dueDate)}</span>
        {priority.milestoneCount > 0 ? (
          <span>
            {priority.milestonesDone}/{priority.milestoneCount} {milestonesLabel}
          </span>
        ) : null}
        <TeamTag name={priority.team.name} />
      </p>
    </li>
  );
}

function MilestoneItem({ milestone }: { milestone: DashboardMilestone }) {
  return (
    <li className="grid gap-0.5 py-2">
      <ItemLink kind="priority" teamId={milestone.team.id}>
        {milestone.title}
      </ItemLink>
      <p className="flex flex-wrap gap-x-3 text-xs text-slate-600 dark:text-slate-400">
        <span>{milestone.dueDate ? `Due ${formatDueDate(milestone.dueDate)}` : 'No due date'}</span>
        <span>{milestone.priority.title}</span>
        <TeamTag name={milestone.team.name} />
      </p>
    </li>
  );
}

const createLink = (label: string) => (
  <Link to="/quarterly-priorities" className="text-blue-700 underline dark:text-blue-300">
    {label}
  </Link>
);

/** The person's open priorities of this quarter, and their open milestones (one query: both are 'priority'). */
export function PrioritiesSections() {
  const terms = useTerminology();
  const query = useDashboardSection('priorities');
  const priorities = query.data?.priorities;
  const milestones = query.data?.milestones;
  const quarter = query.data?.quarter;
  const shared = { loading: query.isPending, failed: query.isError };
  return (
    <>
      <SectionCard
        {...shared}
        title={`My ${terms.priorities_label}`}
        total={priorities?.total}
        shown={priorities?.items.length}
        viewAll={{ to: '/quarterly-priorities', label: `All ${terms.priorities_label}` }}
        isEmpty={(priorities?.items.length ?? 0) === 0}
        empty={
          <>
            No open {terms.priorities_label} of yours
            {quarter ? ` in ${terms.quarter_label} ${quarter.quarter} of ${quarter.year}` : ''}.{' '}
            {createLink(`New ${terms.priority_singular}`)}
          </>
        }
      >
        <ul className={listClasses}>
          {priorities?.items.map((priority) => (
            <PriorityItem key={priority.id} priority={priority} milestonesLabel={terms.milestones_label} />
          ))}
        </ul>
      </SectionCard>
      <SectionCard
        {...shared}
        title={`My ${terms.milestones_label}`}
        total={milestones?.total}
        shown={milestones?.items.length}
        viewAll={{ to: '/quarterly-priorities', label: `All ${terms.priorities_label}` }}
        isEmpty={(milestones?.items.length ?? 0) === 0}
        empty={
          <>
            No open {terms.milestones_label} of yours. {createLink(`Plan them on your ${terms.priorities_label}`)}
          </>
        }
      >
        <ul className={listClasses}>
          {milestones?.items.map((milestone) => (
            <MilestoneItem key={milestone.id} milestone={milestone} />
          ))}
        </ul>
      </SectionCard>
    </>
  );
}
