import { useId, useState, type FormEvent } from 'react';
import { ISSUE_DESCRIPTION_MAX, ISSUE_TITLE_MAX, type IssueHorizon, type OrganizationPerson } from '@keel/contract';
import toast from 'react-hot-toast';
import { errorText } from '../../../lib/api-client';
import { Banner } from '../../../ui/Banner';
import { Button } from '../../../ui/Button';
import { TextField, inputClasses } from '../../../ui/Field';
import { useCreateIssue } from '../issues.api';

interface CreateIssueFormProps {
  teamId: string;
  horizon: IssueHorizon;
  people: OrganizationPerson[];
  singular: string;
}

export function CreateIssueForm({ teamId, horizon, people, singular }: CreateIssueFormProps) {
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [ownerId, setOwnerId] = useState('');
  const [problem, setProblem] = useState<{ title?: string; form?: string }>({});
  const create = useCreateIssue();
  const descriptionId = useId();
  const ownerFieldId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = title.trim();
    if (!trimmed) {
      setProblem({ title: 'Title is required' });
      return;
    }
    setProblem({});
    create.mutate(
      { teamId, title: trimmed, description, horizon, ...(ownerId ? { ownerId } : {}) },
      {
        onSuccess: () => {
          setTitle('');
          setDescription('');
          toast.success(`${singular} added`);
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
      <TextField
        label="Title"
        value={title}
        maxLength={ISSUE_TITLE_MAX}
        onChange={(event) => setTitle(event.target.value)}
        error={problem.title}
      />
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
          <option value="">No owner</option>
          {people.map((person) => (
            <option key={person.id} value={person.id}>
              {person.name}
            </option>
          ))}
        </select>
      </div>
      <div className="md:col-span-2">
        <label htmlFor={descriptionId} className="mb-1 block text-sm font-medium text-slate-800 dark:text-slate-200">
          Description
        </label>
        <textarea
          id={descriptionId}
          rows={2}
          value={description}
          maxLength={ISSUE_DESCRIPTION_MAX}
          onChange={(event) => setDescription(event.target.value)}
          className={inputClasses(false)}
        />
      </div>
      <div className="md:col-span-2">
        <Button type="submit" loading={create.isPending}>
          Add {singular.toLowerCase()}
        </Button>
      </div>
    </form>
  );
}
