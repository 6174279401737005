import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  SortableContext,
  arrayMove,
  sortableKeyboardCoordinates,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import type { Issue, IssueRank } from '@keel/contract';
import { IssueRow } from './IssueRow';

interface IssueListProps {
  issues: Issue[];
  label: string;
  readOnly: boolean;
  /** Open lists are ordered by hand; solved ones are not. */
  sortable: boolean;
  onOpen: (issue: Issue) => void;
  onRank: (issue: Issue, rank: IssueRank | null) => void;
  onVote: (issue: Issue) => void;
  onReorder: (ids: string[]) => void;
}

/** Drag with the mouse, or focus a handle and use Space, the arrow keys and Space again. */
export function IssueList({ issues, label, readOnly, sortable, onOpen, onRank, onVote, onReorder }: IssueListProps) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = issues.map((issue) => issue.id);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(String(active.id));
    const to = ids.indexOf(String(over.id));
    if (from < 0 || to < 0) return;
    onReorder(arrayMove(ids, from, to));
  };
  const titleOf = (id: string | number) => issues.find((issue) => issue.id === id)?.title ?? 'item';
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements: {
          onDragStart: ({ active }) => `Picked up ${titleOf(active.id)}.`,
          onDragOver: ({ active, over }) =>
            over ? `${titleOf(active.id)} is now at position ${ids.indexOf(String(over.id)) + 1}.` : undefined,
          onDragEnd: ({ active, over }) =>
            over ? `${titleOf(active.id)} dropped at position ${ids.indexOf(String(over.id)) + 1}.` : 'Dropped.',
          onDragCancel: ({ active }) => `Moving ${titleOf(active.id)} was cancelled.`,
        },
      }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <ul
          aria-label={label}
          className="rounded-lg border border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900"
        >
          {issues.map((issue) => (
            <IssueRow
              key={issue.id}
              issue={issue}
              readOnly={readOnly}
              sortable={sortable}
              onOpen={() => onOpen(issue)}
              onRank={(rank) => onRank(issue, rank)}
              onVote={() => onVote(issue)}
            />
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  );
}
