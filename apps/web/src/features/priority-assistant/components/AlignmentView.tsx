import toast from 'react-hot-toast';
import type { Terminology } from '@keel/contract';
import { errorText } from '../../../lib/api-client';
import { Button } from '../../../ui/Button';
import { EmptyNote, ListStates } from '../../../ui/ListPage';
import { useAlignment, useLinkPriorityToGoal } from '../priority-assistant.api';
import { engineText } from '../assistant-words';

/** Which annual goal each of the team's priorities serves, what serves nothing, and the links to make. */
export function AlignmentView({ teamId, terms }: { teamId: string; terms: Terminology }) {
  const alignment = useAlignment(teamId, null);
  const link = useLinkPriorityToGoal();
  const data = alignment.data;
  const goal = terms.annual_goals_label;
  return (
    <section aria-labelledby="alignment-title" className="grid gap-3">
      <h2 id="alignment-title" className="text-lg font-semibold text-slate-900 dark:text-white">
        Alignment{data ? ` · ${terms.quarter_label} ${data.quarter} ${data.year}` : ''}
      </h2>
      <ListStates
        query={alignment}
        loadingLabel="Checking alignment"
        errorFallback="The alignment could not be checked."
        isEmpty={(data?.priorities.length ?? 0) === 0 && (data?.goalsWithoutPriorities.length ?? 0) === 0}
        empty={
          <EmptyNote>
            No {terms.priorities_label} and no {terms.annual_goals_label} for this quarter yet.
          </EmptyNote>
        }
      >
        {data ? (
          <>
            <ul aria-label={`${terms.priorities_label} and what they serve`} className="grid gap-2">
              {data.priorities.map((priority) => (
                <li
                  key={priority.priorityId}
                  className="grid gap-1 rounded-lg border border-slate-200 bg-white p-3 text-sm dark:border-slate-700 dark:bg-slate-900"
                >
                  <span className="font-semibold wrap-anywhere text-slate-900 dark:text-white">{priority.title}</span>
                  {priority.servesGoal ? (
                    <span className="text-green-800 dark:text-green-300">Serves “{priority.servesGoal.title}”</span>
                  ) : (
                    <span className="text-amber-900 dark:text-amber-200">Linked to none of the {goal} yet.</span>
                  )}
                  {priority.relatedCompanyPriorities.length > 0 ? (
                    <span className="text-slate-700 dark:text-slate-300">
                      Close to: {priority.relatedCompanyPriorities.map((related) => `“${related.title}”`).join(', ')}
                    </span>
                  ) : null}
                  {priority.suggestion ? (
                    <span className="flex flex-wrap items-center gap-2 text-slate-700 dark:text-slate-300">
                      <span>
                        Probably serves “{priority.suggestion.goal.title}”: {priority.suggestion.reason}
                      </span>
                      <Button
                        size="sm"
                        variant="secondary"
                        loading={link.isPending && link.variables?.priorityId === priority.priorityId}
                        onClick={() =>
                          link.mutate(
                            { priorityId: priority.priorityId, goalId: priority.suggestion!.goal.id },
                            {
                              onSuccess: () => toast.success(`Linked to “${priority.suggestion!.goal.title}”`),
                              onError: (error) => toast.error(errorText(error, 'The link could not be saved.')),
                            },
                          )
                        }
                      >
                        Link to “{priority.suggestion.goal.title}”
                      </Button>
                    </span>
                  ) : null}
                </li>
              ))}
            </ul>
            {data.goalsWithoutPriorities.length > 0 ? (
              <div className="grid gap-1 text-sm">
                <p className="font-semibold text-slate-900 dark:text-white">
                  {terms.annual_goals_label} with nothing behind them this quarter
                </p>
                <ul
                  aria-label={`${terms.annual_goals_label} with nothing behind them`}
                  className="list-disc pl-5 text-slate-700 dark:text-slate-300"
                >
                  {data.goalsWithoutPriorities.map((without) => (
                    <li key={without.id}>{without.title}</li>
                  ))}
                </ul>
              </div>
            ) : null}
            <p className="text-xs text-slate-600 dark:text-slate-400">{engineText(data.engine)}</p>
          </>
        ) : null}
      </ListStates>
    </section>
  );
}
