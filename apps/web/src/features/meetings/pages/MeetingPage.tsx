import { useEffect, useState } from 'react';
import { useLocation, useParams } from 'react-router';
import { errorText } from '../../../lib/api-client';
import { usePageMeta } from '../../../lib/page-meta';
import { useRealtimeTeam } from '../../../lib/realtime-react';
import { Banner } from '../../../ui/Banner';
import { Button } from '../../../ui/Button';
import { Spinner } from '../../../ui/Spinner';
import { TextLink } from '../../../ui/TextLink';
import { cx } from '../../../ui/cx';
import { useTerminology } from '../../terminology/terminology.api';
import { pageTitle, type PageId } from '../../workspace/page-catalog';
import { meetingPagePath, useMeeting, useRunningMeeting } from '../meetings.api';
import { AgendaPreview } from '../components/live/AgendaPreview';
import { LiveMeeting } from '../components/live/LiveMeeting';
import { MeetingSummary } from '../components/live/MeetingSummary';
import { useLargeType } from '../components/live/use-large-type';

/** Older addresses of a built-in type's page. */
const TYPE_ALIASES: Record<string, string> = { 'weekly-accountability-original': 'weekly-accountability' };

const BUILT_IN_PAGES: Record<string, PageId> = {
  'weekly-accountability': 'weeklyMeeting',
  'weekly-express': 'weeklyExpress',
  'quarterly-planning': 'quarterlyPlanning',
  'annual-planning': 'annualPlanning',
};

/** The page's heading until the meeting or its type has loaded (or when neither can be). */
function MeetingPageHeading({ title }: { title: string }) {
  usePageMeta({ title, description: 'A team meeting, run live together', robots: 'noindex,nofollow' });
  return <h1 className="text-2xl font-semibold text-slate-900 dark:text-slate-50">{title}</h1>;
}

/** The type comes from `:typeKey`, or from the fixed path (`/meetings/weekly-express/:teamId`). */
function useMeetingAddress() {
  const params = useParams();
  const { pathname } = useLocation();
  const segment = params.typeKey ?? pathname.split('/')[2] ?? '';
  return { typeKey: TYPE_ALIASES[segment] ?? segment, teamId: params.teamId ?? null };
}

function LoadError({ error, retry, fallback }: { error: unknown; retry: () => unknown; fallback: string }) {
  return (
    <Banner
      tone="error"
      action={
        <Button size="sm" variant="secondary" onClick={() => void retry()}>
          Try again
        </Button>
      }
    >
      {errorText(error, fallback)}
    </Banner>
  );
}

function OtherMeeting({ name, teamName, to }: { name: string; teamName: string; to: string }) {
  const title = `${teamName} is in another meeting`;
  usePageMeta({ title, description: `${teamName} is running ${name} now`, robots: 'noindex,nofollow' });
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold text-slate-900 dark:text-slate-50">{title}</h1>
      <Banner tone="info">
        {`“${name}” is running now. `}
        <TextLink to={to}>Join {name}</TextLink>
      </Banner>
    </div>
  );
}

/** The meeting that just ended on this screen, as everyone saw it end. */
function EndedMeeting({ id, large, onDone }: { id: string; large: boolean; onDone: () => void }) {
  const meeting = useMeeting(id);
  if (meeting.isPending) return <Spinner className="size-8" label="Loading the summary…" />;
  if (meeting.isError)
    return <LoadError error={meeting.error} retry={meeting.refetch} fallback="The summary could not be loaded." />;
  return (
    <div className="space-y-4">
      <MeetingSummary meeting={meeting.data} large={large} />
      <Button variant="secondary" onClick={onDone}>
        Back to the agenda
      </Button>
    </div>
  );
}

/** /meetings/{type}/{teamId}: the team's meeting of that type, run live by everyone together. */
export default function MeetingPage() {
  const { typeKey, teamId } = useMeetingAddress();
  const [large, setLarge] = useLargeType();
  const terms = useTerminology();
  const builtIn = BUILT_IN_PAGES[typeKey];
  const fallbackTitle = builtIn ? pageTitle(builtIn, terms) : 'Meeting';
  const running = useRunningMeeting(teamId);
  const [endedId, setEndedId] = useState<string | null>(null);
  useRealtimeTeam(teamId);

  const meeting = running.data ?? null;
  const ours = meeting !== null && meeting.typeKey === typeKey;
  useEffect(() => {
    if (meeting && ours) setEndedId(meeting.id);
  }, [meeting, ours]);

  let body;
  if (!teamId || running.isPending || running.isError)
    body = (
      <div className="space-y-4">
        <MeetingPageHeading title={fallbackTitle} />
        {!teamId ? (
          <Banner tone="error">This address does not name a team.</Banner>
        ) : running.isPending ? (
          <Spinner className="size-8" label="Loading the meeting…" />
        ) : (
          <LoadError error={running.error} retry={running.refetch} fallback="The meeting could not be loaded." />
        )}
      </div>
    );
  else if (meeting && !ours)
    body = (
      <OtherMeeting
        name={meeting.name}
        teamName={meeting.teamName}
        to={meetingPagePath(meeting.typeKey, meeting.teamId)}
      />
    );
  else if (meeting)
    body = <LiveMeeting meeting={meeting} refetch={running.refetch} large={large} onLargeChange={setLarge} />;
  else if (endedId) body = <EndedMeeting id={endedId} large={large} onDone={() => setEndedId(null)} />;
  else
    body = (
      <div className="space-y-4">
        <label className="flex items-center gap-2 text-sm text-slate-800 dark:text-slate-100">
          <input
            type="checkbox"
            className="size-4"
            checked={large}
            onChange={(event) => setLarge(event.target.checked)}
          />
          Large type
        </label>
        <AgendaPreview
          teamId={teamId}
          typeKey={typeKey}
          fallbackTitle={fallbackTitle}
          large={large}
          refetchRunning={running.refetch}
        />
      </div>
    );

  return <div className={cx('mx-auto w-full max-w-6xl p-4', large && 'text-lg')}>{body}</div>;
}
