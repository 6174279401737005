import { plannedMinutes, type MeetingType } from '@keel/contract';
import { countOf } from '../../../lib/words';
import { Button } from '../../../ui/Button';
import { scheduleText } from './meeting-schedule-words';

interface MeetingTypeCardProps {
  type: MeetingType;
  starting: boolean;
  onStart: () => void;
  onSchedule: () => void;
  onEdit: () => void;
  onEditSchedule: () => void;
  /** Downloads the regular meeting's .ics; shown once the type has a regular day. */
  onDownloadCalendar: () => void;
  downloading: boolean;
}

/** One meeting type of a team: its length and sections, and what can be done with it. */
export function MeetingTypeCard(props: MeetingTypeCardProps) {
  const { type, starting, onStart, onSchedule, onEdit, onEditSchedule, onDownloadCalendar, downloading } = props;
  const shown = type.sections.filter((section) => section.visible).length;
  const headingId = `meeting-type-${type.key}`;
  return (
    <li
      aria-labelledby={headingId}
      className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900"
    >
      <div>
        <h3 id={headingId} className="font-semibold text-slate-900 wrap-anywhere dark:text-white">
          {type.name}
        </h3>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {countOf(plannedMinutes(type.sections), 'minute', 'minutes')} planned ·{' '}
          {countOf(shown, 'section', 'sections')}
          {type.builtIn ? (type.customized ? ' · Your agenda' : ' · Default agenda') : ' · Your own type'}
        </p>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {type.schedule ? scheduleText(type.schedule, plannedMinutes(type.sections)) : 'No regular day yet'}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" loading={starting} onClick={onStart} aria-label={`Start now: ${type.name}`}>
          Start now
        </Button>
        <Button size="sm" variant="secondary" onClick={onSchedule} aria-label={`Schedule…: ${type.name}`}>
          Schedule…
        </Button>
        <Button size="sm" variant="secondary" onClick={onEdit} aria-label={`Edit agenda: ${type.name}`}>
          Edit agenda
        </Button>
        <Button size="sm" variant="secondary" onClick={onEditSchedule} aria-label={`Regular day…: ${type.name}`}>
          Regular day…
        </Button>
        {type.schedule ? (
          <Button
            size="sm"
            variant="ghost"
            loading={downloading}
            onClick={onDownloadCalendar}
            aria-label={`Add to calendar (.ics): ${type.name}`}
          >
            Add to calendar (.ics)
          </Button>
        ) : null}
      </div>
    </li>
  );
}
