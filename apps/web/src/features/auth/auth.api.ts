import { useMutation } from '@tanstack/react-query';
import type { LoginRequest, RegisterRequest } from '@keel/contract';
import { ApiError, apiRequest } from '../../lib/api-client';
import { useSession, type SignInResult } from '../../lib/session-store';
import { SESSION_KEYS, readStorage, writeStorage } from '../../lib/storage-keys';
import { normalizeUser } from '../../lib/user';

export type SsoProvider = 'google' | 'microsoft';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Reads a sign-in answer. Password sign-in sends accessToken/refreshToken; the spec's SSO callback
 * is described as sending `token` instead, so both spellings are accepted.
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

export function useLoginMutation() {
  const signIn = useSession((state) => state.signIn);
  return useMutation({
    mutationFn: async (body: LoginRequest) =>
      toSignInResult(await apiRequest<unknown>('/auth/login', { method: 'POST', body })),
    onSuccess: signIn,
  });
}

export function useRegisterMutation() {
  const signIn = useSession((state) => state.signIn);
  return useMutation({
    mutationFn: async (body: RegisterRequest) =>
      toSignInResult(await apiRequest<unknown>('/auth/register', { method: 'POST', body })),
    onSuccess: signIn,
  });
}

export function useForgotPasswordMutation() {
  return useMutation({
    mutationFn: (email: string) => apiRequest<unknown>('/auth/forgot-password', { method: 'POST', body: { email } }),
  });
}

export function useResetPasswordMutation() {
  return useMutation({
    mutationFn: (body: { token: string; password: string }) =>
      apiRequest<unknown>('/auth/reset-password', { method: 'POST', body }),
  });
}

/**
 * Starts single sign-on: asks the server for the provider's address, remembers which provider was
 * used (the return page needs it) and hands the whole window over. Errors (e.g. provider not
 * configured) are thrown to the caller, which shows them.
 */
export async function startSso(provider: SsoProvider): Promise<void> {
  const { authUrl } = await apiRequest<{ authUrl: string }>(`/auth/${provider}`);
  if (typeof authUrl !== 'string' || authUrl === '') throw new ApiError(200, 'client.unexpected_response', null);
  writeStorage(sessionStorage, SESSION_KEYS.ssoProvider, provider);
  window.location.assign(authUrl);
}

export function rememberedSsoProvider(): SsoProvider | null {
  const stored = readStorage(sessionStorage, SESSION_KEYS.ssoProvider);
  return stored === 'google' || stored === 'microsoft' ? stored : null;
}

export async function completeSso(provider: SsoProvider, code: string, state: string): Promise<SignInResult> {
  try {
    return toSignInResult(
      await apiRequest<unknown>(`/auth/${provider}/callback`, { method: 'POST', body: { code, state } }),
    );
  } catch (error) {
    // Spec section 8: single sign-on failures are logged and rethrown.
    console.error('[keel] single sign-on callback failed', error);
    throw error;
  }
}
