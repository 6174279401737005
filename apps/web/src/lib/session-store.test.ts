import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '../test-utils/fixtures';
import { fakeJwt, inSeconds, stubFetch } from '../test-utils/fetch-stub';
import { setNavigator } from './navigation';
import { useSession } from './session-store';

const navigate = vi.fn();

beforeEach(() => {
  navigate.mockReset();
  setNavigator(navigate);
  useSession.setState({ status: 'loading', user: null });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('logout', () => {
  it('clears the tokens, the organization id and every organization theme, keeping other settings', async () => {
    const stub = stubFetch({ 'POST /auth/logout': { body: { data: { success: true } } } });
    useSession.getState().signIn({ user: makeUser(), accessToken: fakeJwt(inSeconds(900)), refreshToken: 'refresh-1' });
    localStorage.setItem('orgTheme_org-a', '{}');
    localStorage.setItem('orgTheme_org-b', '{}');
    localStorage.setItem('darkMode', 'true');
    localStorage.setItem('selectedDepartmentId', 'dep-1');

    await useSession.getState().logout();

    expect(stub.callsTo('POST /auth/logout')[0]?.body).toEqual({ refreshToken: 'refresh-1' });
    for (const key of ['accessToken', 'refreshToken', 'organizationId', 'orgTheme_org-a', 'orgTheme_org-b']) {
      expect(localStorage.getItem(key)).toBeNull();
    }
    expect(localStorage.getItem('darkMode')).toBe('true');
    expect(localStorage.getItem('selectedDepartmentId')).toBe('dep-1');
    expect(useSession.getState()).toMatchObject({ status: 'signedOut', user: null });
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
  });

  it('signs out locally even when the server cannot be reached', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    stubFetch({ 'POST /auth/logout': { status: 500 } });
    useSession.getState().signIn({ user: makeUser(), accessToken: fakeJwt(inSeconds(900)), refreshToken: 'r' });
    await useSession.getState().logout();
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(useSession.getState().status).toBe('signedOut');
  });
});

describe('signIn', () => {
  it('stores the tokens and the organization id, then sets the user', () => {
    const user = makeUser();
    useSession.getState().signIn({ user, accessToken: fakeJwt(inSeconds(900)), refreshToken: 'refresh-1' });
    expect(localStorage.getItem('refreshToken')).toBe('refresh-1');
    expect(localStorage.getItem('organizationId')).toBe(user.organizationId);
    expect(useSession.getState()).toMatchObject({ status: 'signedIn', user });
  });
});

describe('initialize', () => {
  it('ends signed out at once without a token, calling nothing', async () => {
    const stub = stubFetch({});
    await useSession.getState().initialize();
    expect(useSession.getState().status).toBe('signedOut');
    expect(stub.calls).toHaveLength(0);
  });

  it('sets the user from a successful profile check', async () => {
    localStorage.setItem('accessToken', fakeJwt(inSeconds(900)));
    stubFetch({ 'GET /auth/profile': { body: { data: makeUser({ role: 'owner' }) } } });
    await useSession.getState().initialize();
    expect(useSession.getState()).toMatchObject({ status: 'signedIn', user: { role: 'owner' } });
  });

  it('clears both tokens when the profile check fails', async () => {
    localStorage.setItem('accessToken', fakeJwt(inSeconds(900)));
    localStorage.setItem('refreshToken', 'r');
    stubFetch({ 'GET /auth/profile': { status: 500 } });
    await useSession.getState().initialize();
    expect(useSession.getState().status).toBe('signedOut');
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(localStorage.getItem('refreshToken')).toBeNull();
  });

  it.each([
    ['no answer', () => Promise.reject(new TypeError('Failed to fetch'))],
    [
      'an answer cut off in its body',
      () => Promise.resolve({ ok: true, status: 200, text: () => Promise.reject(new TypeError('network error')) }),
    ],
  ])(
    'keeps the tokens and asks again when the profile check gets %s (a page left mid-check)',
    async (_what, answer) => {
      vi.useFakeTimers();
      try {
        localStorage.setItem('accessToken', fakeJwt(inSeconds(900)));
        localStorage.setItem('refreshToken', 'r');
        const unreachable = vi.fn(answer);
        vi.stubGlobal('fetch', unreachable);
        const checking = useSession.getState().initialize();
        await vi.runAllTimersAsync();
        await checking;
        expect(unreachable).toHaveBeenCalledTimes(3);
        expect(useSession.getState().status).toBe('signedOut');
        expect(localStorage.getItem('refreshToken')).toBe('r');
        expect(localStorage.getItem('accessToken')).not.toBeNull();
      } finally {
        vi.useRealTimers();
        vi.unstubAllGlobals();
      }
    },
  );
});

describe('expire', () => {
  it('goes to /login from a signed-in page', () => {
    window.history.pushState({}, '', '/scorecard');
    useSession.getState().expire();
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
  });

  it.each(['/', '/login', '/register', '/consultant-register'])('stays on %s', (path) => {
    window.history.pushState({}, '', path);
    useSession.getState().expire();
    expect(navigate).not.toHaveBeenCalled();
  });
});
