import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeJwt, inSeconds, stubFetch } from '../test-utils/fetch-stub';
import { ApiError, apiRequest, apiRequestWithHeaders, errorText, onSessionExpired } from './api-client';

const expired = vi.fn();

beforeEach(() => {
  expired.mockReset();
  onSessionExpired(expired);
  localStorage.setItem('accessToken', 'old-access');
  localStorage.setItem('refreshToken', 'old-refresh');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('apiRequest', () => {
  it('sends the Bearer token and unwraps {data}', async () => {
    const stub = stubFetch({ 'GET /things': { body: { data: { id: 1 } } } });
    await expect(apiRequest('/things')).resolves.toEqual({ id: 1 });
    expect(stub.calls[0]?.headers.get('Authorization')).toBe('Bearer old-access');
  });

  it('passes a body without envelope through (terminology answers the labels directly)', async () => {
    stubFetch({ 'GET /labels': { body: { issues_label: 'Issues' } } });
    await expect(apiRequest('/labels')).resolves.toEqual({ issues_label: 'Issues' });
  });

  it('returns the response headers with the data', async () => {
    stubFetch({ 'GET /status': { body: { data: { hasSubscription: false } }, headers: { 'x-trial-active': 'true' } } });
    const { data, headers } = await apiRequestWithHeaders('/status');
    expect(data).toEqual({ hasSubscription: false });
    expect(headers.get('x-trial-active')).toBe('true');
  });

  it("throws an ApiError carrying the server's error text, code and status", async () => {
    stubFetch({
      'POST /things': { status: 409, body: { error: 'Somebody changed this first', code: 'things.stale' } },
    });
    const error = await apiRequest('/things', { method: 'POST', body: {} }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, code: 'things.stale', serverMessage: 'Somebody changed this first' });
    expect(errorText(error, 'fallback')).toBe('Somebody changed this first');
  });

  it('uses the fallback text when the server gave none', async () => {
    stubFetch({ 'GET /broken': { status: 502 } });
    const error = await apiRequest('/broken').catch((caught: unknown) => caught);
    expect(errorText(error, 'Login failed')).toBe('Login failed');
  });
});

describe('refresh and retry on 401', () => {
  it('refreshes once, stores the new pair and retries the request once', async () => {
    const stub = stubFetch({
      'GET /things': [{ status: 401, body: { error: 'Expired', code: 'auth.expired' } }, { body: { data: 'ok' } }],
      'POST /auth/refresh': { body: { data: { accessToken: 'new-access', refreshToken: 'new-refresh' } } },
    });
    await expect(apiRequest('/things')).resolves.toBe('ok');
    expect(stub.callsTo('POST /auth/refresh')).toHaveLength(1);
    expect(stub.callsTo('POST /auth/refresh')[0]?.body).toEqual({ refreshToken: 'old-refresh' });
    const retries = stub.callsTo('GET /things');
    expect(retries).toHaveLength(2);
    expect(retries[1]?.headers.get('Authorization')).toBe('Bearer new-access');
    expect(localStorage.getItem('refreshToken')).toBe('new-refresh');
    expect(expired).not.toHaveBeenCalled();
  });

  it('retries only once: a second 401 becomes the error', async () => {
    const stub = stubFetch({
      'GET /things': { status: 401, body: { error: 'Still no', code: 'auth.expired' } },
      'POST /auth/refresh': { body: { data: { accessToken: 'new-access', refreshToken: 'new-refresh' } } },
    });
    await expect(apiRequest('/things')).rejects.toMatchObject({ status: 401, serverMessage: 'Still no' });
    expect(stub.callsTo('GET /things')).toHaveLength(2);
    expect(stub.callsTo('POST /auth/refresh')).toHaveLength(1);
  });

  it('shares one refresh between parallel requests (refresh tokens rotate)', async () => {
    const stub = stubFetch({
      'GET /a': [{ status: 401 }, { body: { data: 'a' } }],
      'GET /b': [{ status: 401 }, { body: { data: 'b' } }],
      'POST /auth/refresh': { body: { data: { accessToken: 'new-access', refreshToken: 'new-refresh' } } },
    });
    await expect(Promise.all([apiRequest('/a'), apiRequest('/b')])).resolves.toEqual(['a', 'b']);
    expect(stub.callsTo('POST /auth/refresh')).toHaveLength(1);
  });

  it('clears the tokens and ends the session when the refresh is refused', async () => {
    stubFetch({
      'GET /things': { status: 401 },
      'POST /auth/refresh': { status: 401, body: { error: 'Refresh token revoked', code: 'auth.revoked' } },
    });
    await expect(apiRequest('/things')).rejects.toMatchObject({ status: 401 });
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(localStorage.getItem('refreshToken')).toBeNull();
    expect(expired).toHaveBeenCalledTimes(1);
  });

  it('ends the session without calling the server when there is no refresh token', async () => {
    localStorage.removeItem('refreshToken');
    const stub = stubFetch({ 'GET /things': { status: 401 } });
    await expect(apiRequest('/things')).rejects.toMatchObject({ status: 401 });
    expect(stub.callsTo('POST /auth/refresh')).toHaveLength(0);
    expect(expired).toHaveBeenCalledTimes(1);
  });

  it('keeps the session when the refresh endpoint is merely unavailable', async () => {
    stubFetch({ 'GET /things': { status: 401 }, 'POST /auth/refresh': { status: 503 } });
    await expect(apiRequest('/things')).rejects.toMatchObject({ status: 401 });
    expect(localStorage.getItem('refreshToken')).toBe('old-refresh');
    expect(expired).not.toHaveBeenCalled();
  });

  it.each(['/auth/login', '/auth/register', '/auth/refresh', '/auth/google/callback'])(
    'does not refresh on a 401 from the credential endpoint %s',
    async (path) => {
      const stub = stubFetch({
        [`POST ${path}`]: { status: 401, body: { error: 'Invalid email or password', code: 'auth.invalid' } },
      });
      await expect(apiRequest(path, { method: 'POST', body: {} })).rejects.toMatchObject({
        serverMessage: 'Invalid email or password',
      });
      // Only the original call: no refresh, no retry.
      expect(stub.calls).toHaveLength(1);
    },
  );

  it('does refresh for signed-in calls under /auth such as the profile', async () => {
    const stub = stubFetch({
      'GET /auth/profile': [{ status: 401 }, { body: { data: { id: 'u' } } }],
      'POST /auth/refresh': { body: { data: { accessToken: fakeJwt(inSeconds(900)), refreshToken: 'r2' } } },
    });
    await expect(apiRequest('/auth/profile')).resolves.toEqual({ id: 'u' });
    expect(stub.callsTo('POST /auth/refresh')).toHaveLength(1);
  });
});

describe('timeout', () => {
  it('aborts after 30 s with a timeout error', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_input: RequestInfo | URL, init?: RequestInit) =>
          new Promise<Response>((_resolve, reject) => {
            init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
          }),
      ),
    );
    const pending = apiRequest('/slow').catch((caught: unknown) => caught);
    await vi.advanceTimersByTimeAsync(29_999);
    let settled = false;
    void pending.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(pending).resolves.toMatchObject({ code: 'network.timeout', status: 0 });
  });
});
