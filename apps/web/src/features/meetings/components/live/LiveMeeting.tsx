import { useEffect, useRef, useState } from 'react';
import type { Meeting } from '@keel/contract';
import { usePageMeta } from '../../../../lib/page-meta';
import { useMeetingPresence } from '../../../../lib/realtime-react';
import { useSession } from '../../../../lib/session-store';
import { Banner } from '../../../../ui/Banner';
import { Button } from '../../../../ui/Button';
import { Card } from '../../../../ui/Card';
import { useMeetingAttendance } from '../../meetings.api';
import { QuickAdd } from '../sections/QuickAdd';
import { SectionObjects } from '../sections/SectionObjects';
import { AgendaList } from './AgendaList';
import { AttendeesPanel } from './AttendeesPanel';
import { FacilitatorControls } from './FacilitatorControls';
import { MeetingHeader } from './MeetingHeader';
import { MeetingNotes } from './MeetingNotes';
import { RatingPanel } from './RatingPanel';
import { SectionPanel } from './SectionPanel';
import { useSectionSeconds } from './meeting-clock';
import { canLeadMeeting } from './meeting-lead';
import { useMeetingMoves } from './use-meeting-moves';

interface LiveMeetingProps {
  meeting: Meeting;
  refetch: () => unknown;
  large: boolean;
  onLargeChange: (large: boolean) => void;
}

/** Marks the signed-in person present once when they open a meeting that lists them as absent. */
function useMarkPresentOnOpen(meeting: Meeting, userId: string | null) {
  const attendance = useMeetingAttendance();
  const marked = useRef<string | null>(null);
  const listedAbsent = meeting.attendees.some((attendee) => attendee.userId === userId && !attendee.present);
  useEffect(() => {
    if (!userId || !listedAbsent || marked.current === meeting.id) return;
    marked.current = meeting.id;
    attendance.mutate({ id: meeting.id, userId, present: true });
  }, [attendance, listedAbsent, meeting.id, userId]);
}

/** A running meeting: everyone follows the lead's section unless they browse another one on their own. */
export function LiveMeeting({ meeting, refetch, large, onLargeChange }: LiveMeetingProps) {
  const user = useSession((state) => state.user);
  const userId = user?.id ?? null;
  const canLead = canLeadMeeting(meeting, user);
  const seconds = useSectionSeconds(meeting);
  const moves = useMeetingMoves(meeting, refetch);
  const [browsing, setBrowsing] = useState<number | null>(null);
  useMarkPresentOnOpen(meeting, userId);
  usePageMeta({
    title: meeting.name,
    description: `${meeting.teamName}: the meeting running now`,
    robots: 'noindex,nofollow',
  });

  const shownIndex = moves.pendingTo ?? browsing ?? meeting.currentSection;
  const here = useMeetingPresence(meeting.teamId, meeting.id, shownIndex);
  const following = browsing === null || browsing === meeting.currentSection;
  const shown = meeting.sections[shownIndex];
  const totalSpent = seconds.reduce((total, section) => total + section, 0);

  const choose = (index: number) => {
    if (canLead) {
      setBrowsing(null);
      moves.moveTo(index);
    } else setBrowsing(index === meeting.currentSection ? null : index);
  };

  return (
    <div className="space-y-4">
      <MeetingHeader meeting={meeting} spentSeconds={totalSpent} large={large} onLargeChange={onLargeChange} />
      {moves.notice ? (
        <Banner
          tone={moves.notice.tone}
          action={
            <Button size="sm" variant="ghost" onClick={moves.dismissNotice}>
              Dismiss
            </Button>
          }
        >
          {moves.notice.text}
        </Banner>
      ) : null}
      {meeting.status === 'paused' ? (
        <Banner tone="warning">The meeting is paused: the timers are stopped until it resumes.</Banner>
      ) : null}
      <FacilitatorControls meeting={meeting} canLead={canLead} moves={moves} />
      <div className="grid gap-4 lg:grid-cols-[minmax(0,20rem)_minmax(0,1fr)]">
        <AgendaList
          meeting={meeting}
          seconds={seconds}
          shownIndex={shownIndex}
          large={large}
          onChoose={choose}
          chooseHint={
            canLead ? 'Choosing a section moves everyone there.' : 'Choosing a section shows it on your screen only.'
          }
        />
        <div className="min-w-0 space-y-4">
          <SectionPanel
            meeting={meeting}
            index={shownIndex}
            spentSeconds={seconds[shownIndex] ?? 0}
            large={large}
            onFollow={following ? null : () => setBrowsing(null)}
          >
            {shown?.kind === 'conclude' ? <RatingPanel meeting={meeting} userId={userId} /> : null}
            {shown ? <SectionObjects kind={shown.kind} meeting={meeting} large={large} canLead={canLead} /> : null}
          </SectionPanel>
          <MeetingNotes meeting={meeting} canLead={canLead} large={large} refetch={refetch} />
          <QuickAdd meeting={meeting} />
          <Card>
            <AttendeesPanel meeting={meeting} canLead={canLead} here={here} />
          </Card>
        </div>
      </div>
    </div>
  );
}
