import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormValue } from '../../../lib/form-value';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useNavigate } from 'react-router';
import toast from 'react-hot-toast';
import {
  HEADLINE_TEXT_MAX,
  HEADLINE_TYPES,
  ISSUE_TITLE_MAX,
  TODO_DEFAULT_DUE_DAYS,
  TODO_TITLE_MAX,
  addDays,
  createHeadlineRequestSchema,
  createTodoRequestSchema,
  type HeadlineType,
} from '@keel/contract';
import { errorText } from '../../../lib/api-client';
import { useSession } from '../../../lib/session-store';
import { Banner } from '../../../ui/Banner';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { TextField } from '../../../ui/Field';
import { SelectField } from '../../../ui/FormFields';
import { useSelectedDepartment } from '../../departments/departments.api';
import { useCreateHeadline } from '../../headlines/headlines.api';
import { useCreateIssue } from '../../issues/issues.api';
import { useTerminology } from '../../terminology/terminology.api';
import { localToday } from '../../todos/todo-dates';
import { usePeople } from '../../people/people.api';
import { useCreateTodos } from '../../todos/todos.api';
import { needsSelection, pageFor } from '../dashboard-links';
import { useQuickAdd, type QuickAddKind } from '../quick-add-store';

const HEADLINE_TYPE_TEXT: Record<HeadlineType, string> = { customer: 'Customer', employee: 'Employee', other: 'Other' };
const FORM_ID = 'quick-add-form';
const TITLE_MAX: Record<QuickAddKind, number> = {
  todo: TODO_TITLE_MAX,
  issue: ISSUE_TITLE_MAX,
  headline: HEADLINE_TEXT_MAX,
};

/**
 * The fields of all three kinds; the title's message names what is missing. The due date is left to
 * the server (its message shows in the banner), as the date input already keeps to the format.
 */
const quickAddFormSchema = z
  .object({
    kind: z.enum(['todo', 'issue', 'headline']),
    title: z.string().trim(),
    teamId: z.string(),
    ownerId: createTodoRequestSchema.shape.ownerIds.element,
    dueDate: z.string(),
    headlineType: createHeadlineRequestSchema.shape.type,
  })
  .superRefine(({ kind, title }, context) => {
    if (!title)
      context.addIssue({
        code: 'custom',
        path: ['title'],
        message: kind === 'headline' ? 'Write the headline' : 'Title is required',
      });
  });
type QuickAddForm = z.infer<typeof quickAddFormSchema>;

/** The dialog: a to-do, an issue or a headline, with the few fields each needs and sensible defaults. */
export function QuickAddDialog() {
  const { open, close, show, returnTo } = useQuickAdd();
  const wasOpen = useRef(false);
  useEffect(() => {
    if (open) {
      wasOpen.current = true;
      return;
    }
    if (!wasOpen.current) return;
    wasOpen.current = false;
    // After the dialog has unmounted its focus trap.
    const timer = setTimeout(() => returnTo?.focus(), 0);
    return () => clearTimeout(timer);
  }, [open, returnTo]);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? show() : close())}
      title="Quick add"
      description="Press Q on any page to open this."
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" form={FORM_ID}>
            Add
          </Button>
        </>
      }
    >
      {/* Mounted only while open, so each opening starts from fresh defaults. */}
      {open ? <QuickAddForm /> : null}
    </Dialog>
  );
}

