import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  createIssueRequestSchema,
  ISSUE_DESCRIPTION_MAX,
  ISSUE_TITLE_MAX,
  type IssueHorizon,
  type OrganizationPerson,
} from '@keel/contract';
import toast from 'react-hot-toast';
import type { z } from 'zod';
import { errorText } from '../../../lib/api-client';
import { idOrNoneSchema, requiredTitle } from '../../../lib/form-schemas';
import { TextField } from '../../../ui/Field';
import { NewItemForm, PersonOptions, SelectField, TextAreaField } from '../../../ui/FormFields';
import { useCreateIssue } from '../issues.api';

const createIssueFormSchema = createIssueRequestSchema.pick({ description: true }).extend({
  title: requiredTitle(createIssueRequestSchema.shape.title),
  ownerId: idOrNoneSchema,
});
type CreateIssueForm = z.input<typeof createIssueFormSchema>;

interface CreateIssueFormProps {
  teamId: string;
  horizon: IssueHorizon;
  people: OrganizationPerson[];
  singular: string;
}

export function CreateIssueForm({ teamId, horizon, people, singular }: CreateIssueFormProps) {
  const create = useCreateIssue();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<CreateIssueForm, unknown, z.output<typeof createIssueFormSchema>>({
    resolver: zodResolver(createIssueFormSchema),
    defaultValues: { title: '', description: '', ownerId: '' },
  });

  const submit = handleSubmit(
    ({ title, description, ownerId }) =>
      create.mutate(
        { teamId, title, description, horizon, ...(ownerId ? { ownerId } : {}) },
        {
          onSuccess: () => {
            reset();
            toast.success(`${singular} added`);
          },
        },
      ),
    () => create.reset(),
  );

  return (
    <NewItemForm
      title={`New ${singular}`}
      onSubmit={(event) => void submit(event)}
      error={create.isError ? errorText(create.error, `Could not add the ${singular}.`) : undefined}
      submitLabel={`Add ${singular}`}
      busy={create.isPending}
    >
      <TextField label="Title" maxLength={ISSUE_TITLE_MAX} error={errors.title?.message} {...register('title')} />
      <SelectField label="Owner" {...register('ownerId')}>
        <PersonOptions people={people} none="No owner" />
      </SelectField>
      <TextAreaField
        label="Description"
        className="md:col-span-2"
        rows={2}
        maxLength={ISSUE_DESCRIPTION_MAX}
        {...register('description')}
      />
    </NewItemForm>
  );
}
