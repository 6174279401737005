import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';

/** Long enough that no upload or copy still running (on this server or another sharing the disk) is touched. */
export const STALE_UPLOAD_MS = 24 * 60 * 60 * 1000;

/**
 * Removes the temporary files a process stopped in the middle of an upload left behind (the spool under
 * `tmpDir`, the local driver's `.incoming`): they are nobody's file, only room taken. Returns how many went.
 */
export async function removeStaleUploads(
  directories: readonly string[],
  now = Date.now(),
  olderThanMs = STALE_UPLOAD_MS,
): Promise<number> {
  let removed = 0;
  for (const directory of directories) {
    const names = await readdir(directory).catch(() => [] as string[]);
    for (const name of names) {
      const file = path.join(directory, name);
      const info = await stat(file).catch(() => null);
      if (!info?.isFile() || now - info.mtimeMs < olderThanMs) continue;
      await rm(file, { force: true });
      removed += 1;
    }
  }
  return removed;
}
