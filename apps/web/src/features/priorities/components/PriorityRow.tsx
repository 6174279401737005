import type { ReactNode } from 'react';
import type { Priority, Terminology } from '@keel/contract';
import { formatDate, quarterName } from '../priority-format';
import { ProgressBar, StatusPill } from './StatusPill';

interface PriorityRowProps {
  priority: Priority;
  terms: Terminology;
  showQuarter: boolean;
  onOpen: () => void;
  /** The annual goal it serves, where the page knows the year's goals. */
  goalTitle?: string | undefined;
  /** Controls drawn under the row (the live meeting's status buttons), across its whole width. */
  actions?: ReactNode;
}

export function PriorityRow({ priority, terms, showQuarter, onOpen, goalTitle, actions }: PriorityRowProps) {
  return (
    <li className="grid grid-cols-1 items-center gap-2 border-b border-slate-200 px-3 py-2 last:border-b-0 md:grid-cols-[1fr_auto_auto_auto_auto] md:gap-4 dark:border-slate-700">
      <div className="min-w-0">
        <button
          type="button"
          onClick={onOpen}
          className="block max-w-full text-left font-medium wrap-anywhere text-slate-900 pointer-coarse:min-h-11 hover:underline dark:text-white"
        >
          {priority.title}
        </button>
        <p className="text-xs text-slate-600 dark:text-slate-400">
          {priority.owner.name}
          {showQuarter ? ` · ${quarterName(terms.quarter_label, priority)}` : ''}
          {priority.archivedAt ? ' · Archived' : ''}
          {goalTitle ? ` · Serves “${goalTitle}”` : ''}
        </p>
      </div>
      <StatusPill status={priority.status} />
      <ProgressBar value={priority.progress} label={`Progress of ${priority.title}`} />
      {priority.milestoneCount > 0 ? (
        <span className="text-xs text-slate-700 dark:text-slate-300">
          {priority.milestonesDone}/{priority.milestoneCount} {terms.milestones_label}
        </span>
      ) : null}
      <span className="text-xs whitespace-nowrap text-slate-700 dark:text-slate-300">
        Due <time dateTime={priority.dueDate}>{formatDate(priority.dueDate)}</time>
      </span>
      {actions ? <div className="md:col-span-full">{actions}</div> : null}
    </li>
  );
}
