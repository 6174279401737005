import type { AuditEvent } from '@keel/contract';
import { actionLabel } from '../action-labels';

/** The target and the summary as "key: value" text; values are shown as text, never as markup. */
function details(event: AuditEvent): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(event.summary ?? {})) {
    parts.push(`${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`);
  }
  if (parts.length === 0 && event.targetType)
    parts.push(`${event.targetType}${event.targetId ? ` ${event.targetId}` : ''}`);
  return parts.join(' · ');
}

const when = (at: string) => new Date(at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** One row per audit event: when, who, what, where from. */
export function ActivityTable({ events, teamLabel }: { events: AuditEvent[]; teamLabel: string }) {
  return (
    <div
      tabIndex={0}
      role="region"
      aria-label="Activity"
      className="overflow-x-auto rounded-md border border-slate-200 dark:border-slate-700"
    >
      <table className="min-w-full text-left text-sm">
        <caption className="sr-only">User activity, newest first</caption>
        <thead className="bg-slate-50 dark:bg-slate-800">
          <tr>
            {['When', 'Person', 'Action', 'Details', 'IP address'].map((heading) => (
              <th key={heading} scope="col" className="px-3 py-2 font-semibold">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {events.map((event) => (
            <tr key={event.id} className="border-t border-slate-200 align-top dark:border-slate-700">
              <td className="whitespace-nowrap px-3 py-2">
                <time dateTime={event.at}>{when(event.at)}</time>
              </td>
              <td className="px-3 py-2">
                {event.actor ? (
                  <>
                    <span className="block font-medium">{event.actor.name || event.actor.email}</span>
                    <span className="block text-slate-600 dark:text-slate-400">{event.actor.email}</span>
                  </>
                ) : (
                  <span className="text-slate-600 dark:text-slate-400">System</span>
                )}
              </td>
              <td className="px-3 py-2">
                <span className="block">{actionLabel(event.action, teamLabel)}</span>
                <code className="text-xs text-slate-600 dark:text-slate-400">{event.action}</code>
              </td>
              <td className="max-w-sm break-words px-3 py-2">{details(event)}</td>
              <td className="whitespace-nowrap px-3 py-2">{event.ipAddress ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
