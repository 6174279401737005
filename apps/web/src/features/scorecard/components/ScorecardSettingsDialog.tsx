import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import toast from 'react-hot-toast';
import { z } from 'zod';
import { scorecardReminderSchema, type ScorecardSettings } from '@keel/contract';
import { errorText } from '../../../lib/api-client';
import { Banner } from '../../../ui/Banner';
import { Checkbox } from '../../../ui/Checkbox';
import { SaveProblem } from '../../../ui/ConflictBanner';
import { Dialog } from '../../../ui/Dialog';
import { TextField } from '../../../ui/Field';
import { FormActions, SelectField } from '../../../ui/FormFields';
import { Spinner } from '../../../ui/Spinner';
import { useCurrentOrganization } from '../../organization/organization.api';
import { useScorecardSettings, useUpdateScorecardSettings } from '../measurables.api';

/** The contract's reminder, with the day as the select holds it (text). */
const reminderFormSchema = scorecardReminderSchema.extend({
  weekday: z.string().transform(Number).pipe(scorecardReminderSchema.shape.weekday),
});
type ReminderForm = z.input<typeof reminderFormSchema>;

export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

interface ScorecardSettingsDialogProps {
  teamId: string;
  onClose: () => void;
}

/** When owners whose numbers are still missing get a reminder e-mail: on or off, the day and the time. */
export function ScorecardSettingsDialog({ teamId, onClose }: ScorecardSettingsDialogProps) {
  const settings = useScorecardSettings(teamId);
  const organization = useCurrentOrganization();
  // The form keeps the settings it opened with, even when a change elsewhere refreshes them: what the
  // person chose stays, and a save answers 409 until they reload.
  const [opened, setOpened] = useState<ScorecardSettings | null>(null);
  const shown = opened ?? settings.data ?? null;
  const reload = async () => {
    const fresh = await settings.refetch();
    if (fresh.data) setOpened(fresh.data);
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Reminders for missing numbers"
      size="sm"
    >
      {shown ? (
        <SettingsForm
          key={shown.version}
          settings={shown}
          timeZone={organization.data?.timezone ?? null}
          onClose={onClose}
          onReload={() => void reload()}
          onEdit={() => setOpened((current) => current ?? shown)}
        />
      ) : settings.isError ? (
        <Banner tone="error">{errorText(settings.error, 'The reminder settings could not be loaded.')}</Banner>
      ) : (
        <Spinner label="Loading the reminder settings" />
      )}
    </Dialog>
  );
}

interface SettingsFormProps {
  settings: ScorecardSettings;
  timeZone: string | null;
  onClose: () => void;
  onReload: () => void;
  /** Pins the settings the form started from once the person changes something. */
  onEdit: () => void;
}

function SettingsForm({ settings, timeZone, onClose, onReload, onEdit }: SettingsFormProps) {
  const update = useUpdateScorecardSettings();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ReminderForm, unknown, z.output<typeof reminderFormSchema>>({
    resolver: zodResolver(reminderFormSchema),
    defaultValues: { ...settings.reminder, weekday: String(settings.reminder.weekday) },
  });
  const submit = handleSubmit((reminder) =>
    update.mutate(
      { teamId: settings.teamId, reminder, version: settings.version },
      {
        onSuccess: () => {
          toast.success(reminder.enabled ? 'Reminders saved' : 'Reminders turned off');
          onClose();
        },
      },
    ),
  );
  return (
    <form onSubmit={(event) => void submit(event)} onChange={onEdit} noValidate className="grid gap-3">
      <SaveProblem
        error={update.error}
        singular="setting"
        fallback="Could not save the reminder settings."
        onReload={onReload}
      />
      <p className="text-sm text-slate-700 dark:text-slate-200">
        Owners (or the person who types for them) whose numbers for the current period are still missing get an e-mail
        with a link to their own numbers.
      </p>
      <Checkbox label="Send reminders" {...register('enabled')} />
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField label="Day" error={errors.weekday?.message} {...register('weekday')}>
          {WEEKDAYS.map((day, index) => (
            <option key={day} value={String(index)}>
              {day}
            </option>
          ))}
        </SelectField>
        <TextField label="Time" type="time" step={60} error={errors.time?.message} {...register('time')} />
      </div>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        {timeZone
          ? `Times are in the organization’s time zone, ${timeZone}.`
          : 'Times are in the organization’s time zone.'}
      </p>
      <FormActions onCancel={onClose} submitLabel="Save" busy={update.isPending} />
    </form>
  );
}
