import { useState, type FormEvent } from 'react';
import { TODO_DEFAULT_DUE_DAYS, TODO_TITLE_MAX, addDays, type OrganizationPerson } from '@keel/contract';
import toast from 'react-hot-toast';
import { errorText } from '../../../lib/api-client';
import { Banner } from '../../../ui/Banner';
import { Button } from '../../../ui/Button';
import { Checkbox } from '../../../ui/Checkbox';
import { TextField } from '../../../ui/Field';
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
  const [title, setTitle] = useState('');
  const [ownerIds, setOwnerIds] = useState<string[]>([currentUserId]);
  const [dueDate, setDueDate] = useState(defaultDue);
  const [isPrivate, setIsPrivate] = useState(false);
  const [problem, setProblem] = useState<{ title?: string; owners?: string; form?: string }>({});
  const create = useCreateTodos();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = title.trim();
    const found = {
      ...(trimmed ? {} : { title: 'Title is required' }),
      ...(ownerIds.length > 0 ? {} : { owners: 'Choose at least one owner' }),
    };
    setProblem(found);
    if (Object.keys(found).length > 0) return;
    create.mutate(
      { title: trimmed, ownerIds, teamId, dueDate, isPrivate },
      {
        onSuccess: (created) => {
          setTitle('');
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
    <form
      onSubmit={submit}
      noValidate
      aria-label={`New ${singular.toLowerCase()}`}
      className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 md:grid-cols-2 dark:border-slate-700 dark:bg-slate-900"
    >
      <h2 className="text-base font-semibold text-slate-900 md:col-span-2 dark:text-white">
        New {singular.toLowerCase()}
      </h2>
      {problem.form ? (
        <Banner tone="error" className="md:col-span-2">
          {problem.form}
        </Banner>
      ) : null}
      <div className="grid gap-3">
        <TextField
          label="Title"
          value={title}
          maxLength={TODO_TITLE_MAX}
          onChange={(event) => setTitle(event.target.value)}
          error={problem.title}
        />
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
      </div>
      <OwnerPicker people={people} selected={ownerIds} onChange={setOwnerIds} error={problem.owners} />
      <div className="md:col-span-2">
        <Button type="submit" loading={create.isPending}>
          Add {singular.toLowerCase()}
        </Button>
      </div>
    </form>
  );
}
