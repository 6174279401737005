import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeJwt, inSeconds, stubFetch } from '../test-utils/fetch-stub';
import { refreshIfDue, startBackgroundRefresh } from './token-refresh';

beforeEach(() => localStorage.setItem('refreshToken', 'r1'));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const refreshReply = { body: { data: { accessToken: fakeJwt(inSeconds(900)), refreshToken: 'r2' } } };

describe('refreshIfDue', () => {
  it('does nothing while the token has more than 5 minutes left', async () => {
    localStorage.setItem('accessToken', fakeJwt(inSeconds(900)));
    const stub = stubFetch({ 'POST /auth/refresh': refreshReply });
    await expect(refreshIfDue()).resolves.toBe(true);
    expect(stub.calls).toHaveLength(0);
  });

  it('refreshes inside the margin', async () => {
    localStorage.setItem('accessToken', fakeJwt(inSeconds(200)));
    const stub = stubFetch({ 'POST /auth/refresh': refreshReply });
    await expect(refreshIfDue()).resolves.toBe(true);
    expect(stub.callsTo('POST /auth/refresh')).toHaveLength(1);
    expect(localStorage.getItem('refreshToken')).toBe('r2');
  });

  it('only logs a failed proactive refresh and keeps the tokens', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    localStorage.setItem('accessToken', fakeJwt(inSeconds(200)));
    stubFetch({ 'POST /auth/refresh': { status: 503 } });
    await expect(refreshIfDue()).resolves.toBe(false);
    expect(warn).toHaveBeenCalled();
    expect(localStorage.getItem('refreshToken')).toBe('r1');
  });
});

describe('startBackgroundRefresh', () => {
  it('checks at once, every 2 minutes and when the tab becomes visible', async () => {
    vi.useFakeTimers();
    localStorage.setItem('accessToken', fakeJwt(inSeconds(900)));
    const stub = stubFetch({ 'POST /auth/refresh': refreshReply });
    const stop = startBackgroundRefresh();
    await vi.advanceTimersByTimeAsync(0);
    expect(stub.calls).toHaveLength(0);

    localStorage.setItem('accessToken', fakeJwt(inSeconds(250)));
    await vi.advanceTimersByTimeAsync(120_000);
    expect(stub.callsTo('POST /auth/refresh')).toHaveLength(1);

    localStorage.setItem('accessToken', fakeJwt(inSeconds(250)));
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(0);
    expect(stub.callsTo('POST /auth/refresh')).toHaveLength(2);

    stop();
    localStorage.setItem('accessToken', fakeJwt(inSeconds(250)));
    await vi.advanceTimersByTimeAsync(240_000);
    expect(stub.callsTo('POST /auth/refresh')).toHaveLength(2);
  });
});
