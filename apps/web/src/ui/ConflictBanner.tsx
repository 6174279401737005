import { errorText, isConflict } from '../lib/api-error';
import { Banner } from './Banner';
import { Button } from './Button';

/** A stale save: someone else's change won; reloading shows it so the person can decide again. */
export function ConflictBanner({ singular, onReload }: { singular: string; onReload: () => void }) {
  return (
    <Banner
      tone="warning"
      title={`Someone else changed this ${singular}`}
      action={
        <Button size="sm" variant="secondary" onClick={onReload}>
          Reload
        </Button>
      }
    >
      Reload to see their change, then try again.
    </Banner>
  );
}

interface SaveProblemProps {
  /** The failed write's error, or null when nothing failed. */
  error: unknown;
  /** The thing being saved, as the organization names it (e.g. its terminology's singular). */
  singular: string;
  /** Shown when the error carries no message of its own. */
  fallback: string;
  onReload: () => void;
}

/** What went wrong with a write: a stale version offers to reload, anything else says why. */
export function SaveProblem({ error, singular, fallback, onReload }: SaveProblemProps) {
  if (!error) return null;
  if (isConflict(error)) return <ConflictBanner singular={singular} onReload={onReload} />;
  return <Banner tone="error">{errorText(error, fallback)}</Banner>;
}
