import { useEffect, useState, useSyncExternalStore } from 'react';

/** The current time, renewed every `intervalMs` so "5 seconds ago" keeps counting while the page is open. */
export function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** Tailwind's md: from here a list has room for its table; below it each row is a card. */
const WIDE_ENOUGH_FOR_TABLE = '(min-width: 768px)';

const wideEnough = () => typeof window.matchMedia !== 'function' || window.matchMedia(WIDE_ENOUGH_FOR_TABLE).matches;

function subscribeToWidth(onChange: () => void) {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const query = window.matchMedia(WIDE_ENOUGH_FOR_TABLE);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** Whether the screen is wide enough for a table (one tree is drawn, so each checkbox exists once). */
export const useWideEnoughForTable = () => useSyncExternalStore(subscribeToWidth, wideEnough, () => true);
