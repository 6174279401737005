import { useForm } from 'react-hook-form';
import { FormValue } from '../../../lib/form-value';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  createPriorityRequestSchema,
  type FiscalQuarterInfo,
  type OrganizationPerson,
  type Terminology,
} from '@keel/contract';
import toast from 'react-hot-toast';
import { z } from 'zod';
import { errorText } from '../../../lib/api-client';
import { Banner } from '../../../ui/Banner';
import { Dialog } from '../../../ui/Dialog';
import { DateField, FormActions, SelectField } from '../../../ui/FormFields';
import { AnnualGoalSelect } from '../../business-plan/components/AnnualGoalSelect';
import { OwnerPicker } from '../../todos/components/OwnerPicker';
import { InlineSmartCheck } from '../../priority-assistant/components/InlineSmartCheck';
import { useCreatePriorities } from '../priorities.api';
import { quarterName } from '../priority-format';
import {
  PriorityTextFields,
  ProgressFields,
  ScopeSelect,
  numericRequest,
  progressFormSchema,
  progressValuesOf,
} from './PriorityFields';
import { countOf } from '../../../lib/words';

const contract = createPriorityRequestSchema.shape;

/**
 * The contract's fields, plus what the dialog shows differently: the quarter as one choice, a due
 * date left empty to follow the quarter's end, and progress as typed (numbers checked on submit).
 */
const createPriorityFormSchema = z.object({
  title: contract.title,
  description: contract.description.unwrap(),
  ownerIds: contract.ownerIds,
  scope: contract.scope.unwrap(),
  quarterKey: z.string(),
  dueDate: z.string(),
  annualGoalId: z.string(),
  progress: progressFormSchema,
});
type CreatePriorityForm = z.input<typeof createPriorityFormSchema>;

interface CreatePriorityDialogProps {
  teamId: string;
  people: OrganizationPerson[];
  currentUserId: string;
  quarters: FiscalQuarterInfo[];
  initialQuarter: FiscalQuarterInfo;
  terms: Terminology;
  onClose: () => void;
}

const keyOf = (quarter: { year: number; quarter: number }) => `${quarter.year}-${quarter.quarter}`;

export function CreatePriorityDialog(props: CreatePriorityDialogProps) {
  const { teamId, people, currentUserId, quarters, initialQuarter, terms, onClose } = props;
  const singular = terms.priority_singular;
  const create = useCreatePriorities();
  const form = useForm<CreatePriorityForm, unknown, z.output<typeof createPriorityFormSchema>>({
    resolver: zodResolver(createPriorityFormSchema),
    defaultValues: {
      title: '',
      description: '',
      ownerIds: [currentUserId],
      scope: 'team',
      quarterKey: keyOf(initialQuarter),
      // The due date follows the quarter's end until the person picks one.
      dueDate: '',
      annualGoalId: '',
      progress: progressValuesOf(),
    },
  });
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = form;
  const quarterOf = (key: string) => quarters.find((candidate) => keyOf(candidate) === key) ?? initialQuarter;
  const quarter = quarterOf(watch('quarterKey'));

  const submit = handleSubmit(
    ({ quarterKey, dueDate, progress, annualGoalId, ...fields }) => {
      const chosen = quarterOf(quarterKey);
      const numeric = numericRequest(progress);
      create.mutate(
        {
          ...fields,
          teamId,
          year: chosen.year,
          quarter: chosen.quarter,
          dueDate: dueDate || chosen.end,
          annualGoalId: annualGoalId || null,
          progressType: progress.progressType,
          ...(progress.progressType === 'numeric' && numeric.ok ? numeric.fields : {}),
        },
        {
          onSuccess: (created) => {
            toast.success(
              created.length > 1
                ? `${countOf(created.length, singular, terms.priorities_label)} added`
                : `${singular} added`,
            );
            onClose();
          },
        },
      );
    },
    () => create.reset(),
  );

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())} title={`New ${singular}`} size="lg">
      <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-3 md:grid-cols-2">
        {create.isError ? (
          <Banner tone="error" className="md:col-span-2">
            {errorText(create.error, `Could not add the ${singular}.`)}
          </Banner>
        ) : null}
        <div className="grid content-start gap-3">
          <PriorityTextFields
            title={{ error: errors.title?.message, ...register('title') }}
            description={register('description')}
          />
          <InlineSmartCheck
            draft={() => {
              const values = form.getValues();
              return {
                title: values.title,
                description: values.description,
                ownerIds: values.ownerIds,
                dueDate: values.dueDate || quarter.end,
                teamId,
              };
            }}
            onAcceptRewrite={(rewrite) => {
              form.setValue('title', rewrite.title, { shouldDirty: true, shouldValidate: true });
              form.setValue('description', rewrite.description, { shouldDirty: true });
            }}
          />
          <SelectField label={terms.quarter_label} {...register('quarterKey')}>
            {quarters.map((candidate) => (
              <option key={keyOf(candidate)} value={keyOf(candidate)}>
                {quarterName(terms.quarter_label, candidate)}
              </option>
            ))}
          </SelectField>
          <FormValue
            form={form}
            name="dueDate"
            render={({ field }) => (
              <DateField
                label="Due date"
                value={field.value || quarter.end}
                onChange={(event) => field.onChange(event.target.value)}
              />
            )}
          />
          <FormValue
            form={form}
            name="scope"
            render={({ field }) => <ScopeSelect value={field.value} onChange={field.onChange} />}
          />
          <FormValue
            form={form}
            name="annualGoalId"
            render={({ field }) => (
              <AnnualGoalSelect
                year={quarter.year}
                label={`Serves (${terms.annual_goals_label})`}
                value={field.value}
                onChange={field.onChange}
              />
            )}
          />
        </div>
        <div className="grid content-start gap-3">
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
          <p className="text-xs text-slate-600 dark:text-slate-400">Each owner gets their own {singular}.</p>
          <FormValue
            form={form}
            name="progress"
            render={({ field, fieldState }) => (
              <ProgressFields
                values={field.value}
                onChange={field.onChange}
                milestonesLabel={terms.milestones_label}
                error={fieldState.error?.message}
              />
            )}
          />
        </div>
        <FormActions
          onCancel={onClose}
          submitLabel={`Add ${singular}`}
          busy={create.isPending}
          className="md:col-span-2"
        />
      </form>
    </Dialog>
  );
}
