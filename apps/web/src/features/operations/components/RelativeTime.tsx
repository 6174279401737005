import { exactTime, relativeTime } from '../words';

/** "3 minutes ago", with the exact moment in its title (on hover) and in its machine-readable value. */
export function RelativeTime({ at, now }: { at: string; now: number }) {
  return (
    <time dateTime={at} title={exactTime(at)}>
      {relativeTime(at, now)}
    </time>
  );
}
