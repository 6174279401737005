import { meetingPlannedMinutes, type Meeting } from '@keel/contract';
import { cx } from '../../../../ui/cx';
import { formatHours, spokenDuration } from './meeting-clock';

interface MeetingHeaderProps {
  meeting: Meeting;
  spentSeconds: number;
  large: boolean;
  onLargeChange: (large: boolean) => void;
}

const STATUS_TEXT: Record<Meeting['status'], string> = {
  scheduled: 'Scheduled',
  live: 'Live',
  paused: 'Paused',
  concluded: 'Ended',
};

const STATUS_CLASSES: Record<Meeting['status'], string> = {
  scheduled: 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100',
  live: 'bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-100',
  paused: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100',
  concluded: 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100',
};

/** The meeting's name, team, status and its total time against the plan. */
export function MeetingHeader({ meeting, spentSeconds, large, onLargeChange }: MeetingHeaderProps) {
  const plannedSeconds = meetingPlannedMinutes(meeting) * 60;
  const over = spentSeconds > plannedSeconds;
  return (
    <header className="flex flex-wrap items-start justify-between gap-3">
      <div className="min-w-0">
        <h1 className={cx('font-semibold text-slate-900 dark:text-slate-50', large ? 'text-4xl' : 'text-2xl')}>
          {meeting.name}
        </h1>
        <p className="text-sm text-slate-700 dark:text-slate-300">{meeting.teamName}</p>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <span
          className={cx('rounded-full px-3 py-1 text-sm font-semibold', STATUS_CLASSES[meeting.status])}
          data-testid="meeting-status"
        >
          {STATUS_TEXT[meeting.status]}
        </span>
        <p className={cx('tabular-nums text-slate-800 dark:text-slate-100', large ? 'text-2xl' : 'text-base')}>
          <span className="sr-only">
            {`Spent ${spokenDuration(spentSeconds)} of ${spokenDuration(plannedSeconds)} planned${over ? ', over time' : ''}`}
          </span>
          <span aria-hidden="true">
            <span className={over ? 'font-semibold text-red-700 dark:text-red-300' : undefined}>
              {formatHours(spentSeconds)}
            </span>
            {' / '}
            {formatHours(plannedSeconds)}
          </span>
        </p>
        <label className="flex items-center gap-2 text-sm text-slate-800 dark:text-slate-100">
          <input
            type="checkbox"
            className="size-4"
            checked={large}
            onChange={(event) => onLargeChange(event.target.checked)}
          />
          Large type
        </label>
      </div>
    </header>
  );
}
