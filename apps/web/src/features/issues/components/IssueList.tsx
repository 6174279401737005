import type { Issue, IssueRank } from '@keel/contract';
import { LIST_CARD_CLASSES } from '../../../ui/ListPage';
import { SortableList } from '../../../ui/SortableList';
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
  return (
    <SortableList
      ids={issues.map((issue) => issue.id)}
      onReorder={onReorder}
      nameOf={(id) => issues.find((issue) => issue.id === id)?.title ?? 'item'}
    >
      <ul aria-label={label} className={LIST_CARD_CLASSES}>
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
    </SortableList>
  );
}
