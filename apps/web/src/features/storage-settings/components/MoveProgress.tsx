import type { StorageMove } from '@keel/contract';
import { errorText } from '../../../lib/api-client';
import { Banner } from '../../../ui/Banner';
import { Button } from '../../../ui/Button';
import { filesText, placeLabel } from '../storage-words';

const HEADINGS: Record<StorageMove['status'], (from: string, to: string) => string> = {
  running: (from, to) => `Moving files from ${from} to ${to}`,
  done: (from, to) => `Files moved from ${from} to ${to}`,
  failed: (from, to) => `The move from ${from} to ${to} stopped`,
};

interface MoveProgressProps {
  move: StorageMove;
  onRetry: () => void;
  retrying: boolean;
  retryError: unknown;
}

/** The background move of existing files: how far it got, and what to do when it stopped. */
export function MoveProgress({ move, onRetry, retrying, retryError }: MoveProgressProps) {
  const from = placeLabel(move.from);
  const to = placeLabel(move.to);
  const percent = move.total > 0 ? Math.round((move.moved / move.total) * 100) : 100;
  const counted = `${move.moved.toLocaleString('en-US')} of ${filesText(move.total)} moved`;
  return (
    <section aria-labelledby="storage-move-title" className="space-y-3">
      <h2 id="storage-move-title" className="text-lg font-semibold text-slate-900 dark:text-white">
        {HEADINGS[move.status](from, to)}
      </h2>
      <p className="text-sm text-slate-700 dark:text-slate-200" aria-live="polite">
        {move.status === 'running' ? `Moving in the background: ${counted}.` : null}
        {move.status === 'done' ? `Done: ${counted}.` : null}
        {move.status === 'failed' ? `Stopped: ${counted}.` : null}
      </p>
      <div
        role="progressbar"
        aria-label="Files moved"
        aria-valuemin={0}
        aria-valuemax={move.total}
        aria-valuenow={move.moved}
        aria-valuetext={counted}
        className="h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
      >
        <div className="h-full bg-brand transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      {move.status === 'running' ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          You can leave this page. Every file stays readable while it moves.
        </p>
      ) : null}
      {move.status === 'failed' ? (
        <div className="space-y-3">
          <Banner tone="error">
            {move.error ?? 'The move stopped before every file was moved.'} The files not moved yet stay readable in{' '}
            {from}; nothing was lost.
          </Banner>
          {retryError ? (
            <Banner tone="error">
              {errorText(retryError, 'The move could not be started again. Please try again.')}
            </Banner>
          ) : null}
          <Button loading={retrying} onClick={onRetry}>
            Try again
          </Button>
        </div>
      ) : null}
    </section>
  );
}
