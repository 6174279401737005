import toast from 'react-hot-toast';
import { Button } from '../../../ui/Button';

interface TurnOnOffButtonProps {
  /** What is turned on or off, as the toast names it ("Endpoint", "Channel"). */
  noun: string;
  enabled: boolean;
  busy: boolean;
  /** Saves the other state; resolves once saved. */
  onToggle: (enabled: boolean, options: { onSuccess: () => void }) => void;
}

/** Turns a connection to another system off or back on, and says so once saved. */
export function TurnOnOffButton({ noun, enabled, busy, onToggle }: TurnOnOffButtonProps) {
  return (
    <Button
      size="sm"
      variant="secondary"
      loading={busy}
      onClick={() => onToggle(!enabled, { onSuccess: () => toast.success(`${noun} turned ${enabled ? 'off' : 'on'}`) })}
    >
      {enabled ? 'Turn off' : 'Turn on'}
    </Button>
  );
}
