import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearTokens, storeTokens } from '../../lib/tokens';
import { fakeJwt, inSeconds, stubFetch } from '../../test-utils/fetch-stub';
import { recordFeatureInterest } from './analytics.api';

afterEach(() => {
  clearTokens();
  vi.unstubAllGlobals();
});

const sent = async (server: ReturnType<typeof stubFetch>) => {
  await vi.waitFor(() => expect(server.callsTo('POST /analytics/events')).toHaveLength(1));
  return server.callsTo('POST /analytics/events')[0]!;
};

describe('recordFeatureInterest', () => {
  it('sends the signed-in person’s token, so the interest counts for their organization', async () => {
    const token = fakeJwt(inSeconds(900));
    storeTokens(token);
    const server = stubFetch({ 'POST /analytics/events': { status: 202, body: { data: { success: true } } } });
    recordFeatureInterest('framework_demo');
    const call = await sent(server);
    expect(call.body).toEqual({ name: 'feature_interest', feature: 'framework_demo' });
    expect(call.headers.get('authorization')).toBe(`Bearer ${token}`);
  });

  it('sends an expired token’s event as a visitor’s', async () => {
    storeTokens(fakeJwt(inSeconds(-60)));
    const server = stubFetch({ 'POST /analytics/events': { status: 202, body: { data: { success: true } } } });
    recordFeatureInterest('framework_demo');
    expect((await sent(server)).headers.get('authorization')).toBeNull();
  });
});
