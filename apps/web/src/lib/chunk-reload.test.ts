import { afterEach, describe, expect, it, vi } from 'vitest';
import { importWithReload, isStaleChunkError } from './chunk-reload';

afterEach(() => vi.restoreAllMocks());

describe('isStaleChunkError', () => {
  it.each([
    'Failed to fetch dynamically imported module: https://x/assets/Page-abc.js',
    'Importing a module script failed.',
    'Unable to preload CSS for /assets/index.css',
    "Expected a JavaScript module script but the server responded with a MIME type of 'text/html'",
  ])('recognises "%s"', (message) => {
    expect(isStaleChunkError(new TypeError(message))).toBe(true);
  });

  it('ignores ordinary errors', () => {
    expect(isStaleChunkError(new Error('Cannot read properties of undefined'))).toBe(false);
  });
});

describe('importWithReload', () => {
  it('reloads once on a stale chunk, then lets the next failure through', async () => {
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
    const failing = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module'));

    void importWithReload(failing);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(sessionStorage.getItem('chunkReloadAttempted')).toBe('1');

    await expect(importWithReload(failing)).rejects.toThrow('Failed to fetch dynamically imported module');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('clears the guard after a successful load', async () => {
    sessionStorage.setItem('chunkReloadAttempted', '1');
    await expect(importWithReload(() => Promise.resolve('module'))).resolves.toBe('module');
    expect(sessionStorage.getItem('chunkReloadAttempted')).toBeNull();
  });
});
