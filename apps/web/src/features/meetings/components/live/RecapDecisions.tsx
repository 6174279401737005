import type { MeetingRecap } from '@keel/contract';
import { Card } from '../../../../ui/Card';
import { useTerminology } from '../../../terminology/terminology.api';

function RecapList({ title, items, empty }: { title: string; items: readonly string[]; empty: string }) {
  return (
    <div>
      <h3 className="text-sm font-medium text-slate-700 dark:text-slate-300">{`${title} (${items.length})`}</h3>
      {items.length === 0 ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">{empty}</p>
      ) : (
        <ul className="list-disc pl-5 text-sm text-slate-900 dark:text-slate-50">
          {items.map((item, index) => (
            <li key={`${index}-${item}`}>{item}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * What the meeting decided, frozen when it ended: the to-dos it made, the issues it solved, what it told others,
 * and its notes (as text, their line breaks kept).
 */
export function RecapDecisions({ recap }: { recap: MeetingRecap }) {
  const terms = useTerminology();
  const completion = recap.todoCompletion;
  return (
    <Card>
      <h2 className="mb-2 text-lg font-semibold text-slate-900 dark:text-slate-50">Decided</h2>
      <div className="grid gap-3 sm:grid-cols-2">
        <RecapList
          title={`New ${terms.todos_label}`}
          items={recap.newTodos.map((todo) => `${todo.title} (${todo.ownerName}, due ${todo.dueDate})`)}
          empty={`No ${terms.todo_singular} was added.`}
        />
        <RecapList
          title={`${terms.issues_label} solved`}
          items={recap.solvedIssues.map((issue) => issue.title)}
          empty={`No ${terms.issue_singular} was solved.`}
        />
        <RecapList
          title="Messages to other teams"
          items={recap.cascadingMessages.map((message) => message.text)}
          empty="No message was sent."
        />
        <div>
          <h3 className="text-sm font-medium text-slate-700 dark:text-slate-300">{`${terms.todos_label} due this week`}</h3>
          <p className="text-sm text-slate-900 dark:text-slate-50">
            {completion
              ? `${completion.done} of ${completion.due} done (${Math.round((100 * completion.done) / completion.due)}%)`
              : 'None were due.'}
          </p>
        </div>
      </div>
      {recap.notes ? (
        <div className="mt-3">
          <h3 className="text-sm font-medium text-slate-700 dark:text-slate-300">Notes</h3>
          <p
            className="whitespace-pre-wrap wrap-anywhere text-sm text-slate-900 dark:text-slate-50"
            data-testid="recap-notes"
          >
            {recap.notes}
          </p>
        </div>
      ) : null}
    </Card>
  );
}
