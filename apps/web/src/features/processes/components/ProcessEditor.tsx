import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  createProcessRequestSchema,
  type Department,
  PROCESS_PURPOSE_MAX,
  PROCESS_REVIEW_DAYS_MAX,
  PROCESS_TITLE_MAX,
  type Process,
  type ProcessStep,
  processStepSchema,
  PROCESS_STEPS_MAX,
} from '@keel/contract';
import { z } from 'zod';
import { errorText, isConflict } from '../../../lib/api-client';
import { requiredTitle } from '../../../lib/form-schemas';
import { Banner } from '../../../ui/Banner';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/Field';
import { PersonOptions, SelectField, TextAreaField } from '../../../ui/FormFields';
import type { Person } from '../../people/people.api';
import { useTerminology } from '../../terminology/terminology.api';
import { useSaveProcess } from '../processes.api';
import { StepsEditor, type StepErrors } from './StepsEditor';

const contract = createProcessRequestSchema.shape;

const processFormSchema = z.object({
  title: requiredTitle(contract.title),
  purpose: z
    .string()
    .max(PROCESS_PURPOSE_MAX, { error: `The purpose must be at most ${PROCESS_PURPOSE_MAX} characters` }),
  teamId: contract.teamId,
  ownerId: z.string(),
  reviewEveryDays: z
    .number({ error: 'Give the number of days between reviews' })
    .int({ error: 'Give a whole number of days' })
    .min(1, { error: 'Review at least every day' })
    .max(PROCESS_REVIEW_DAYS_MAX, { error: `Review at least every ${PROCESS_REVIEW_DAYS_MAX} days` }),
  steps: z.array(processStepSchema).max(PROCESS_STEPS_MAX),
});
type ProcessForm = z.infer<typeof processFormSchema>;

/** The messages of a step's title and text, where the form refused them. */
const messages = (error: { title?: { message?: string }; body?: { message?: string } }) => ({
  ...(error.title?.message ? { title: error.title.message } : {}),
  ...(error.body?.message ? { body: error.body.message } : {}),
});

const formOf = (process: Process): ProcessForm => ({
  title: process.title,
  purpose: process.purpose,
  teamId: process.teamId,
  ownerId: process.ownerId ?? '',
  reviewEveryDays: process.reviewEveryDays,
  steps: process.steps,
});

interface ProcessEditorProps {
  /** The process as last read; after someone else's save it is their version. */
  process: Process;
  teams: Department[];
  people: Person[];
  onDone: () => void;
}

/** Edits a process; a save names the version it started from, and a stale one keeps what was typed. */
export function ProcessEditor({ process, teams, people, onDone }: ProcessEditorProps) {
  const terms = useTerminology();
  const save = useSaveProcess();
  const [baseVersion, setBaseVersion] = useState(process.version);
  const {
    register,
    handleSubmit,
    setValue,
    watch,
    formState: { errors, isSubmitted },
  } = useForm<ProcessForm>({ resolver: zodResolver(processFormSchema), defaultValues: formOf(process) });
  const steps = watch('steps');
  const conflict = save.isError && isConflict(save.error);

  const stepErrors: StepErrors = {};
  steps.forEach((step, index) => {
    const error = errors.steps?.[index];
    if (!error) return;
    const subSteps: NonNullable<StepErrors[number]['subSteps']> = {};
    step.subSteps.forEach((_subStep, subIndex) => {
      const subError = error.subSteps?.[subIndex];
      if (subError) subSteps[subIndex] = messages(subError);
    });
    stepErrors[index] = { ...messages(error), subSteps };
  });

  const submit = handleSubmit((form) =>
    save.mutate(
      {
        id: process.id,
        version: baseVersion,
        title: form.title,
        purpose: form.purpose.trim(),
        teamId: form.teamId,
        ownerId: form.ownerId || null,
        reviewEveryDays: form.reviewEveryDays,
        steps: form.steps,
      },
      { onSuccess: onDone },
    ),
  );

  return (
    <form
      onSubmit={(event) => void submit(event)}
      aria-label={`Edit ${process.title}`}
      className="grid gap-4"
      noValidate
    >
      <TextField label="Title" maxLength={PROCESS_TITLE_MAX} error={errors.title?.message} {...register('title')} />
      <TextAreaField label="Purpose" rows={3} maxLength={PROCESS_PURPOSE_MAX} {...register('purpose')} />
      {errors.purpose?.message ? (
        <p className="text-sm text-red-700 dark:text-red-300">{errors.purpose.message}</p>
      ) : null}
      <div className="grid gap-3 sm:grid-cols-3">
        <SelectField label={terms.team_label} {...register('teamId')}>
          {teams.map((team) => (
            <option key={team.id} value={team.id}>
              {team.name}
            </option>
          ))}
        </SelectField>
        <SelectField label="Owner" {...register('ownerId')}>
          <PersonOptions people={people} none="No owner" current={process.owner} />
        </SelectField>
        <TextField
          label="Review every (days)"
          type="number"
          inputMode="numeric"
          min={1}
          max={PROCESS_REVIEW_DAYS_MAX}
          error={errors.reviewEveryDays?.message}
          {...register('reviewEveryDays', { valueAsNumber: true })}
        />
      </div>
      <StepsEditor
        steps={steps}
        errors={stepErrors}
        onChange={(next: ProcessStep[]) => setValue('steps', next, { shouldDirty: true, shouldValidate: isSubmitted })}
      />
      {conflict ? (
        <Banner
          tone="warning"
          title={`Someone else saved this ${terms.process_singular} while you were editing`}
          action={
            <span className="flex flex-wrap gap-2">
              <Button
                size="sm"
                variant="secondary"
                onClick={() => {
                  setBaseVersion(process.version);
                  save.reset();
                }}
              >
                Keep my changes
              </Button>
              <Button size="sm" variant="ghost" onClick={onDone}>
                Discard my changes
              </Button>
            </span>
          }
        >
          What you typed is still here. Keep your changes to save them over theirs (version {process.version}), or
          discard them to read what they saved.
        </Banner>
      ) : save.isError ? (
        <Banner tone="error">
          {errorText(save.error, `The ${terms.process_singular} could not be saved. Please try again.`)}
        </Banner>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" loading={save.isPending} disabled={conflict}>
          Save
        </Button>
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
