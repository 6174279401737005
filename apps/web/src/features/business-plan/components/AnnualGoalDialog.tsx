import { useState, type FormEvent } from 'react';
import { ANNUAL_GOAL_STATUSES, type AnnualGoal, type AnnualGoalStatus } from '@keel/contract';
import { errorText } from '../../../lib/api-client';
import { Banner } from '../../../ui/Banner';
import { Dialog } from '../../../ui/Dialog';
import { TextField } from '../../../ui/Field';
import { FormActions, PersonOptions, SelectField, TextAreaField } from '../../../ui/FormFields';
import type { Person } from '../../people/people.api';
import { GOAL_STATUS_LABELS, isStaleGoal, useCreateAnnualGoal, useUpdateAnnualGoal } from '../annual-goals.api';

interface Props {
  /** Null: a new goal of this team and year. */
  goal: AnnualGoal | null;
  teamId: string;
  year: number;
  goalWord: string;
  people: Person[];
  onClose: () => void;
}

interface Draft {
  title: string;
  target: string;
  description: string;
  ownerId: string;
  status: AnnualGoalStatus;
}

const draftOf = (goal: AnnualGoal | null): Draft => ({
  title: goal?.title ?? '',
  target: goal?.target ?? '',
  description: goal?.description ?? '',
  ownerId: goal?.owner?.id ?? '',
  status: goal?.status ?? 'not_started',
});

/** Adds a goal to a team's year, or edits one (a stale edit offers to start again from the saved goal). */
export function AnnualGoalDialog({ goal, teamId, year, goalWord, people, onClose }: Props) {
  const [draft, setDraft] = useState(() => draftOf(goal));
  const [titleError, setTitleError] = useState<string>();
  const create = useCreateAnnualGoal();
  const update = useUpdateAnnualGoal();
  const failed = goal ? update.error : create.error;
  const set = (changes: Partial<Draft>) => setDraft((current) => ({ ...current, ...changes }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!draft.title.trim()) {
      setTitleError(`A ${goalWord} needs a title`);
      return;
    }
    setTitleError(undefined);
    const fields = {
      title: draft.title.trim(),
      target: draft.target.trim(),
      description: draft.description.trim(),
      ownerId: draft.ownerId || null,
      status: draft.status,
    };
    if (goal) update.mutate({ id: goal.id, version: goal.version, ...fields }, { onSuccess: onClose });
    else create.mutate({ teamId, year, ...fields }, { onSuccess: onClose });
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={goal ? `Edit ${goalWord}` : `New ${goalWord} for ${year}`}
      size="lg"
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        {failed ? (
          <Banner tone={isStaleGoal(failed) ? 'warning' : 'error'}>
            {isStaleGoal(failed)
              ? 'Someone else changed this goal since you opened it. Close this window to see their change, then edit again.'
              : errorText(failed, 'The goal could not be saved. Please try again.')}
          </Banner>
        ) : null}
        <TextField
          label="Title"
          value={draft.title}
          onChange={(event) => set({ title: event.target.value })}
          error={titleError}
          maxLength={200}
          autoFocus
        />
        <TextField
          label="Target"
          hint="What done looks like, e.g. “$12M revenue”"
          value={draft.target}
          onChange={(event) => set({ target: event.target.value })}
          maxLength={300}
        />
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <SelectField label="Owner" value={draft.ownerId} onChange={(event) => set({ ownerId: event.target.value })}>
            <PersonOptions people={people} none="No owner" current={goal?.owner ?? null} />
          </SelectField>
          <SelectField
            label="Status"
            value={draft.status}
            onChange={(event) => set({ status: event.target.value as AnnualGoalStatus })}
          >
            {ANNUAL_GOAL_STATUSES.map((status) => (
              <option key={status} value={status}>
                {GOAL_STATUS_LABELS[status]}
              </option>
            ))}
          </SelectField>
        </div>
        <TextAreaField
          label="Description"
          value={draft.description}
          onChange={(event) => set({ description: event.target.value })}
          rows={3}
          maxLength={4000}
        />
        <FormActions onCancel={onClose} submitLabel="Save" busy={create.isPending || update.isPending} />
      </form>
    </Dialog>
  );
}
