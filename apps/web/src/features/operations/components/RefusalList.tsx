import type { TenantRefusal } from '@keel/contract';
import { EmptyNote, LIST_CARD_CLASSES } from '../../../ui/ListPage';
import { REFUSAL_DIRECTION_WORDS } from '../words';
import { RelativeTime } from './RelativeTime';
import { useWideEnoughForTable } from './time-hooks';

/** The requests refused for naming another organization: a table, or one card each on a narrow screen. */
export function RefusalList({ refusals, now }: { refusals: TenantRefusal[]; now: number }) {
  const wide = useWideEnoughForTable();
  if (refusals.length === 0)
    return <EmptyNote>No request has named another organization since the server last started.</EmptyNote>;
  if (!wide)
    return (
      <ul
        aria-label="Refused requests"
        className={`${LIST_CARD_CLASSES} divide-y divide-slate-200 dark:divide-slate-700`}
      >
        {refusals.map((refusal, index) => (
          <li key={`${refusal.at}-${index}`} className="grid gap-1 p-3 text-sm">
            <p className="font-medium text-slate-900 dark:text-white">{REFUSAL_DIRECTION_WORDS[refusal.direction]}</p>
            <p className="font-mono text-xs break-all text-slate-700 dark:text-slate-300">
              {refusal.method} {refusal.route}
            </p>
            <p className="text-xs text-slate-600 dark:text-slate-400">
              <RelativeTime at={refusal.at} now={now} />
            </p>
          </li>
        ))}
      </ul>
    );
  return (
    <div tabIndex={0} role="region" aria-label="Refused requests" className={`${LIST_CARD_CLASSES} overflow-x-auto`}>
      <table className="min-w-full text-left text-sm">
        <caption className="sr-only">Refused requests, newest first</caption>
        <thead className="bg-slate-50 dark:bg-slate-800">
          <tr>
            {['When', 'Method', 'Route', 'Direction'].map((heading) => (
              <th key={heading} scope="col" className="px-3 py-2 font-semibold">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {refusals.map((refusal, index) => (
            <tr key={`${refusal.at}-${index}`} className="border-t border-slate-200 align-top dark:border-slate-700">
              <td className="px-3 py-2 whitespace-nowrap">
                <RelativeTime at={refusal.at} now={now} />
              </td>
              <td className="px-3 py-2 font-mono text-xs">{refusal.method}</td>
              <td className="px-3 py-2 font-mono text-xs break-all">{refusal.route}</td>
              <td className="px-3 py-2">{REFUSAL_DIRECTION_WORDS[refusal.direction]}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
