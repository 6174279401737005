import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormValue } from '../../../lib/form-value';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import {
  solveIssueRequestSchema,
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
import { countOf } from '../../../lib/words';

const solveFormSchema = solveIssueRequestSchema.pick({ resolution: true, todos: true });
type SolveForm = z.input<typeof solveFormSchema>;

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
  const [problem, setProblem] = useState<string>();
  const solve = useSolveIssue();
  const todoSingular = terms.todo_singular;
  const form = useForm<SolveForm, unknown, z.output<typeof solveFormSchema>>({
    resolver: zodResolver(solveFormSchema),
    defaultValues: { resolution: '', todos: [] },
  });
  const { register, handleSubmit, watch, setValue } = form;
  // The rows are plain values of the form (see FormValue); each keeps a key of its own so removing one
  // leaves the others' inputs where they are.
  const rows = watch('todos') ?? [];
  const [rowKeys, setRowKeys] = useState<number[]>([]);
  const nextRowKey = useRef(0);
  const setRows = (next: SolveForm['todos'], keys: number[]) => {
    setRowKeys(keys);
    setValue('todos', next, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
  };
  const addRow = () =>
    setRows(
      [
        ...rows,
        {
          title: '',
          ownerIds: [issue.ownerId ?? currentUserId],
          dueDate: addDays(localToday(), TODO_DEFAULT_DUE_DAYS),
        },
      ],
      [...rowKeys, nextRowKey.current++],
    );
  const removeRow = (index: number) =>
    setRows(
      rows.filter((_, at) => at !== index),
      rowKeys.filter((_, at) => at !== index),
    );

  const submit = handleSubmit(
    ({ resolution, todos }) => {
      setProblem(undefined);
      // mutateAsync, not mutate's callbacks: the refetch after the solve drops the issue from the open
      // list and unmounts this form first, and mutate's callbacks never run for an unmounted form.
      void solve.mutateAsync({ id: issue.id, version: issue.version, resolution, todos }).then(
        () => {
          toast.success(
            todos.length > 0
              ? `${terms.issue_singular} solved; ${countOf(todos.length, terms.todo_singular, terms.todos_label)} created`
              : `${terms.issue_singular} solved`,
          );
          onSolved();
        },
        (error: unknown) => {
          if (isConflict(error)) onConflict();
          else setProblem(errorText(error, `Could not solve the ${terms.issue_singular}.`));
        },
      );
    },
    (invalid) => {
      const incomplete = invalid.todos?.findIndex?.((row) => Boolean(row?.title ?? row?.ownerIds)) ?? -1;
      setProblem(
        incomplete >= 0 ? `Give ${todoSingular} ${incomplete + 1} a title and at least one owner.` : undefined,
      );
    },
  );

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={`Solve ${terms.issue_singular}`}
      className="grid gap-3"
    >
      <h3 className="font-semibold text-slate-900 dark:text-white">Solve ({terms.problem_solving_process})</h3>
      {problem ? <Banner tone="error">{problem}</Banner> : null}
      <TextAreaField label="Resolution" rows={3} maxLength={ISSUE_RESOLUTION_MAX} {...register('resolution')} />
      {rows.map((_, index) => (
        <fieldset
          key={rowKeys[index] ?? index}
          className="grid gap-2 rounded-md border border-slate-200 p-3 dark:border-slate-700"
          aria-label={`${terms.todo_singular} ${index + 1}`}
        >
          <legend className="px-1 text-sm font-medium">
            {terms.todo_singular} {index + 1}
          </legend>
          <FormValue
            form={form}
            name={`todos.${index}.title`}
            render={({ field }) => (
              <TextField
                label={`${terms.todo_singular} ${index + 1} title`}
                value={field.value}
                onChange={(event) => field.onChange(event.target.value)}
              />
            )}
          />
          <FormValue
            form={form}
            name={`todos.${index}.dueDate`}
            render={({ field, fieldState }) => (
              <DateField
                label={`${terms.todo_singular} ${index + 1} due date`}
                error={fieldState.error?.message}
                value={field.value ?? ''}
                onChange={(event) => field.onChange(event.target.value)}
              />
            )}
          />
          <FormValue
            form={form}
            name={`todos.${index}.ownerIds`}
            render={({ field }) => (
              <OwnerPicker people={people} selected={field.value ?? []} onChange={field.onChange} />
            )}
          />
          <div>
            <Button variant="secondary" size="sm" onClick={() => removeRow(index)}>
              Remove {todoSingular} {index + 1}
            </Button>
          </div>
        </fieldset>
      ))}
      <div className="flex flex-wrap gap-2">
        {rows.length < ISSUE_SOLVE_TODOS_MAX ? (
          <Button variant="secondary" onClick={addRow}>
            Add {todoSingular}
          </Button>
        ) : null}
        <Button type="submit" loading={solve.isPending}>
          Mark solved
        </Button>
      </div>
    </form>
  );
}
