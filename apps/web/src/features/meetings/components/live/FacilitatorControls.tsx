import { useEffect, useState } from 'react';
import type { Meeting } from '@keel/contract';
import { Button } from '../../../../ui/Button';
import { ConfirmDialog } from '../../../../ui/ConfirmDialog';
import type { useMeetingMoves } from './use-meeting-moves';

interface FacilitatorControlsProps {
  meeting: Meeting;
  canLead: boolean;
  moves: ReturnType<typeof useMeetingMoves>;
}

/** Widgets whose own arrow keys move inside them (a grid's cells, a tab list…): the page leaves those keys alone. */
const ARROW_KEY_WIDGETS =
  '[role="grid"],[role="listbox"],[role="tablist"],[role="radiogroup"],[role="menu"],[role="slider"]';

const keysBelongToTarget = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable ||
    ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) ||
    target.closest(ARROW_KEY_WIDGETS) !== null);

/** Previous / Next (also ← / →), Pause / Resume and Conclude, for those who move the meeting along. */
export function FacilitatorControls({ meeting, canLead, moves }: FacilitatorControlsProps) {
  const [confirming, setConfirming] = useState(false);
  const { moveTo } = moves;
  const current = meeting.currentSection;
  const last = meeting.sections.length - 1;

  useEffect(() => {
    if (!canLead) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      if (event.defaultPrevented || keysBelongToTarget(event.target)) return;
      if (document.querySelector('[role="dialog"]')) return;
      if (event.key === 'ArrowRight') moveTo(current + 1);
      else if (event.key === 'ArrowLeft') moveTo(current - 1);
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [canLead, current, moveTo]);

  return (
    <div className="space-y-2">
      <div className="flex flex-wrap gap-2" role="group" aria-label="Move the meeting">
        <Button
          variant="secondary"
          disabled={!canLead || current === 0}
          loading={moves.pendingTo === current - 1}
          onClick={() => moveTo(current - 1)}
          aria-keyshortcuts="ArrowLeft"
        >
          Previous
        </Button>
        <Button
          disabled={!canLead || current === last}
          loading={moves.pendingTo === current + 1}
          onClick={() => moveTo(current + 1)}
          aria-keyshortcuts="ArrowRight"
        >
          Next
        </Button>
        {meeting.status === 'paused' ? (
          <Button variant="secondary" disabled={!canLead} loading={moves.acting === 'resume'} onClick={moves.resume}>
            Resume
          </Button>
        ) : (
          <Button variant="secondary" disabled={!canLead} loading={moves.acting === 'pause'} onClick={moves.pause}>
            Pause
          </Button>
        )}
        <Button variant="danger" disabled={!canLead} onClick={() => setConfirming(true)}>
          Conclude the meeting
        </Button>
      </div>
      <p className="text-xs text-slate-700 dark:text-slate-300">
        {canLead
          ? 'Tip: use the ← and → keys to move between sections. Everyone follows.'
          : 'The facilitator or the scribe moves the meeting along; your screen follows them.'}
      </p>
      {confirming ? (
        <ConfirmDialog
          title="Conclude the meeting?"
          confirmLabel="Conclude"
          danger
          busy={moves.acting === 'conclude'}
          onCancel={() => setConfirming(false)}
          onConfirm={() => moves.conclude(() => setConfirming(false))}
        >
          The timers stop and everyone sees the summary. A concluded meeting cannot be reopened.
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
