import { afterEach, beforeEach, vi } from 'vitest';

/**
 * Stubs `window.location` for the suite, with an `assign` spy that starts each test empty, and clears
 * sessionStorage before each test. Returns the spy.
 */
export function stubLocationAssign() {
  const assign = vi.fn();
  beforeEach(() => {
    sessionStorage.clear();
    assign.mockReset();
    vi.stubGlobal('location', { ...window.location, assign });
  });
  afterEach(() => vi.unstubAllGlobals());
  return assign;
}
