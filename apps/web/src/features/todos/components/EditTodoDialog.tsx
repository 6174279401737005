import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  TODO_DETAILS_MAX,
  TODO_TITLE_MAX,
  updateTodoRequestSchema,
  type OrganizationPerson,
  type Todo,
} from '@keel/contract';
import type { z } from 'zod';
import { Checkbox } from '../../../ui/Checkbox';
import { SaveProblem } from '../../../ui/ConflictBanner';
import { Dialog } from '../../../ui/Dialog';
import { TextField } from '../../../ui/Field';
import { DateField, FormActions, PersonOptions, SelectField, TextAreaField } from '../../../ui/FormFields';
import { useUpdateTodo } from '../todos.api';

interface EditTodoDialogProps {
  todo: Todo;
  people: OrganizationPerson[];
  singular: string;
  onClose: () => void;
  /** Refetches the list; the dialog then shows the other person's version. */
  onReload: () => Promise<unknown>;
}

export function EditTodoDialog(props: EditTodoDialogProps) {
  // The form edits the version it opened with, even when a live update or a refetch brings a newer
  // one: what the person typed stays, and a save answers 409 until they choose to reload.
  const [editing, setEditing] = useState(props.todo);
  const latest = useRef(props.todo);
  latest.current = props.todo;
  const reload = async () => {
    await props.onReload();
    setEditing(latest.current);
  };
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : props.onClose())} title={`Edit ${props.singular}`}>
      {/* Keyed by version: a reload after a conflict starts the form again from the saved values. */}
      <EditTodoForm key={`${editing.id}:${editing.version}`} {...props} todo={editing} onReload={reload} />
    </Dialog>
  );
}

const editTodoFormSchema = updateTodoRequestSchema
  .pick({ title: true, details: true, ownerId: true, dueDate: true, isPrivate: true })
  .required();
type EditTodoForm = z.input<typeof editTodoFormSchema>;

function EditTodoForm({ todo, people, singular, onClose, onReload }: EditTodoDialogProps) {
  const update = useUpdateTodo();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<EditTodoForm, unknown, z.output<typeof editTodoFormSchema>>({
    resolver: zodResolver(editTodoFormSchema),
    defaultValues: {
      title: todo.title,
      details: todo.details,
      ownerId: todo.ownerId,
      dueDate: todo.dueDate,
      isPrivate: todo.isPrivate,
    },
  });

  const submit = handleSubmit((values) =>
    update.mutate({ id: todo.id, version: todo.version, ...values }, { onSuccess: onClose }),
  );

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-3">
      <SaveProblem
        error={update.error}
        singular={singular}
        fallback={`Could not save the ${singular}.`}
        onReload={() => void onReload()}
      />
      <TextField label="Title" maxLength={TODO_TITLE_MAX} error={errors.title?.message} {...register('title')} />
      <TextAreaField label="Details" rows={4} maxLength={TODO_DETAILS_MAX} {...register('details')} />
      <SelectField label="Owner" error={errors.ownerId?.message} {...register('ownerId')}>
        <PersonOptions people={people} current={todo.owner} />
      </SelectField>
      <DateField label="Due date" error={errors.dueDate?.message} {...register('dueDate')} />
      <Checkbox label="Private (only the owner sees it)" {...register('isPrivate')} />
      <FormActions onCancel={onClose} submitLabel="Save" busy={update.isPending} />
    </form>
  );
}
