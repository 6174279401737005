import { useId, useState, type ReactNode } from 'react';
import type { AccountabilityPerson, Terminology } from '@keel/contract';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { cx } from '../../../ui/cx';
import { PersonSeatHistoryDialog } from '../../org-chart/components/PersonSeatHistoryDialog';
import { StatusPill } from '../../priorities/components/StatusPill';
import { dueState, formatDueDate } from '../../todos/todo-dates';

const listClasses = 'grid gap-1.5 text-sm';
const noteClasses = 'text-sm text-slate-600 dark:text-slate-400';

interface PartProps {
  title: string;
  /** How many there are in all (the list may show fewer). */
  total: number;
  shown: number;
  /** Said when there is none. */
  none: string;
  children: ReactNode;
}

/** One kind of object a person owns: a heading with the count, the list, and how many are left out. */
function Part({ title, total, shown, none, children }: PartProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="grid content-start gap-1.5">
      <h3 id={headingId} className="text-sm font-semibold text-slate-900 dark:text-white">
        {title}
        {/* The space keeps the count a word of its own in the heading's name ("Issues 3", not "Issues3"). */}{' '}
        <span className="ml-1 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-200">
          {total}
        </span>
      </h3>
      {total === 0 ? <p className={noteClasses}>{none}</p> : children}
      {total > shown ? (
        <p className="text-xs text-slate-600 dark:text-slate-400">
          Showing {shown} of {total}.
        </p>
      ) : null}
    </section>
  );
}

const Secondary = ({ children }: { children: ReactNode }) => (
  <span className="text-xs text-slate-600 dark:text-slate-400">{children}</span>
);

interface PersonCardProps {
  card: AccountabilityPerson;
  terms: Terminology;
  /** The reader's today, for "overdue". */
  today: string;
}

/** What one person owns: their seats and roles, priorities, measurables, open to-dos and open issues. */
export function PersonCard({ card, terms, today }: PersonCardProps) {
  const headingId = useId();
  const { seats, priorities, measurables, openTodos, openIssues } = card;
  const [historyOpen, setHistoryOpen] = useState(false);
  return (
    <article aria-labelledby={headingId}>
      <Card className="grid min-w-0 gap-4 p-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id={headingId} className="min-w-0 text-lg font-semibold break-words text-slate-900 dark:text-white">
            {card.person.name}
          </h2>
          <Button
            variant="secondary"
            size="sm"
            aria-label={`Seat history of ${card.person.name}`}
            onClick={() => setHistoryOpen(true)}
          >
            Seat history
          </Button>
        </div>
        <div className="grid gap-4 md:grid-cols-2">
          <Part
            title={`Seats on the ${terms.accountability_chart_label}`}
            total={seats.length}
            shown={seats.length}
            none={`No seat on the published ${terms.accountability_chart_label}.`}
          >
            <ul className={listClasses}>
              {seats.map((seat) => (
                <li key={seat.seatId} className="min-w-0 break-words">
                  <span className="font-medium text-slate-900 dark:text-white">{seat.title}</span>
                  {seat.roles.length > 0 ? (
                    <ul className="mt-0.5 list-disc pl-5 text-slate-700 dark:text-slate-300">
                      {seat.roles.map((role, index) => (
                        <li key={index}>{role}</li>
                      ))}
                    </ul>
                  ) : null}
                </li>
              ))}
            </ul>
          </Part>
          <Part
            title={terms.priorities_label}
            total={card.prioritiesTotal}
            shown={priorities.length}
            none={`None this ${terms.quarter_label}.`}
          >
            <ul className={listClasses}>
              {priorities.map((priority) => (
                <li key={priority.id} className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-0.5 break-words">
                  <span className="min-w-0 text-slate-900 dark:text-white">{priority.title}</span>
                  <StatusPill status={priority.status} />
                  <Secondary>{priority.teamName}</Secondary>
                </li>
              ))}
            </ul>
          </Part>
          <Part title={terms.scorecard_label} total={card.measurablesTotal} shown={measurables.length} none="None.">
            <ul className={listClasses}>
              {measurables.map((measurable) => (
                <li key={measurable.id} className="flex min-w-0 flex-wrap items-baseline gap-x-2 break-words">
                  <span className="min-w-0 text-slate-900 dark:text-white">{measurable.title}</span>
                  <Secondary>{measurable.teamName}</Secondary>
                </li>
              ))}
            </ul>
          </Part>
          <Part
            title={`Open ${terms.todos_label}`}
            total={openTodos.count}
            shown={openTodos.items.length}
            none="None open."
          >
            <ul className={listClasses}>
              {openTodos.items.map((todo) => {
                const state = dueState(todo.dueDate, today);
                return (
                  <li key={todo.id} className="flex min-w-0 flex-wrap items-baseline gap-x-2 break-words">
                    <span className="min-w-0 text-slate-900 dark:text-white">{todo.title}</span>
                    <span
                      className={cx(
                        'text-xs',
                        state === 'overdue'
                          ? 'font-semibold text-red-700 dark:text-red-300'
                          : 'text-slate-600 dark:text-slate-400',
                      )}
                    >
                      {state === 'overdue' ? 'Overdue · ' : state === 'today' ? 'Due today · ' : 'Due '}
                      {formatDueDate(todo.dueDate)}
                    </span>
                  </li>
                );
              })}
            </ul>
          </Part>
          <Part
            title={`Open ${terms.issues_label}`}
            total={openIssues.count}
            shown={openIssues.items.length}
            none="None open."
          >
            <ul className={listClasses}>
              {openIssues.items.map((issue) => (
                <li key={issue.id} className="min-w-0 break-words text-slate-900 dark:text-white">
                  {issue.title}
                </li>
              ))}
            </ul>
          </Part>
        </div>
      </Card>
      {historyOpen ? (
        <PersonSeatHistoryDialog
          person={card.person}
          chartLabel={terms.accountability_chart_label}
          onClose={() => setHistoryOpen(false)}
        />
      ) : null}
    </article>
  );
}
