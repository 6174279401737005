import { useState, type FormEvent } from 'react';
import { ISSUE_DESCRIPTION_MAX, ISSUE_TITLE_MAX, type IssueHorizon, type OrganizationPerson } from '@keel/contract';
import toast from 'react-hot-toast';
import { errorText } from '../../../lib/api-client';
import { useRequiredTitle } from '../../../lib/required-title';
import { TextField } from '../../../ui/Field';
import { NewItemForm, PersonOptions, SelectField, TextAreaField } from '../../../ui/FormFields';
import { useCreateIssue } from '../issues.api';

interface CreateIssueFormProps {
  teamId: string;
  horizon: IssueHorizon;
  people: OrganizationPerson[];
  singular: string;
}

export function CreateIssueForm({ teamId, horizon, people, singular }: CreateIssueFormProps) {
  const title = useRequiredTitle('');
  const [description, setDescription] = useState('');
  const [ownerId, setOwnerId] = useState('');
  const [formError, setFormError] = useState<string>();
  const create = useCreateIssue();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = title.check();
    setFormError(undefined);
    if (!trimmed) return;
    create.mutate(
      { teamId, title: trimmed, description, horizon, ...(ownerId ? { ownerId } : {}) },
      {
        onSuccess: () => {
          title.setTitle('');
          setDescription('');
          toast.success(`${singular} added`);
        },
        onError: (error) => setFormError(errorText(error, `Could not add the ${singular.toLowerCase()}.`)),
      },
    );
  };

  return (
    <NewItemForm
      title={`New ${singular.toLowerCase()}`}
      onSubmit={submit}
      error={formError}
      submitLabel={`Add ${singular.toLowerCase()}`}
      busy={create.isPending}
    >
      <TextField label="Title" maxLength={ISSUE_TITLE_MAX} {...title.field} />
      <SelectField label="Owner" value={ownerId} onChange={(event) => setOwnerId(event.target.value)}>
        <PersonOptions people={people} none="No owner" />
      </SelectField>
      <TextAreaField
        label="Description"
        className="md:col-span-2"
        rows={2}
        value={description}
        maxLength={ISSUE_DESCRIPTION_MAX}
        onChange={(event) => setDescription(event.target.value)}
      />
    </NewItemForm>
  );
}
