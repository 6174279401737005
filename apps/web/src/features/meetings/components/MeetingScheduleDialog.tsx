import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import toast from 'react-hot-toast';
import { z } from 'zod';
import { meetingScheduleSchema, plannedMinutes, type MeetingType } from '@keel/contract';
import { Button } from '../../../ui/Button';
import { SaveProblem } from '../../../ui/ConflictBanner';
import { Dialog } from '../../../ui/Dialog';
import { TextField } from '../../../ui/Field';
import { FormActions, SelectField } from '../../../ui/FormFields';
import { useCurrentOrganization } from '../../organization/organization.api';
import { useSaveMeetingSchedule } from '../meeting-schedule.api';
import { WEEKDAYS } from './meeting-schedule-words';

/** The contract's schedule, with the day and the length as the form holds them (text; an empty length: the agenda's). */
const scheduleFormSchema = meetingScheduleSchema.extend({
  weekday: z.string().transform(Number).pipe(meetingScheduleSchema.shape.weekday),
  minutes: z
    .string()
    .trim()
    .transform((value) => (value === '' ? null : Number(value)))
    .pipe(meetingScheduleSchema.shape.minutes),
});
type ScheduleForm = z.input<typeof scheduleFormSchema>;

interface MeetingScheduleDialogProps {
  teamId: string;
  type: MeetingType;
  onClose: () => void;
  /** Fetches the team's meeting types again (after someone else's change). */
  onReload: () => Promise<unknown>;
}

/** "Meets every … at … for … minutes": the team's regular day, time and length for a meeting type. */
export function MeetingScheduleDialog({ teamId, type, onClose, onReload }: MeetingScheduleDialogProps) {
  const save = useSaveMeetingSchedule();
  const organization = useCurrentOrganization();
  const timeZone = organization.data?.timezone ?? null;
  const planned = plannedMinutes(type.sections);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ScheduleForm, unknown, z.output<typeof scheduleFormSchema>>({
    resolver: zodResolver(scheduleFormSchema),
    defaultValues: {
      weekday: String(type.schedule?.weekday ?? 1),
      time: type.schedule?.time ?? '09:00',
      minutes: type.schedule?.minutes === null || !type.schedule ? '' : String(type.schedule.minutes),
    },
  });
  const send = (schedule: z.output<typeof scheduleFormSchema> | null) =>
    save.mutate(
      { teamId, key: type.key, schedule, version: type.version },
      {
        onSuccess: () => {
          toast.success(
            schedule
              ? `${type.name} now meets every ${WEEKDAYS[schedule.weekday]} at ${schedule.time}.`
              : `${type.name} has no regular day any more.`,
          );
          onClose();
        },
      },
    );
  const submit = handleSubmit((schedule) => send(schedule));
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())} title={`Regular day: ${type.name}`} size="sm">
      <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-3">
        <SaveProblem
          error={save.error}
          singular="meeting type"
          fallback="The regular day could not be saved. Please try again."
          onReload={() => {
            save.reset();
            void onReload();
          }}
        />
        <fieldset className="grid gap-3 sm:grid-cols-3">
          <legend className="mb-2 text-sm text-slate-700 sm:col-span-3 dark:text-slate-200">Meets every</legend>
          <SelectField label="Day" error={errors.weekday?.message} {...register('weekday')}>
            {WEEKDAYS.map((day, index) => (
              <option key={day} value={String(index)}>
                {day}
              </option>
            ))}
          </SelectField>
          <TextField label="At" type="time" step={60} error={errors.time?.message} {...register('time')} />
          <TextField
            label="For (minutes)"
            type="number"
            inputMode="numeric"
            min={5}
            placeholder={String(planned)}
            error={errors.minutes?.message}
            {...register('minutes')}
          />
        </fieldset>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {timeZone
            ? `Times are in the organization’s time zone, ${timeZone}.`
            : 'Times are in the organization’s time zone.'}{' '}
          Leave the length empty to use the agenda’s {planned} minutes.
        </p>
        {type.schedule ? (
          <Button variant="ghost" size="sm" className="justify-self-start" onClick={() => send(null)}>
            No regular day
          </Button>
        ) : null}
        <FormActions onCancel={onClose} submitLabel="Save" busy={save.isPending} />
      </form>
    </Dialog>
  );
}
