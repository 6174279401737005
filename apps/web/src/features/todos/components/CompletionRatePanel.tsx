import { Spinner } from '../../../ui/Spinner';
import { formatDueDate } from '../todo-dates';
import { useCompletionRate } from '../todos.api';

const percent = (rate: number | null) => (rate === null ? 'None due' : `${rate}%`);

/** This week's completion rate: due this week and done by the due date, over due this week. */
export function CompletionRatePanel({
  teamId,
  weekStart,
  plural,
}: {
  teamId: string;
  weekStart: string;
  plural: string;
}) {
  const query = useCompletionRate(teamId, weekStart);
  return (
    <section
      aria-labelledby="completion-title"
      className="rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900"
    >
      <h2 id="completion-title" className="text-base font-semibold text-slate-900 dark:text-white">
        Completion rate this week
      </h2>
      {query.isPending ? (
        <Spinner label="Loading the completion rate" />
      ) : query.isError || !query.data ? (
        <p className="text-sm text-red-700 dark:text-red-300">The completion rate could not be loaded.</p>
      ) : (
        <>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            {plural} due {formatDueDate(query.data.weekStart)} – {formatDueDate(query.data.weekEnd)}, done by their due
            date.
          </p>
          <p className="mt-2 text-2xl font-bold text-slate-900 dark:text-white">
            Team: {percent(query.data.team.rate)}{' '}
            <span className="text-sm font-normal text-slate-600 dark:text-slate-300">
              ({query.data.team.doneOnTime} of {query.data.team.due})
            </span>
          </p>
          {query.data.people.length > 0 ? (
            <ul className="mt-2 grid gap-1 text-sm" aria-label="Completion rate per person">
              {query.data.people.map((person) => (
                <li key={person.owner.id} className="flex justify-between gap-3">
                  <span>{person.owner.name}</span>
                  <span className="font-medium">
                    {percent(person.rate)} ({person.doneOnTime} of {person.due})
                  </span>
                </li>
              ))}
            </ul>
          ) : null}
        </>
      )}
    </section>
  );
}
