import { meetingPlannedMinutes, sectionSecondsAt, type Meeting } from '@keel/contract';
import { usePageMeta } from '../../../../lib/page-meta';
import { Card } from '../../../../ui/Card';
import { cx } from '../../../../ui/cx';
import { formatAverage } from './RatingPanel';
import { RecapDecisions } from './RecapDecisions';
import { formatDuration, formatHours, minutesText } from './meeting-clock';

/** What a concluded meeting leaves: each section's time against its plan, the rating and who came. */
export function MeetingSummary({ meeting, large }: { meeting: Meeting; large: boolean }) {
  const seconds = sectionSecondsAt(meeting, Date.parse(meeting.serverNow));
  const spent = seconds.reduce((total, section) => total + section, 0);
  const present = meeting.attendees.filter((attendee) => attendee.present);
  const absent = meeting.attendees.filter((attendee) => !attendee.present);
  const rated = meeting.attendees.filter((attendee) => attendee.rating !== null).length;
  const title = `${meeting.name}: summary`;
  usePageMeta({ title, description: `${meeting.teamName}: how the meeting went`, robots: 'noindex,nofollow' });
  return (
    <div className="space-y-4">
      <header>
        <h1 className={cx('font-semibold text-slate-900 dark:text-slate-50', large ? 'text-4xl' : 'text-2xl')}>
          {title}
        </h1>
        <p className="text-sm text-slate-700 dark:text-slate-300">{`${meeting.teamName} · the meeting has ended`}</p>
      </header>
      <div className="grid gap-4 sm:grid-cols-2">
        <Card>
          <h2 className="text-sm font-medium text-slate-700 dark:text-slate-300">Average rating</h2>
          <p className="text-3xl font-semibold text-slate-900 dark:text-slate-50" data-testid="summary-average">
            {formatAverage(meeting.averageRating)}
          </p>
          <p className="text-sm text-slate-700 dark:text-slate-300">{`${rated} of ${meeting.attendees.length} rated`}</p>
        </Card>
        <Card>
          <h2 className="text-sm font-medium text-slate-700 dark:text-slate-300">Time</h2>
          <p className="text-3xl font-semibold tabular-nums text-slate-900 dark:text-slate-50">{formatHours(spent)}</p>
          <p className="text-sm text-slate-700 dark:text-slate-300">
            {`${formatHours(meetingPlannedMinutes(meeting) * 60)} planned`}
          </p>
        </Card>
      </div>
      {meeting.recap ? <RecapDecisions recap={meeting.recap} /> : null}
      <Card>
        <h2 className="mb-2 text-lg font-semibold text-slate-900 dark:text-slate-50">Sections</h2>
        <table className="w-full text-left text-sm">
          <thead>
            <tr className="text-slate-700 dark:text-slate-300">
              <th scope="col" className="py-1 font-medium">
                Section
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                Planned
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                Spent
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200 dark:divide-slate-700">
            {meeting.sections.map((section, index) => {
              const over = (seconds[index] ?? 0) > section.minutes * 60;
              return (
                <tr key={`${index}-${section.title}`} className="text-slate-900 dark:text-slate-50">
                  <th scope="row" className="py-1 font-normal">
                    {section.title}
                  </th>
                  <td className="py-1 text-right tabular-nums">{minutesText(section.minutes)}</td>
                  <td
                    className={cx(
                      'py-1 text-right tabular-nums',
                      over && 'font-semibold text-red-700 dark:text-red-300',
                    )}
                  >
                    {formatDuration(seconds[index] ?? 0)}
                    {over ? ' (over)' : ''}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </Card>
      <Card>
        <h2 className="mb-2 text-lg font-semibold text-slate-900 dark:text-slate-50">Attendance</h2>
        <p className="text-sm text-slate-900 dark:text-slate-50">
          {`Present (${present.length}): ${present.map((attendee) => attendee.name).join(', ') || 'no one'}`}
        </p>
        {absent.length > 0 ? (
          <p className="text-sm text-slate-700 dark:text-slate-300">
            {`Absent (${absent.length}): ${absent.map((attendee) => attendee.name).join(', ')}`}
          </p>
        ) : null}
      </Card>
    </div>
  );
}
