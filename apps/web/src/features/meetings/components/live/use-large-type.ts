import { useCallback, useState } from 'react';
import { readStorage, writeStorage } from '../../../../lib/storage-keys';

/** Remembered per device: the meeting room's shared screen keeps it, a laptop does not get it. */
const LARGE_TYPE_KEY = 'meetingLargeType';

export function useLargeType(): [boolean, (large: boolean) => void] {
  const [large, setLarge] = useState(() => readStorage(localStorage, LARGE_TYPE_KEY) === 'true');
  const change = useCallback((next: boolean) => {
    setLarge(next);
    writeStorage(localStorage, LARGE_TYPE_KEY, String(next));
  }, []);
  return [large, change];
}
