import { SESSION_KEYS, readStorage, removeStorage, writeStorage } from './storage-keys';

const STALE_CHUNK_PATTERNS = [
  /failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /importing a module script failed/i,
  /loading (css )?chunk [\w-]+ failed/i,
  /unable to preload css/i,
  /mime type/i,
  /chunkloaderror/i,
];

/** Spec section 2: module, chunk, stylesheet or MIME-type failures mean a newer deploy replaced our files. */
export function isStaleChunkError(error: unknown): boolean {
  const text = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  return STALE_CHUNK_PATTERNS.some((pattern) => pattern.test(text));
}

/**
 * Wraps a dynamic import: on a stale-chunk failure the page reloads once to pick up the new
 * assets. The session flag stops a reload loop when the files are really missing; a later
 * successful load clears it so a future deploy can reload again.
 */
export async function importWithReload<T>(load: () => Promise<T>): Promise<T> {
  try {
    const loaded = await load();
    removeStorage(sessionStorage, SESSION_KEYS.chunkReloaded);
    return loaded;
  } catch (error) {
    if (isStaleChunkError(error) && readStorage(sessionStorage, SESSION_KEYS.chunkReloaded) === null) {
      writeStorage(sessionStorage, SESSION_KEYS.chunkReloaded, '1');
      window.location.reload();
      // Keep the route pending while the browser reloads instead of flashing the error page.
      return new Promise<T>(() => undefined);
    }
    throw error;
  }
}
