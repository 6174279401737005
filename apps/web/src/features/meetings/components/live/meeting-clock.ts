import { useEffect, useMemo, useState } from 'react';
import { sectionSecondsAt, type Meeting } from '@keel/contract';

/** "1:05:09", or "5:09" under an hour. */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = String(seconds % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}

/** "1:05:09" always with hours, for totals a shared screen compares at a glance. */
export function formatHours(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const hours = Math.floor(seconds / 3600);
  const minutes = String(Math.floor((seconds % 3600) / 60)).padStart(2, '0');
  return `${hours}:${minutes}:${String(seconds % 60).padStart(2, '0')}`;
}

/** Words for a screen reader: "4 minutes 9 seconds". */
export function spokenDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const parts = [
    hours > 0 ? `${hours} ${hours === 1 ? 'hour' : 'hours'}` : null,
    minutes > 0 ? `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}` : null,
    `${seconds % 60} ${seconds % 60 === 1 ? 'second' : 'seconds'}`,
  ];
  return parts.filter(Boolean).join(' ');
}

export const minutesText = (minutes: number) => `${minutes} min`;

/**
 * Seconds spent in each section, ticking every second on the server's clock: the offset between the
 * server's `serverNow` and this device's clock is taken when the answer arrives, so a page opened late,
 * a device whose clock is wrong, a lost connection or a server restart all show the same time.
 */
export function useSectionSeconds(
  meeting: Pick<Meeting, 'sections' | 'currentSection' | 'sectionStartedAt' | 'serverNow'>,
): number[] {
  const offset = useMemo(() => Date.parse(meeting.serverNow) - Date.now(), [meeting.serverNow]);
  const [deviceNow, setDeviceNow] = useState(() => Date.now());
  const running = meeting.sectionStartedAt !== null;
  useEffect(() => {
    setDeviceNow(Date.now());
    if (!running) return;
    const timer = window.setInterval(() => setDeviceNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [running, meeting.serverNow]);
  return sectionSecondsAt(meeting, deviceNow + offset);
}
