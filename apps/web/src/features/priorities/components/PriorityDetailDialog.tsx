import { useForm } from 'react-hook-form';
import { FormValue } from '../../../lib/form-value';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  updatePriorityRequestSchema,
  type OrganizationPerson,
  type Priority,
  type PriorityStatus,
  type Terminology,
} from '@keel/contract';
import { z } from 'zod';
import toast from 'react-hot-toast';
import { errorText } from '../../../lib/api-client';
import { Button } from '../../../ui/Button';
import { AnnualGoalSelect } from '../../business-plan/components/AnnualGoalSelect';
import { InlineSmartCheck } from '../../priority-assistant/components/InlineSmartCheck';
import { ProposeMilestones } from '../../priority-assistant/components/ProposeMilestones';
import { SaveProblem } from '../../../ui/ConflictBanner';
import { LinkedDocuments } from '../../documents/components/LinkedDocuments';
import { Dialog } from '../../../ui/Dialog';
import { DateField, PersonOptions, SelectField } from '../../../ui/FormFields';
import { undoToast } from '../../../ui/undo-toast';
import { useArchivePriority, useSetPriorityStatus, useUpdatePriority } from '../priorities.api';
import { STATUS_TEXT, quarterName } from '../priority-format';
import { Attachments } from './Attachments';
import { CreateIssueFromPriority } from './CreateIssueFromPriority';
import { MilestoneList } from './MilestoneList';
import {
  PriorityTextFields,
  ProgressFields,
  ScopeSelect,
  numericRequest,
  progressFormSchema,
  progressValuesOf,
} from './PriorityFields';
import { StatusUpdates } from './StatusUpdates';
import { ProgressBar, StatusPill } from './StatusPill';

interface PriorityDetailDialogProps {
  priority: Priority;
  people: OrganizationPerson[];
  terms: Terminology;
  readOnly: boolean;
  onClose: () => void;
  /** Refetches the list; the dialog then shows the other person's version. */
  onReload: () => void;
}

const STATUSES = Object.keys(STATUS_TEXT) as PriorityStatus[];

export function PriorityDetailDialog(props: PriorityDetailDialogProps) {
  const { priority, people, terms, readOnly, onClose, onReload } = props;
  const singular = terms.priority_singular;
  const setStatus = useSetPriorityStatus();
  const archive = useArchivePriority();

  const archiveWithUndo = () =>
    archive.mutate(
      { id: priority.id, version: priority.version },
      {
        onSuccess: (archived) => {
          onClose();
          undoToast(`${singular} archived`, () =>
            archive.mutate(
              { id: archived.id, version: archived.version, restore: true },
              {
                onSuccess: () => toast.success('Restored'),
                onError: (error) => toast.error(errorText(error, 'Could not undo. Please try again.')),
              },
            ),
          );
        },
      },
    );

  const failure = setStatus.error ?? archive.error;
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())} title={priority.title} size="lg">
      <div className="grid grid-cols-1 gap-5">
        <div className="flex flex-wrap items-center gap-3 text-sm text-slate-700 dark:text-slate-300">
          <StatusPill status={priority.status} />
          <ProgressBar value={priority.progress} label={`Progress of ${priority.title}`} />
          <span>{quarterName(terms.quarter_label, priority)}</span>
          <span>{priority.owner.name}</span>
          {priority.archivedAt ? <span>Archived</span> : null}
        </div>

        <SaveProblem
          error={failure}
          singular={singular}
          fallback={`Could not update the ${singular}.`}
          onReload={() => {
            setStatus.reset();
            archive.reset();
            onReload();
          }}
        />

        {readOnly ? null : (
          <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Status">
            {STATUSES.map((status) => (
              <Button
                key={status}
                size="sm"
                variant={priority.status === status ? 'primary' : 'secondary'}
                aria-pressed={priority.status === status}
                loading={setStatus.isPending && setStatus.variables.status === status}
                onClick={() =>
                  priority.status === status
                    ? undefined
                    : setStatus.mutate({ id: priority.id, version: priority.version, status })
                }
              >
                {STATUS_TEXT[status]}
              </Button>
            ))}
            <span className="flex-1" />
            {priority.status === 'off_track' ? (
              <CreateIssueFromPriority priority={priority} singular={terms.issue_singular} />
            ) : null}
            {priority.archivedAt ? (
              <Button
                size="sm"
                variant="secondary"
                loading={archive.isPending}
                onClick={() => archive.mutate({ id: priority.id, version: priority.version, restore: true })}
              >
                Restore
              </Button>
            ) : (
              <Button size="sm" variant="danger" loading={archive.isPending} onClick={archiveWithUndo}>
                Archive
              </Button>
            )}
          </div>
        )}

        {/* Keyed by version: after a reload the form starts again from the saved values. */}
        <EditPriorityForm key={`${priority.id}:${priority.version}`} {...props} />

        <MilestoneList
          priority={priority}
          people={people}
          label={terms.milestones_label}
          readOnly={readOnly}
          onReload={onReload}
        />
        {readOnly ? null : <ProposeMilestones priority={priority} milestonesLabel={terms.milestones_label} />}
        <StatusUpdates key={priority.status} priorityId={priority.id} status={priority.status} readOnly={readOnly} />
        <Attachments priorityId={priority.id} readOnly={readOnly} />
        <LinkedDocuments target="priority" targetId={priority.id} readOnly={readOnly} />
      </div>
    </Dialog>
  );
}

