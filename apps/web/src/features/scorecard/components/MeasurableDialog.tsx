import { useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import toast from 'react-hot-toast';
import {
  MEASURABLE_DECIMALS_MAX,
  MEASURABLE_DESCRIPTION_MAX,
  MEASURABLE_TITLE_MAX,
  SCORECARD_FREQUENCIES,
  type Measurable,
  type MeasurableGroup,
  type ScorecardFrequency,
  type ScorecardUnit,
} from '@keel/contract';
import { useSession } from '../../../lib/session-store';
import { Button } from '../../../ui/Button';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { SaveProblem } from '../../../ui/ConflictBanner';
import { Dialog } from '../../../ui/Dialog';
import { TextField } from '../../../ui/Field';
import { FormActions, PersonOptions, SelectField, TextAreaField } from '../../../ui/FormFields';
import { Spinner } from '../../../ui/Spinner';
import { usePeople, type Person } from '../../people/people.api';
import { useTerminology } from '../../terminology/terminology.api';
import {
  createRequestOf,
  formValuesOf,
  measurableFormSchema,
  serverFieldErrors,
  updateRequestOf,
  type FormulaContext,
  type MeasurableFormValues,
} from '../measurable-form';
import { useArchiveMeasurable, useCreateMeasurable, useMeasurables, useUpdateMeasurable } from '../measurables.api';
import { FREQUENCY_TEXT, UNIT_TEXT } from '../measurable-words';
import { GoalFields } from './GoalFields';
import { KindFields } from './KindFields';

interface MeasurableDialogProps {
  teamId: string;
  frequency: ScorecardFrequency;
  /** null creates one. */
  measurable: Measurable | null;
  groups: MeasurableGroup[];
  onClose: () => void;
}

const sameTitle = (a: string, b: string) => a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();

/** Create a measurable, or edit, archive and restore one. */
export function MeasurableDialog(props: MeasurableDialogProps) {
  // Edits start from the version the dialog opened with; "Reload" after a conflict starts again from the saved one.
  const [editing, setEditing] = useState(props.measurable);
  const frequency = editing?.frequency ?? props.frequency;
  // All the team's measurables: a new one's frequency can still change, and the formula picker follows it.
  const teamMeasurables = useMeasurables({ teamId: props.teamId });
  const formKey = editing ? `${editing.id}:${editing.version}` : 'new';
  const people = usePeople();
  // The selects need their choices before the form sets them (a select cannot hold a value it does not offer).
  const ready = !people.isPending && (!editing?.formula || teamMeasurables.isSuccess);
  const reload = async () => {
    const fresh = await teamMeasurables.refetch();
    const latest = fresh.data?.find((candidate) => candidate.id === editing?.id);
    if (latest) setEditing(latest);
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : props.onClose())}
      title={editing ? `Edit ${editing.title}` : 'New measurable'}
      size="lg"
    >
      {ready ? (
        <MeasurableForm
          key={formKey}
          {...props}
          measurable={editing}
          frequency={frequency}
          teamMeasurables={teamMeasurables.data ?? []}
          people={people.data ?? []}
          onReload={() => void reload()}
        />
      ) : (
        <Spinner label="Loading" />
      )}
    </Dialog>
  );
}

interface MeasurableFormProps extends MeasurableDialogProps {
  teamMeasurables: Measurable[];
  people: Person[];
  onReload: () => void;
}

