import type { FailedOperation } from '@keel/contract';
import { countOf } from '../../../lib/words';
import { LIST_CARD_CLASSES } from '../../../ui/ListPage';
import { jobKindLabel } from '../words';
import { RelativeTime } from './RelativeTime';
import { StatusBadge } from './StatusBadge';
import { useWideEnoughForTable } from './time-hooks';

interface FailedOperationsListProps {
  operations: FailedOperation[];
  selected: ReadonlySet<string>;
  onSelect: (id: string, selected: boolean) => void;
  now: number;
}

const Status = ({ status }: { status: FailedOperation['status'] }) =>
  status === 'retrying' ? (
    <StatusBadge tone="neutral">Retrying</StatusBadge>
  ) : (
    <StatusBadge tone="bad">Failed</StatusBadge>
  );

/** A row's checkbox; on a touch screen its label grows to a 44 px tap target around the box. */
const SelectRow = ({
  operation,
  selected,
  onSelect,
}: { operation: FailedOperation } & Pick<FailedOperationsListProps, 'selected' | 'onSelect'>) => (
  <label className="flex shrink-0 items-start pointer-coarse:size-11 pointer-coarse:items-center pointer-coarse:justify-center">
    <input
      type="checkbox"
      checked={selected.has(operation.id)}
      onChange={(event) => onSelect(operation.id, event.target.checked)}
      className="mt-0.5 size-4 accent-blue-700 pointer-coarse:mt-0 dark:accent-blue-400"
    />
    <span className="sr-only">Select {operation.description}</span>
  </label>
);

const ERROR_CLASSES = 'font-mono text-xs break-words whitespace-pre-wrap text-slate-700 dark:text-slate-300';

/** The failed operations as a table, or as one card each on a narrow screen. */
export function FailedOperationsList({ operations, selected, onSelect, now }: FailedOperationsListProps) {
  const wide = useWideEnoughForTable();
  if (!wide)
    return (
      <ul
        aria-label="Failed operations"
        className={`${LIST_CARD_CLASSES} divide-y divide-slate-200 dark:divide-slate-700`}
      >
        {operations.map((operation) => (
          <li key={operation.id} className="flex gap-2 p-3">
            <SelectRow operation={operation} selected={selected} onSelect={onSelect} />
            <div className="grid min-w-0 flex-1 gap-1">
              <p className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-semibold text-slate-900 dark:text-white">{jobKindLabel(operation.kind)}</span>
                <Status status={operation.status} />
              </p>
              <p className="text-sm break-words text-slate-800 dark:text-slate-200">{operation.description}</p>
              <p className="text-xs text-slate-600 dark:text-slate-400">
                Failed <RelativeTime at={operation.failedAt} now={now} /> ·{' '}
                <span>{countOf(operation.attempts, 'attempt', 'attempts')}</span>
              </p>
              <p className={ERROR_CLASSES}>{operation.lastError}</p>
            </div>
          </li>
        ))}
      </ul>
    );
  return (
    <div tabIndex={0} role="region" aria-label="Failed operations" className={`${LIST_CARD_CLASSES} overflow-x-auto`}>
      <table className="min-w-full text-left text-sm">
        <caption className="sr-only">Failed operations, newest first</caption>
        <thead className="bg-slate-50 dark:bg-slate-800">
          <tr>
            <th scope="col" className="w-10 px-3 py-2">
              <span className="sr-only">Selected</span>
            </th>
            {['Kind', 'What it was for', 'Attempts', 'Last error', 'When', 'Status'].map((heading) => (
              <th key={heading} scope="col" className="px-3 py-2 font-semibold whitespace-nowrap">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {operations.map((operation) => (
            <tr key={operation.id} className="border-t border-slate-200 align-top dark:border-slate-700">
              <td className="px-3 py-2">
                <SelectRow operation={operation} selected={selected} onSelect={onSelect} />
              </td>
              <td className="px-3 py-2 whitespace-nowrap">{jobKindLabel(operation.kind)}</td>
              <td className="max-w-xs px-3 py-2 break-words">{operation.description}</td>
              <td className="px-3 py-2 text-right tabular-nums">{operation.attempts.toLocaleString('en-US')}</td>
              <td className="max-w-sm px-3 py-2">
                <span className={ERROR_CLASSES}>{operation.lastError}</span>
              </td>
              <td className="px-3 py-2 whitespace-nowrap">
                <RelativeTime at={operation.failedAt} now={now} />
              </td>
              <td className="px-3 py-2">
                <Status status={operation.status} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
