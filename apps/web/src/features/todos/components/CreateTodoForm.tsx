import { useState, type FormEvent } from 'react';
import { TODO_DEFAULT_DUE_DAYS, TODO_TITLE_MAX, addDays, type OrganizationPerson } from '@keel/contract';
import toast from 'react-hot-toast';
import { errorText } from '../../../lib/api-client';
import { useRequiredTitle } from '../../../lib/required-title';
import { Checkbox } from '../../../ui/Checkbox';
import { TextField } from '../../../ui/Field';
import { DateField, NewItemForm } from '../../../ui/FormFields';
import { useCreateTodos } from '../todos.api';
import { localToday } from '../todo-dates';
import { OwnerPicker } from './OwnerPicker';

interface CreateTodoFormProps {
  teamId: string;
  people: OrganizationPerson[];
  currentUserId: string;
  singular: string;
}

export function CreateTodoForm({ teamId, people, currentUserId, singular }: CreateTodoFormProps) {
  const defaultDue = () => addDays(localToday(), TODO_DEFAULT_DUE_DAYS);
  const title = useRequiredTitle('');
  const [ownerIds, setOwnerIds] = useState<string[]>([currentUserId]);
  const [dueDate, setDueDate] = useState(defaultDue);
  const [isPrivate, setIsPrivate] = useState(false);
  const [problem, setProblem] = useState<{ owners?: string; form?: string }>({});
  const create = useCreateTodos();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = title.check();
    const owners = ownerIds.length > 0 ? undefined : 'Choose at least one owner';
    setProblem(owners ? { owners } : {});
    if (!trimmed || owners) return;
    create.mutate(
      { title: trimmed, ownerIds, teamId, dueDate, isPrivate },
      {
        onSuccess: (created) => {
          title.setTitle('');
          setDueDate(defaultDue());
          toast.success(
            created.length > 1 ? `${created.length} ${singular.toLowerCase()}s added` : `${singular} added`,
          );
        },
        onError: (error) => setProblem({ form: errorText(error, `Could not add the ${singular.toLowerCase()}.`) }),
      },
    );
  };

  return (
    <NewItemForm
      title={`New ${singular.toLowerCase()}`}
      onSubmit={submit}
      error={problem.form}
      submitLabel={`Add ${singular.toLowerCase()}`}
      busy={create.isPending}
    >
      <div className="grid gap-3">
        <TextField label="Title" maxLength={TODO_TITLE_MAX} {...title.field} />
        <DateField label="Due date" value={dueDate} onChange={(event) => setDueDate(event.target.value)} />
        <Checkbox
          label="Private (only the owner sees it)"
          checked={isPrivate}
          onChange={(event) => setIsPrivate(event.target.checked)}
        />
      </div>
      <OwnerPicker people={people} selected={ownerIds} onChange={setOwnerIds} error={problem.owners} />
    </NewItemForm>
  );
}
