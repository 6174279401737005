import { Banner } from '../../../ui/Banner';
import { Button } from '../../../ui/Button';

/** A stale save: someone else's change won; reloading shows it so the person can decide again. */
export function ConflictBanner({ singular, onReload }: { singular: string; onReload: () => void }) {
  return (
    <Banner
      tone="warning"
      title={`Someone else changed this ${singular.toLowerCase()}`}
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
