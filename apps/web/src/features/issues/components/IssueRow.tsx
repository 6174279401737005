import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import GripVertical from 'lucide-react/icons/grip-vertical';
import ThumbsUp from 'lucide-react/icons/thumbs-up';
import type { Issue, IssueRank } from '@keel/contract';
import { cx } from '../../../ui/cx';
import { countOf } from '../../../lib/words';

interface IssueRowProps {
  issue: Issue;
  readOnly: boolean;
  /** Open issues can be dragged and ranked; solved ones only opened. */
  sortable: boolean;
  onOpen: () => void;
  onRank: (rank: IssueRank | null) => void;
  onVote: () => void;
}

const RANKS: IssueRank[] = [1, 2, 3];

export function IssueRow({ issue, readOnly, sortable, onOpen, onRank, onVote }: IssueRowProps) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: issue.id,
    disabled: !sortable || readOnly,
  });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={cx(
        'flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-slate-200 px-3 py-2 last:border-b-0 dark:border-slate-700',
        isDragging && 'relative z-10 bg-slate-50 shadow dark:bg-slate-800',
      )}
    >
      {sortable && !readOnly ? (
        <button
          type="button"
          className="cursor-grab rounded p-1 text-slate-500 pointer-coarse:p-3.5 hover:bg-slate-100 focus-visible:outline-2 dark:hover:bg-slate-800"
          aria-label={`Reorder ${issue.title}`}
          {...attributes}
          {...listeners}
        >
          <GripVertical className="size-4" aria-hidden />
        </button>
      ) : null}
      {issue.priorityRank ? (
        <span
          className="inline-flex size-6 items-center justify-center rounded-full bg-amber-500 text-xs font-bold text-white"
          aria-label={`Top ${issue.priorityRank}`}
          title={`Top ${issue.priorityRank}`}
        >
          {issue.priorityRank}
        </span>
      ) : null}
      <button
        type="button"
        onClick={onOpen}
        className="min-w-0 flex-1 basis-40 text-left font-medium wrap-anywhere pointer-coarse:min-h-11 text-slate-900 hover:underline dark:text-white"
      >
        {issue.title}
      </button>
      <span className="text-sm text-slate-600 dark:text-slate-300">{issue.owner?.name ?? 'No owner'}</span>
      {issue.commentCount > 0 ? (
        <span className="text-xs text-slate-500" aria-label={countOf(issue.commentCount, 'comment', 'comments')}>
          💬 {issue.commentCount}
        </span>
      ) : null}
      {sortable && !readOnly ? (
        <div role="group" aria-label={`Top-3 rank for ${issue.title}`} className="flex gap-1">
          {RANKS.map((rank) => (
            <button
              key={rank}
              type="button"
              aria-pressed={issue.priorityRank === rank}
              aria-label={`Rank ${issue.title} number ${rank}`}
              onClick={() => onRank(issue.priorityRank === rank ? null : rank)}
              className={cx(
                'size-7 rounded border text-xs font-semibold pointer-coarse:size-11',
                issue.priorityRank === rank
                  ? 'border-amber-600 bg-amber-500 text-white'
                  : 'border-slate-300 text-slate-700 hover:bg-slate-100 dark:border-slate-600 dark:text-slate-200',
              )}
            >
              {rank}
            </button>
          ))}
        </div>
      ) : null}
      <button
        type="button"
        disabled={readOnly}
        aria-pressed={issue.votedByMe}
        aria-label={`${issue.votedByMe ? 'Remove my vote for' : 'Vote for'} ${issue.title} (${countOf(issue.votes, 'vote', 'votes')})`}
        onClick={onVote}
        className={cx(
          'inline-flex items-center gap-1 rounded border px-2 py-1 text-sm pointer-coarse:min-h-11 pointer-coarse:min-w-11',
          issue.votedByMe
            ? 'border-blue-600 bg-blue-50 text-blue-800 dark:bg-blue-950 dark:text-blue-200'
            : 'border-slate-300 text-slate-700 dark:border-slate-600 dark:text-slate-200',
        )}
      >
        <ThumbsUp className="size-3.5" aria-hidden />
        {issue.votes}
      </button>
    </li>
  );
}
