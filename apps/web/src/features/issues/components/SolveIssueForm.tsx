import { useState, type FormEvent } from 'react';
import {
  ISSUE_RESOLUTION_MAX,
  ISSUE_SOLVE_TODOS_MAX,
  TODO_DEFAULT_DUE_DAYS,
  addDays,
  type Issue,
  type OrganizationPerson,
} from '@keel/contract';
import toast from 'react-hot-toast';
import { errorText } from '../../../lib/api-client';
import { Banner } from '../../../ui/Banner';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/Field';
import { DateField, TextAreaField } from '../../../ui/FormFields';
import { OwnerPicker } from '../../todos/components/OwnerPicker';
import { localToday } from '../../todos/todo-dates';
import { isConflict, useSolveIssue } from '../issues.api';

interface TodoDraft {
  key: number;
  title: string;
  ownerIds: string[];
  dueDate: string;
}

interface SolveIssueFormProps {
  issue: Issue;
  people: OrganizationPerson[];
  currentUserId: string;
  terms: { issue_singular: string; todos_label: string; todo_singular: string; problem_solving_process: string };
  onSolved: () => void;
  onConflict: () => void;
}

/** A resolution and the to-dos it calls for; the server solves and creates them all or nothing. */
export function SolveIssueForm({ issue, people, currentUserId, terms, onSolved, onConflict }: SolveIssueFormProps) {
  const [resolution, setResolution] = useState('');
  const [drafts, setDrafts] = useState<TodoDraft[]>([]);
  const [problem, setProblem] = useState<string>();
  const solve = useSolveIssue();
  const todoSingular = terms.todo_singular.toLowerCase();

  const addRow = () =>
    setDrafts((current) => [
      ...current,
      {
        key: Date.now() + current.length,
        title: '',
        ownerIds: [issue.ownerId ?? currentUserId],
        dueDate: addDays(localToday(), TODO_DEFAULT_DUE_DAYS),
      },
    ]);
  const change = (key: number, patch: Partial<TodoDraft>) =>
    setDrafts((current) => current.map((draft) => (draft.key === key ? { ...draft, ...patch } : draft)));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const incomplete = drafts.findIndex((draft) => !draft.title.trim() || draft.ownerIds.length === 0);
    if (incomplete >= 0) {
      setProblem(`Give ${todoSingular} ${incomplete + 1} a title and at least one owner.`);
      return;
    }
    setProblem(undefined);
    // mutateAsync, not mutate's callbacks: the refetch after the solve drops the issue from the open
    // list and unmounts this form first, and mutate's callbacks never run for an unmounted form.
    void solve
      .mutateAsync({
        id: issue.id,
        version: issue.version,
        resolution,
        todos: drafts.map((draft) => ({ title: draft.title.trim(), ownerIds: draft.ownerIds, dueDate: draft.dueDate })),
      })
      .then(
        () => {
          toast.success(
            drafts.length > 0
              ? `${terms.issue_singular} solved; ${drafts.length} ${terms.todos_label.toLowerCase()} created`
              : `${terms.issue_singular} solved`,
          );
          onSolved();
        },
        (error: unknown) => {
          if (isConflict(error)) onConflict();
          else setProblem(errorText(error, `Could not solve the ${terms.issue_singular.toLowerCase()}.`));
        },
      );
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={`Solve ${terms.issue_singular.toLowerCase()}`}
      className="grid gap-3"
    >
      <h3 className="font-semibold text-slate-900 dark:text-white">Solve ({terms.problem_solving_process})</h3>
      {problem ? <Banner tone="error">{problem}</Banner> : null}
      <TextAreaField
        label="Resolution"
        rows={3}
        value={resolution}
        maxLength={ISSUE_RESOLUTION_MAX}
        onChange={(event) => setResolution(event.target.value)}
      />
      {drafts.map((draft, index) => (
        <fieldset
          key={draft.key}
          className="grid gap-2 rounded-md border border-slate-200 p-3 dark:border-slate-700"
          aria-label={`${terms.todo_singular} ${index + 1}`}
        >
          <legend className="px-1 text-sm font-medium">
            {terms.todo_singular} {index + 1}
          </legend>
          <TextField
            label={`${terms.todo_singular} ${index + 1} title`}
            value={draft.title}
            onChange={(event) => change(draft.key, { title: event.target.value })}
          />
          <DateField
            label={`${terms.todo_singular} ${index + 1} due date`}
            value={draft.dueDate}
            onChange={(event) => change(draft.key, { dueDate: event.target.value })}
          />
          <OwnerPicker
            people={people}
            selected={draft.ownerIds}
            onChange={(ownerIds) => change(draft.key, { ownerIds })}
          />
          <div>
            <Button
              variant="secondary"
              size="sm"
              onClick={() => setDrafts((current) => current.filter((item) => item.key !== draft.key))}
            >
              Remove {todoSingular} {index + 1}
            </Button>
          </div>
        </fieldset>
      ))}
      <div className="flex flex-wrap gap-2">
        {drafts.length < ISSUE_SOLVE_TODOS_MAX ? (
          <Button variant="secondary" onClick={addRow}>
            Add a {todoSingular}
          </Button>
        ) : null}
        <Button type="submit" loading={solve.isPending}>
          Mark solved
        </Button>
      </div>
    </form>
  );
}
