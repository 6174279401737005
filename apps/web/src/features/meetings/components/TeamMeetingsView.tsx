import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { MeetingType } from '@keel/contract';
import { errorText, isConflict } from '../../../lib/api-error';
import { useTeamListPage } from '../../../lib/team-list-page';
import { Banner } from '../../../ui/Banner';
import { Button, buttonClasses } from '../../../ui/Button';
import { EmptyNote, ListPage, ListStates } from '../../../ui/ListPage';
import { meetingPagePath, useMeetingTypes, useRunningMeeting, useStartMeeting } from '../meetings.api';
import { useTerminology } from '../../terminology/terminology.api';
import { meetingsLabel } from '../../terminology/term-words';
import { regularMeetingCalendarPath, useCalendarDownload } from '../meeting-schedule.api';
import { AgendaDialog } from './AgendaDialog';
import { MeetingScheduleDialog } from './MeetingScheduleDialog';
import { MeetingTypeCard } from './MeetingTypeCard';
import { RecentMeetings } from './RecentMeetings';
import { ScheduleMeetingDialog } from './ScheduleMeetingDialog';

type OpenDialog =
  | { kind: 'edit'; key: string }
  | { kind: 'create' }
  | { kind: 'schedule'; type: MeetingType }
  | { kind: 'regular'; type: MeetingType }
  | null;

const WEEKLY_KEY = 'weekly-accountability';

/** A team's meetings: the running one to join, its meeting types to start, schedule or edit, and the latest ones. */
export function TeamMeetingsView({ teamId, teamName }: { teamId: string; teamName: string }) {
  const terms = useTerminology();
  useTeamListPage(meetingsLabel(terms), teamName, 'meeting');
  const types = useMeetingTypes(teamId);
  const running = useRunningMeeting(teamId);
  const start = useStartMeeting();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [startingKey, setStartingKey] = useState<string | null>(null);
  const calendar = useCalendarDownload();
  const list = types.data ?? [];
  const editing = dialog?.kind === 'edit' ? list.find((type) => type.key === dialog.key) : undefined;
  const weekly = list.find((type) => type.key === WEEKLY_KEY) ?? list[0];

  const startNow = (type: MeetingType) => {
    setStartingKey(type.key);
    start.mutate(
      { teamId, typeKey: type.key },
      { onSuccess: (meeting) => void navigate(meetingPagePath(meeting.typeKey, meeting.teamId)) },
    );
  };

  return (
    <ListPage
      titleId="meetings-title"
      title={meetingsLabel(terms)}
      subtitle={teamName}
      actions={
        weekly ? (
          <Button variant="secondary" onClick={() => setDialog({ kind: 'create' })}>
            New meeting type
          </Button>
        ) : undefined
      }
    >
      {running.data ? (
        <Banner
          tone="info"
          title={`${running.data.name} is ${running.data.status === 'paused' ? 'paused' : 'running now'}`}
          action={
            <Link
              to={meetingPagePath(running.data.typeKey, teamId)}
              className={buttonClasses('primary', 'sm', 'shrink-0 self-center')}
            >
              Join now
            </Link>
          }
        />
      ) : null}
      {start.error ? (
        <StartProblem
          error={start.error}
          joinPath={meetingPagePath(running.data?.typeKey ?? startingKey ?? WEEKLY_KEY, teamId)}
        />
      ) : null}
      <section aria-labelledby="meeting-types" className="grid gap-2">
        <h2 id="meeting-types" className="text-lg font-semibold text-slate-900 dark:text-white">
          Meeting types
        </h2>
        <ListStates
          query={types}
          loadingLabel="Loading meeting types"
          errorFallback="The meeting types could not be loaded."
          isEmpty={list.length === 0}
          empty={<EmptyNote>This team has no meeting types.</EmptyNote>}
        >
          <ul className="grid gap-3 md:grid-cols-2">
            {list.map((type) => (
              <MeetingTypeCard
                key={type.key}
                type={type}
                starting={start.isPending && startingKey === type.key}
                onStart={() => startNow(type)}
                onSchedule={() => setDialog({ kind: 'schedule', type })}
                onEdit={() => setDialog({ kind: 'edit', key: type.key })}
                onEditSchedule={() => setDialog({ kind: 'regular', type })}
                onDownloadCalendar={() => calendar.download(regularMeetingCalendarPath(teamId, type.key))}
                downloading={calendar.busyPath === regularMeetingCalendarPath(teamId, type.key)}
              />
            ))}
          </ul>
        </ListStates>
      </section>
      <RecentMeetings teamId={teamId} />
      {editing ? (
        <AgendaDialog
          mode="edit"
          type={editing}
          teamId={teamId}
          onClose={() => setDialog(null)}
          onReload={() => types.refetch()}
        />
      ) : null}
      {dialog?.kind === 'create' && weekly ? (
        <AgendaDialog
          mode="create"
          startFrom={weekly.sections}
          teamId={teamId}
          onClose={() => setDialog(null)}
          onReload={() => types.refetch()}
        />
      ) : null}
      {dialog?.kind === 'regular' ? (
        <MeetingScheduleDialog
          key={dialog.type.version}
          teamId={teamId}
          type={dialog.type}
          onClose={() => setDialog(null)}
          onReload={async () => {
            // The form keeps the type it opened with, so someone else's change answers 409 until reloaded.
            const fresh = (await types.refetch()).data?.find((type) => type.key === dialog.type.key);
            if (fresh) setDialog({ kind: 'regular', type: fresh });
          }}
        />
      ) : null}
      {dialog?.kind === 'schedule' ? (
        <ScheduleMeetingDialog teamId={teamId} type={dialog.type} onClose={() => setDialog(null)} />
      ) : null}
    </ListPage>
  );
}

/** A refused start: a meeting already running offers to join it; anything else says why. */
function StartProblem({ error, joinPath }: { error: unknown; joinPath: string }) {
  if (!isConflict(error)) {
    return <Banner tone="error">{errorText(error, 'The meeting could not be started. Please try again.')}</Banner>;
  }
  return (
    <Banner
      tone="warning"
      action={
        <Link to={joinPath} className={buttonClasses('primary', 'sm', 'shrink-0 self-center')}>
          Join
        </Link>
      }
    >
      {errorText(error, 'A meeting of this team is already running.')}
    </Banner>
  );
}