const editPriorityFormSchema = updatePriorityRequestSchema
  .pick({ title: true, description: true, ownerId: true, scope: true, dueDate: true })
  .required()
  .extend({ progress: progressFormSchema, annualGoalId: z.string() });
type EditPriorityForm = z.input<typeof editPriorityFormSchema>;

function EditPriorityForm({ priority, people, terms, readOnly, onReload }: PriorityDetailDialogProps) {
  const update = useUpdatePriority();
  const form = useForm<EditPriorityForm, unknown, z.output<typeof editPriorityFormSchema>>({
    resolver: zodResolver(editPriorityFormSchema),
    defaultValues: {
      title: priority.title,
      description: priority.description,
      ownerId: priority.ownerId,
      scope: priority.scope,
      dueDate: priority.dueDate,
      annualGoalId: priority.annualGoalId ?? '',
      progress: progressValuesOf(priority),
    },
  });
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = form;

  if (readOnly) {
    return priority.description ? (
      <p className="whitespace-pre-wrap text-sm text-slate-800 dark:text-slate-200">{priority.description}</p>
    ) : null;
  }

  const submit = handleSubmit(({ progress, annualGoalId, ...fields }) => {
    const numeric = numericRequest(progress);
    update.mutate(
      {
        id: priority.id,
        version: priority.version,
        ...fields,
        annualGoalId: annualGoalId || null,
        progressType: progress.progressType,
        ...(numeric.ok ? numeric.fields : {}),
      },
      { onSuccess: () => toast.success('Saved') },
    );
  });

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={`Edit ${terms.priority_singular}`}
      className="grid gap-3"
    >
      <SaveProblem
        error={update.error}
        singular={terms.priority_singular}
        fallback="Could not save the change."
        onReload={() => {
          update.reset();
          onReload();
        }}
      />
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
            ownerIds: [values.ownerId],
            dueDate: values.dueDate,
            teamId: priority.teamId,
          };
        }}
        onAcceptRewrite={(rewrite) => {
          form.setValue('title', rewrite.title, { shouldDirty: true, shouldValidate: true });
          form.setValue('description', rewrite.description, { shouldDirty: true });
        }}
      />
      <div className="grid grid-cols-1 gap-3 md:grid-cols-3">
        <SelectField label="Owner" error={errors.ownerId?.message} {...register('ownerId')}>
          <PersonOptions people={people} current={priority.owner} />
        </SelectField>
        <FormValue
          form={form}
          name="scope"
          render={({ field }) => <ScopeSelect value={field.value} onChange={field.onChange} />}
        />
        <DateField label="Due date" error={errors.dueDate?.message} {...register('dueDate')} />
      </div>
      <FormValue
        form={form}
        name="annualGoalId"
        render={({ field }) => (
          <AnnualGoalSelect
            year={priority.year}
            label={`Serves (${terms.annual_goals_label})`}
            value={field.value}
            onChange={field.onChange}
          />
        )}
      />
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
      <div>
        <Button type="submit" size="sm" loading={update.isPending}>
          Save changes
        </Button>
      </div>
    </form>
  );
}
