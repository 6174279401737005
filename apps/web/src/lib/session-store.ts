import { create } from 'zustand';
import type { User } from '@keel/contract';
import { ApiError, apiRequest, onSessionExpired } from './api-client';
import { navigateTo } from './navigation';
import { queryClient } from './query-client';
import { STORAGE_KEYS, readStorage, removeStorage, writeStorage } from './storage-keys';
import { clearTokens, getAccessToken, getRefreshToken, isRefreshDue, storeTokens } from './tokens';
import { refreshIfDue, startBackgroundRefresh } from './token-refresh';
import { normalizeUser } from './user';

export type SessionStatus = 'loading' | 'signedIn' | 'signedOut';

const PROFILE_CHECK_ATTEMPTS = 3;

class UnusableProfile extends Error {
  constructor() {
    super('The profile answer carried no usable user');
  }
}
const PROFILE_RETRY_MS = 1000;

export interface SignInResult {
  user: User;
  accessToken: string;
  refreshToken?: string | null;
}

interface SessionState {
  status: SessionStatus;
  user: User | null;
  /** Spec section 4: no token → signed out at once; else the profile check decides. */
  initialize: () => Promise<void>;
  signIn: (session: SignInResult) => void;
  setUser: (user: User) => void;
  logout: () => Promise<void>;
  /** A refresh was refused: forget everything and go to sign-in. */
  expire: () => void;
}

/** Pages from which an expired session does not send the user to /login (spec section 2). */
const STAY_ON_EXPIRY = new Set(['/', '/login', '/register', '/consultant-register']);

let stopRefresh: (() => void) | null = null;

function startRefreshLoop() {
  stopRefresh?.();
  stopRefresh = startBackgroundRefresh();
}

function stopRefreshLoop() {
  stopRefresh?.();
  stopRefresh = null;
}

/** Spec section 4: logout clears the tokens, the organizationId and every cached organization theme. */
export function clearSessionStorage(): void {
  clearTokens();
  removeStorage(localStorage, STORAGE_KEYS.organizationId);
  const themeKeys: string[] = [];
  for (let index = 0; index < localStorage.length; index += 1) {
    const key = localStorage.key(index);
    if (key?.startsWith(STORAGE_KEYS.orgThemePrefix)) themeKeys.push(key);
  }
  for (const key of themeKeys) removeStorage(localStorage, key);
}

export const useSession = create<SessionState>()((set, get) => ({
  status: 'loading',
  user: null,

  initialize: async () => {
    if (!getAccessToken()) {
      set({ status: 'signedOut', user: null });
      return;
    }
    if (isRefreshDue(getAccessToken())) await refreshIfDue();
    for (let attempt = 1; ; attempt += 1) {
      try {
        const user = normalizeUser(await apiRequest('/auth/profile'));
        if (!user) throw new UnusableProfile();
        writeStorage(localStorage, STORAGE_KEYS.organizationId, user.organizationId);
        set({ status: 'signedIn', user });
        startRefreshLoop();
        return;
      } catch (error) {
        // No whole answer (the page is being left mid-check, its body cut off, or the network dropped):
        // nothing refused the session, so it is kept and asked again. Clearing it here signed people out
        // for clicking a link while the app started.
        const unanswered = !(error instanceof ApiError && error.status > 0) && !(error instanceof UnusableProfile);
        if (unanswered && attempt < PROFILE_CHECK_ATTEMPTS) {
          await new Promise((resolve) => setTimeout(resolve, PROFILE_RETRY_MS * attempt));
          continue;
        }
        // Spec section 4: a failed profile check clears both tokens and the user.
        if (!unanswered) clearTokens();
        set({ status: 'signedOut', user: null });
        return;
      }
    }
  },

  signIn: ({ user, accessToken, refreshToken }) => {
    storeTokens(accessToken, refreshToken);
    writeStorage(localStorage, STORAGE_KEYS.organizationId, user.organizationId);
    queryClient.clear();
    set({ status: 'signedIn', user });
    startRefreshLoop();
  },

  setUser: (user) => set({ user }),

  logout: async () => {
    const refreshToken = getRefreshToken();
    if (get().status === 'signedIn') {
      try {
        await apiRequest('/auth/logout', {
          method: 'POST',
          body: refreshToken ? { refreshToken } : {},
          timeoutMs: 5000,
        });
      } catch (error) {
        // The local sign-out must happen whatever the server says.
        console.warn('[keel] logout request failed', error);
      }
    }
    stopRefreshLoop();
    clearSessionStorage();
    queryClient.clear();
    set({ status: 'signedOut', user: null });
    navigateTo('/login', { replace: true });
  },

  expire: () => {
    stopRefreshLoop();
    clearSessionStorage();
    queryClient.clear();
    set({ status: 'signedOut', user: null });
    if (!STAY_ON_EXPIRY.has(window.location.pathname)) navigateTo('/login', { replace: true });
  },
}));

onSessionExpired(() => useSession.getState().expire());

/** The stored organization id, for code that runs before the user object is known. */
export const getStoredOrganizationId = () => readStorage(localStorage, STORAGE_KEYS.organizationId);

/** The signed-in user's organization id, or null when signed out. */
export const useOrganizationId = () => useSession((state) => state.user?.organizationId ?? null);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Reads a sign-in answer (sign-in, registration, an accepted invitation, a consultant's switch).
 * Password sign-in sends accessToken/refreshToken; the spec's SSO callback is described as sending
 * `token` instead, so both spellings are accepted.
 */
export function toSignInResult(data: unknown): SignInResult {
  const user = normalizeUser(isRecord(data) ? data.user : undefined);
  const accessToken = isRecord(data) ? (data.accessToken ?? data.token) : undefined;
  if (!user || typeof accessToken !== 'string') {
    throw new ApiError(200, 'client.unexpected_response', null);
  }
  const refreshToken = isRecord(data) && typeof data.refreshToken === 'string' ? data.refreshToken : null;
  return { user, accessToken, refreshToken };
}
