import { useForm } from 'react-hook-form';
import { FormValue } from '../../../lib/form-value';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  addDays,
  createTodoRequestSchema,
  TODO_DEFAULT_DUE_DAYS,
  TODO_TITLE_MAX,
  todoDateSchema,
  type OrganizationPerson,
} from '@keel/contract';
import toast from 'react-hot-toast';
import type { z } from 'zod';
import { errorText } from '../../../lib/api-client';
import { Checkbox } from '../../../ui/Checkbox';
import { TextField } from '../../../ui/Field';
import { DateField, NewItemForm } from '../../../ui/FormFields';
import { useCreateTodos } from '../todos.api';
import { localToday } from '../todo-dates';
import { OwnerPicker } from './OwnerPicker';
import { countOf } from '../../../lib/words';

const createTodoFormSchema = createTodoRequestSchema
  .pick({ title: true, ownerIds: true })
  .extend({ dueDate: todoDateSchema, isPrivate: createTodoRequestSchema.shape.isPrivate.unwrap() });
type CreateTodoForm = z.input<typeof createTodoFormSchema>;

interface CreateTodoFormProps {
  teamId: string;
  people: OrganizationPerson[];
  currentUserId: string;
  singular: string;
  plural: string;
}

export function CreateTodoForm({ teamId, people, currentUserId, singular, plural }: CreateTodoFormProps) {
  const defaultDue = () => addDays(localToday(), TODO_DEFAULT_DUE_DAYS);
  const create = useCreateTodos();
  const form = useForm<CreateTodoForm, unknown, z.output<typeof createTodoFormSchema>>({
    resolver: zodResolver(createTodoFormSchema),
    defaultValues: { title: '', ownerIds: [currentUserId], dueDate: defaultDue(), isPrivate: false },
  });
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = form;

  const submit = handleSubmit(
    (values) =>
      create.mutate(
        { ...values, teamId },
        {
          onSuccess: (created) => {
            reset({ ...values, title: '', dueDate: defaultDue() });
            toast.success(
              created.length > 1 ? `${countOf(created.length, singular, plural)} added` : `${singular} added`,
            );
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
      <div className="grid gap-3">
        <TextField label="Title" maxLength={TODO_TITLE_MAX} error={errors.title?.message} {...register('title')} />
        <DateField label="Due date" error={errors.dueDate?.message} {...register('dueDate')} />
        <Checkbox label="Private (only the owner sees it)" {...register('isPrivate')} />
      </div>
      <FormValue
        form={form}
        name="ownerIds"
        render={({ field, fieldState }) => (
          <OwnerPicker
            people={people}
            selected={field.value}
            onChange={field.onChange}
            error={fieldState.error?.message}
          />
        )}
      />
    </NewItemForm>
  );
}
