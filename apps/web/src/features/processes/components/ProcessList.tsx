import { Link } from 'react-router';
import type { ProcessSummary } from '@keel/contract';
import { LIST_CARD_CLASSES } from '../../../ui/ListPage';
import { STATUS_NAMES } from './process-words';

interface ProcessListProps {
  processes: ProcessSummary[];
  label: string;
  /** The address that opens one process (the same page, with ?process=). */
  hrefOf: (process: ProcessSummary) => string;
}

/** The processes of the chosen tab, each with its team, owner, steps and how many follow it. */
export function ProcessList({ processes, label, hrefOf }: ProcessListProps) {
  return (
    <ul aria-label={label} className={`${LIST_CARD_CLASSES} divide-y divide-slate-200 dark:divide-slate-700`}>
      {processes.map((process) => (
        <li key={process.id} className="grid gap-1 p-3 sm:flex sm:items-center sm:justify-between sm:gap-4">
          <div className="min-w-0">
            <Link
              to={hrefOf(process)}
              className="font-medium break-words text-blue-800 underline-offset-2 hover:underline dark:text-blue-300"
            >
              {process.title}
            </Link>
            <p className="text-sm text-slate-600 dark:text-slate-300">
              {process.team.name} · {process.owner?.name ?? 'No owner'} · {process.stepCount}{' '}
              {process.stepCount === 1 ? 'step' : 'steps'}
            </p>
          </div>
          <p className="shrink-0 text-sm text-slate-700 dark:text-slate-300">
            {process.status === 'published' && process.following.percent !== null
              ? `${process.following.percent}% follow it`
              : STATUS_NAMES[process.status]}
          </p>
        </li>
      ))}
    </ul>
  );
}
