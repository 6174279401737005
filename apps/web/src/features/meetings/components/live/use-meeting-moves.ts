import { useEffect, useState } from 'react';
import type { Meeting } from '@keel/contract';
import { errorText, isConflict } from '../../../../lib/api-client';
import { useMeetingAction, useNavigateMeeting, type MeetingAction } from '../../meetings.api';

export interface MeetingNotice {
  tone: 'info' | 'error';
  text: string;
}

/**
 * The lead's moves (navigate, pause, resume, conclude). A 409 means someone else moved the meeting
 * first: the page says so politely and fetches the meeting as it now is.
 */
export function useMeetingMoves(meeting: Meeting, refetch: () => unknown) {
  const navigate = useNavigateMeeting();
  const action = useMeetingAction();
  const [notice, setNotice] = useState<MeetingNotice | null>(null);
  const [pendingTo, setPendingTo] = useState<number | null>(null);
  // The target stays on screen from the click until the meeting arrives there (no flicker back), and
  // further moves wait for it: each names the section the server really is at.
  useEffect(() => setPendingTo(null), [meeting.currentSection]);

  const failed = (fallback: string) => (error: unknown) => {
    if (isConflict(error)) {
      setNotice({ tone: 'info', text: errorText(error, 'Someone else changed the meeting first. Here it is now.') });
      void refetch();
      return;
    }
    setNotice({ tone: 'error', text: errorText(error, fallback) });
  };

  const moveTo = (to: number) => {
    if (to < 0 || to >= meeting.sections.length || to === meeting.currentSection || pendingTo !== null) return;
    setNotice(null);
    setPendingTo(to);
    navigate.mutate(
      { id: meeting.id, from: meeting.currentSection, to },
      {
        onError: (error) => {
          setPendingTo(null);
          failed('The meeting could not move to that section. Please try again.')(error);
        },
      },
    );
  };

  const run = (kind: MeetingAction, fallback: string, onSettled?: () => void) => {
    setNotice(null);
    action.mutate({ id: meeting.id, action: kind }, { onError: failed(fallback), onSettled });
  };

  return {
    notice,
    dismissNotice: () => setNotice(null),
    pendingTo,
    acting: action.isPending ? action.variables.action : null,
    moveTo,
    pause: () => run('pause', 'The meeting could not be paused. Please try again.'),
    resume: () => run('resume', 'The meeting could not be resumed. Please try again.'),
    conclude: (onSettled: () => void) =>
      run('conclude', 'The meeting could not be ended. Please try again.', onSettled),
  };
}
