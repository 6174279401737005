import { useId, useRef, useState, type FormEvent } from 'react';
import { TODO_DETAILS_MAX, TODO_TITLE_MAX, type OrganizationPerson, type Todo } from '@keel/contract';
import { errorText } from '../../../lib/api-client';
import { Banner } from '../../../ui/Banner';
import { Button } from '../../../ui/Button';
import { Checkbox } from '../../../ui/Checkbox';
import { Dialog } from '../../../ui/Dialog';
import { TextField, inputClasses } from '../../../ui/Field';
import { isConflict, useUpdateTodo } from '../todos.api';
import { ConflictBanner } from './ConflictBanner';

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
  const [title, setTitle] = useState(todo.title);
  const [details, setDetails] = useState(todo.details);
  const [ownerId, setOwnerId] = useState(todo.ownerId);
  const [dueDate, setDueDate] = useState(todo.dueDate);
  const [isPrivate, setIsPrivate] = useState(todo.isPrivate);
  const [titleError, setTitleError] = useState<string>();
  const update = useUpdateTodo();
  const detailsId = useId();
  const ownerFieldId = useId();
  const owners = people.some((person) => person.id === todo.ownerId)
    ? people
    : [{ ...todo.owner, email: '', avatarUrl: null }, ...people];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!title.trim()) {
      setTitleError('Title is required');
      return;
    }
    setTitleError(undefined);
    update.mutate(
      { id: todo.id, version: todo.version, title: title.trim(), details, ownerId, dueDate, isPrivate },
      { onSuccess: onClose },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-3">
      {update.error && isConflict(update.error) ? (
        <ConflictBanner singular={singular} onReload={() => void onReload()} />
      ) : update.error ? (
        <Banner tone="error">{errorText(update.error, `Could not save the ${singular.toLowerCase()}.`)}</Banner>
      ) : null}
      <TextField
        label="Title"
        value={title}
        maxLength={TODO_TITLE_MAX}
        onChange={(event) => setTitle(event.target.value)}
        error={titleError}
      />
      <div>
        <label htmlFor={detailsId} className="mb-1 block text-sm font-medium text-slate-800 dark:text-slate-200">
          Details
        </label>
        <textarea
          id={detailsId}
          rows={4}
          value={details}
          maxLength={TODO_DETAILS_MAX}
          onChange={(event) => setDetails(event.target.value)}
          className={inputClasses(false)}
        />
      </div>
      <div>
        <label htmlFor={ownerFieldId} className="mb-1 block text-sm font-medium text-slate-800 dark:text-slate-200">
          Owner
        </label>
        <select
          id={ownerFieldId}
          value={ownerId}
          onChange={(event) => setOwnerId(event.target.value)}
          className={inputClasses(false)}
        >
          {owners.map((person) => (
            <option key={person.id} value={person.id}>
              {person.name}
            </option>
          ))}
        </select>
      </div>
      <TextField
        label="Due date"
        type="date"
        value={dueDate}
        max="9999-12-31"
        onChange={(event) => setDueDate(event.target.value)}
      />
      <Checkbox
        label="Private (only the owner sees it)"
        checked={isPrivate}
        onChange={(event) => setIsPrivate(event.target.checked)}
      />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" loading={update.isPending}>
          Save
        </Button>
      </div>
    </form>
  );
}