function MeasurableForm({
  teamId,
  frequency,
  measurable,
  groups,
  teamMeasurables,
  people,
  onClose,
  onReload,
}: MeasurableFormProps) {
  const terms = useTerminology();
  const userId = useSession((state) => state.user?.id ?? '');
  const create = useCreateMeasurable();
  const update = useUpdateMeasurable();
  const archive = useArchiveMeasurable();
  const [confirming, setConfirming] = useState(false);
  const titleOf = (id: string) => teamMeasurables.find((candidate) => candidate.id === id)?.title;
  // A formula names measurables of its own frequency; the title is looked up there first.
  const frequencyNow = useRef(frequency);
  const context = useMemo<FormulaContext>(
    () => ({
      idsOfTitle: (title) => {
        const named = teamMeasurables.filter((candidate) => sameTitle(candidate.title, title));
        const same = named.filter((candidate) => candidate.frequency === frequencyNow.current);
        return (same.length > 0 ? same : named).map(({ id }) => id);
      },
    }),
    [teamMeasurables],
  );
  const schema = useMemo(() => measurableFormSchema(context), [context]);
  const form = useForm<MeasurableFormValues>({
    resolver: zodResolver(schema),
    defaultValues: formValuesOf(measurable, { ownerId: userId, frequency, titleOf }),
  });
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors },
  } = form;
  frequencyNow.current = watch('frequency');
  const unit = watch('unit');
  const kind = watch('kind');
  const save = measurable ? update : create;
  const placed = serverFieldErrors(save.error);

  const onSaveError = (error: unknown) => {
    for (const [field, message] of serverFieldErrors(error).fields) setError(field, { type: 'server', message });
  };
  const submit = handleSubmit((values) => {
    archive.reset();
    if (measurable) {
      update.mutate(
        { id: measurable.id, ...updateRequestOf(values, measurable.version, context) },
        {
          onSuccess: () => {
            toast.success('Measurable saved');
            onClose();
          },
          onError: onSaveError,
        },
      );
    } else {
      create.mutate(createRequestOf(values, teamId, context), {
        onSuccess: (created) => {
          toast.success(`${created.title} added`);
          onClose();
        },
        onError: onSaveError,
      });
    }
  });
  const archiveNow = () => {
    if (!measurable) return;
    const archiving = measurable.archivedAt === null;
    archive.mutate(
      { id: measurable.id, version: measurable.version, archive: archiving },
      {
        onSuccess: () => {
          toast.success(archiving ? `${measurable.title} archived` : `${measurable.title} restored`);
          onClose();
        },
        onSettled: () => setConfirming(false),
      },
    );
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-3 md:grid-cols-2">
      <div className="grid gap-3 md:col-span-2">
        {placed.unplaced ? (
          <SaveProblem
            error={save.error}
            singular="measurable"
            fallback="Could not save the measurable."
            onReload={onReload}
          />
        ) : null}
        <SaveProblem
          error={archive.error}
          singular="measurable"
          fallback={`Could not ${measurable?.archivedAt ? 'restore' : 'archive'} the measurable.`}
          onReload={onReload}
        />
      </div>
      <div className="grid content-start gap-3">
        <TextField
          label="Title"
          maxLength={MEASURABLE_TITLE_MAX}
          error={errors.title?.message}
          {...register('title')}
        />
        <TextAreaField
          label="Description"
          rows={2}
          maxLength={MEASURABLE_DESCRIPTION_MAX}
          {...register('description')}
        />
        <SelectField label="Owner" error={errors.ownerId?.message} {...register('ownerId')}>
          <PersonOptions people={people} none="Choose an owner" current={measurable?.owner ?? null} />
        </SelectField>
        <SelectField
          label="Typed in by (optional)"
          error={errors.dataEntryUserId?.message}
          {...register('dataEntryUserId')}
        >
          <PersonOptions people={people} none="The owner" current={measurable?.dataEntry ?? null} />
        </SelectField>
        {measurable ? (
          <p className="text-sm text-slate-700 dark:text-slate-200">
            <span className="font-medium">Frequency:</span> {FREQUENCY_TEXT[measurable.frequency]}. It is fixed after
            creation; track another frequency with a new measurable.
          </p>
        ) : (
          <SelectField label="Frequency (fixed after creation)" {...register('frequency')}>
            {SCORECARD_FREQUENCIES.map((candidate) => (
              <option key={candidate} value={candidate}>
                {FREQUENCY_TEXT[candidate]}
              </option>
            ))}
          </SelectField>
        )}
        <SelectField label="Group" error={errors.groupId?.message} {...register('groupId')}>
          <option value="">No group</option>
          {groups.map((group) => (
            <option key={group.id} value={group.id}>
              {group.name}
            </option>
          ))}
        </SelectField>
      </div>
      <div className="grid content-start gap-3">
        <KindFields
          form={form}
          measurable={measurable}
          teamMeasurables={teamMeasurables}
          todoSingular={terms.todo_singular}
        />
        {kind === 'todo_completion' ? (
          <p className="text-sm text-slate-700 dark:text-slate-200">
            <span className="font-medium">Unit:</span> percent of {terms.todos_label} due in the period that were done.
          </p>
        ) : (
          <div className="grid gap-3 sm:grid-cols-2">
            <SelectField label="Unit" error={errors.unit?.message} {...register('unit')}>
              {(Object.keys(UNIT_TEXT) as ScorecardUnit[]).map((candidate) => (
                <option key={candidate} value={candidate}>
                  {UNIT_TEXT[candidate]}
                </option>
              ))}
            </SelectField>
            {unit === 'currency' ? (
              <TextField
                label="Currency code"
                maxLength={3}
                autoCapitalize="characters"
                placeholder="USD"
                error={errors.currencyCode?.message}
                {...register('currencyCode')}
              />
            ) : null}
            {unit === 'yes_no' || unit === 'time' ? null : (
              <SelectField label="Decimals" error={errors.decimals?.message} {...register('decimals')}>
                {Array.from({ length: MEASURABLE_DECIMALS_MAX + 1 }, (_, digits) => (
                  <option key={digits} value={String(digits)}>
                    {digits}
                  </option>
                ))}
              </SelectField>
            )}
          </div>
        )}
        <SelectField label="Total of the shown periods" {...register('aggregation')}>
          <option value="sum">Sum</option>
          <option value="average">Average</option>
          <option value="last">Last value</option>
        </SelectField>
      </div>
      <div className="md:col-span-2">
        <GoalFields form={form} />
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2 md:col-span-2">
        {measurable ? (
          <Button variant="secondary" onClick={() => setConfirming(true)}>
            {measurable.archivedAt ? 'Restore' : 'Archive'}
          </Button>
        ) : (
          <span />
        )}
        <FormActions onCancel={onClose} submitLabel={measurable ? 'Save' : 'Add measurable'} busy={save.isPending} />
      </div>
      {confirming && measurable ? (
        <ConfirmDialog
          title={measurable.archivedAt ? `Restore ${measurable.title}?` : `Archive ${measurable.title}?`}
          confirmLabel={measurable.archivedAt ? 'Restore' : 'Archive'}
          danger={!measurable.archivedAt}
          busy={archive.isPending}
          onConfirm={archiveNow}
          onCancel={() => setConfirming(false)}
        >
          {measurable.archivedAt
            ? 'It comes back on the scorecard with all its numbers.'
            : 'It leaves the scorecard; its numbers and goals are kept and it can be restored at any time.'}
        </ConfirmDialog>
      ) : null}
    </form>
  );
}
