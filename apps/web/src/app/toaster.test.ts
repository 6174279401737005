import { describe, expect, it } from 'vitest';
import { TOAST_OPTIONS } from './toaster';

describe('toast durations (spec section 9)', () => {
  it('are 4 s for blank and error, 2 s for success and unlimited for loading', () => {
    expect(TOAST_OPTIONS.blank.duration).toBe(4000);
    expect(TOAST_OPTIONS.error.duration).toBe(4000);
    expect(TOAST_OPTIONS.success.duration).toBe(2000);
    expect(TOAST_OPTIONS.loading.duration).toBe(Infinity);
  });
});
