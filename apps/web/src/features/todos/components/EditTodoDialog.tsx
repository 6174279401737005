import { useRef, useState, type FormEvent } from 'react';
import { TODO_DETAILS_MAX, TODO_TITLE_MAX, type OrganizationPerson, type Todo } from '@keel/contract';
import { useRequiredTitle } from '../../../lib/required-title';
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
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : props.onClose())}
      title={`Edit ${props.singular.toLowerCase()}`}
    >
      {/* Keyed by version: a reload after a conflict starts the form again from the saved values. */}
      <EditTodoForm key={`${editing.id}:${editing.version}`} {...props} todo={editing} onReload={reload} />
    </Dialog>
  );
}

function EditTodoForm({ todo, people, singular, onClose, onReload }: EditTodoDialogProps) {
  const title = useRequiredTitle(todo.title);
  const [details, setDetails] = useState(todo.details);
  const [ownerId, setOwnerId] = useState(todo.ownerId);
  const [dueDate, setDueDate] = useState(todo.dueDate);
  const [isPrivate, setIsPrivate] = useState(todo.isPrivate);
  const update = useUpdateTodo();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = title.check();
    if (!trimmed) return;
    update.mutate(
      { id: todo.id, version: todo.version, title: trimmed, details, ownerId, dueDate, isPrivate },
      { onSuccess: onClose },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-3">
      <SaveProblem
        error={update.error}
        singular={singular}
        fallback={`Could not save the ${singular.toLowerCase()}.`}
        onReload={() => void onReload()}
      />
      <TextField label="Title" maxLength={TODO_TITLE_MAX} {...title.field} />
      <TextAreaField
        label="Details"
        rows={4}
        value={details}
        maxLength={TODO_DETAILS_MAX}
        onChange={(event) => setDetails(event.target.value)}
      />
      <SelectField label="Owner" value={ownerId} onChange={(event) => setOwnerId(event.target.value)}>
        <PersonOptions people={people} current={todo.owner} />
      </SelectField>
      <DateField label="Due date" value={dueDate} onChange={(event) => setDueDate(event.target.value)} />
      <Checkbox
        label="Private (only the owner sees it)"
        checked={isPrivate}
        onChange={(event) => setIsPrivate(event.target.checked)}
      />
      <FormActions onCancel={onClose} submitLabel="Save" busy={update.isPending} />
    </form>
  );
}
