import { afterEach, describe, expect, it, vi } from 'vitest';
import { FRAMEWORK_DEMO_EVENT, trackFeatureInterest } from './marketing-analytics';

describe('trackFeatureInterest', () => {
  afterEach(() => vi.restoreAllMocks());

  it('only logs locally, with the event name', () => {
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => undefined);
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    trackFeatureInterest(FRAMEWORK_DEMO_EVENT);
    expect(debug).toHaveBeenCalledWith(expect.any(String), 'Framework Switching Demo');
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