function QuickAddForm() {
  const terms = useTerminology();
  const navigate = useNavigate();
  const initialKind = useQuickAdd((state) => state.kind);
  const close = useQuickAdd((state) => state.close);
  const userId = useSession((state) => state.user?.id ?? '');
  const { departments, selected, select } = useSelectedDepartment();
  const people = usePeople();
  const createTodos = useCreateTodos();
  const createIssue = useCreateIssue();
  const createHeadline = useCreateHeadline();

  const form = useForm<QuickAddForm>({
    resolver: zodResolver(quickAddFormSchema),
    defaultValues: {
      kind: initialKind,
      title: '',
      teamId: '',
      ownerId: userId,
      dueDate: addDays(localToday(), TODO_DEFAULT_DUE_DAYS),
      headlineType: 'customer',
    },
  });
  const {
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors },
  } = form;
  const kind = watch('kind');
  // The departments may still be loading when the dialog opens: default to the selected one once known.
  const defaultTeamId = selected?.id ?? departments[0]?.id ?? '';
  const [formError, setFormError] = useState<string>();

  const names: Record<QuickAddKind, string> = {
    todo: terms.todo_singular,
    issue: terms.issue_singular,
    headline: 'Headline',
  };
  const pending = createTodos.isPending || createIssue.isPending || createHeadline.isPending;

  const send = ({ kind: chosen, title, ownerId, dueDate, headlineType }: QuickAddForm, teamId: string) => {
    if (chosen === 'todo') return createTodos.mutateAsync({ title, ownerIds: [ownerId], teamId, dueDate });
    if (chosen === 'issue') return createIssue.mutateAsync({ title, ownerId, teamId });
    return createHeadline.mutateAsync({ text: title, ownerId, teamId, type: headlineType });
  };

  const announce = (name: string, addedTo: string) => {
    const to = pageFor(kind, addedTo, selected?.id);
    const department = needsSelection(kind, addedTo, selected?.id)
      ? departments.find((candidate) => candidate.id === addedTo)
      : undefined;
    toast.success(
      (shown) => (
        <span>
          {name} added.{' '}
          <button
            type="button"
            className="font-medium text-blue-700 underline dark:text-blue-300"
            onClick={() => {
              toast.dismiss(shown.id);
              if (department) select(department);
              void navigate(to);
            }}
          >
            View
          </button>
        </span>
      ),
      { duration: 6000 },
    );
  };

  const submit = handleSubmit((values) => {
    if (pending) return;
    const teamId = values.teamId || defaultTeamId;
    if (!teamId) {
      setError('teamId', { message: `Choose the ${terms.department_label}` });
      return;
    }
    setFormError(undefined);
    const name = names[values.kind];
    send(values, teamId).then(
      () => {
        close();
        announce(name, teamId);
      },
      (error: unknown) => setFormError(errorText(error, `Could not add the ${name}.`)),
    );
  });

  return (
    <form
      id={FORM_ID}
      onSubmit={(event) => void submit(event)}
      noValidate
      className="grid gap-4"
      aria-busy={pending || undefined}
    >
      {formError ? <Banner tone="error">{formError}</Banner> : null}
      <fieldset className="grid gap-1">
        <legend className="mb-1 text-sm font-medium text-slate-800 dark:text-slate-200">What to add</legend>
        <div className="inline-flex w-fit rounded-md border border-slate-300 p-0.5 dark:border-slate-600">
          {(['todo', 'issue', 'headline'] as const).map((option) => (
            <label
              key={option}
              className="cursor-pointer rounded px-3 py-1.5 text-sm text-slate-800 has-[:checked]:bg-blue-700 has-[:checked]:text-white has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-blue-500 dark:text-slate-100"
            >
              <input type="radio" value={option} className="sr-only" {...register('kind')} />
              {names[option]}
            </label>
          ))}
        </div>
      </fieldset>
      <TextField
        label={kind === 'headline' ? 'Headline' : 'Title'}
        maxLength={TITLE_MAX[kind]}
        error={errors.title?.message}
        autoFocus
        {...register('title')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormValue
          form={form}
          name="teamId"
          render={({ field, fieldState }) => (
            <SelectField
              label={terms.department_label}
              value={field.value || defaultTeamId}
              onChange={(event) => field.onChange(event.target.value)}
              error={fieldState.error?.message}
            >
              {departments.map((department) => (
                <option key={department.id} value={department.id}>
                  {department.name}
                </option>
              ))}
            </SelectField>
          )}
        />
        <SelectField label="Owner" {...register('ownerId')}>
          {(people.data ?? [{ id: userId, name: 'Me', email: '', avatarUrl: null }]).map((person) => (
            <option key={person.id} value={person.id}>
              {person.id === userId ? `${person.name} (me)` : person.name}
            </option>
          ))}
        </SelectField>
        {kind === 'todo' ? (
          <TextField label="Due date" type="date" max="9999-12-31" required {...register('dueDate')} />
        ) : null}
        {kind === 'headline' ? (
          <SelectField label="Type" {...register('headlineType')}>
            {HEADLINE_TYPES.map((type) => (
              <option key={type} value={type}>
                {HEADLINE_TYPE_TEXT[type]}
              </option>
            ))}
          </SelectField>
        ) : null}
      </div>
      {pending ? <p className="text-sm text-slate-600 dark:text-slate-300">Adding…</p> : null}
    </form>
  );
}
