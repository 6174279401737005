import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import type { MeetingType } from '@keel/contract';
import { ApiError, errorText } from '../../../lib/api-error';
import { Banner } from '../../../ui/Banner';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { TextField } from '../../../ui/Field';
import { useStartMeeting } from '../meetings.api';
import { formatDateTime } from './meeting-words';

interface ScheduleMeetingDialogProps {
  teamId: string;
  type: MeetingType;
  onClose: () => void;
}

/** Plans a meeting of a type for a date and time (sent as scheduledAt). */
export function ScheduleMeetingDialog({ teamId, type, onClose }: ScheduleMeetingDialogProps) {
  const start = useStartMeeting();
  const [when, setWhen] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const instant = new Date(when);
    if (when === '' || Number.isNaN(instant.getTime())) {
      setProblem('Please choose a date and time.');
      return;
    }
    setProblem(null);
    const scheduledAt = instant.toISOString();
    start.mutate(
      { teamId, typeKey: type.key, scheduledAt },
      {
        onSuccess: () => {
          toast.success(`Scheduled ${type.name} for ${formatDateTime(scheduledAt)}.`);
          onClose();
        },
      },
    );
  };

  const fieldError =
    start.error instanceof ApiError
      ? start.error.details.find((detail) => detail.path === 'scheduledAt')?.message
      : undefined;

  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={`Schedule ${type.name}`}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="schedule-meeting-form" loading={start.isPending}>
            Schedule
          </Button>
        </>
      }
    >
      <form id="schedule-meeting-form" onSubmit={submit} noValidate className="grid gap-3">
        {start.error && !fieldError ? (
          <Banner tone="error">{errorText(start.error, 'The meeting could not be scheduled.')}</Banner>
        ) : null}
        <TextField
          label="Date and time"
          type="datetime-local"
          value={when}
          onChange={(event) => setWhen(event.target.value)}
          error={problem ?? fieldError}
          required
        />
      </form>
    </Dialog>
  );
}
