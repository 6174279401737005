import { useMutation, useQuery } from '@tanstack/react-query';
import { type LoginRequest, type RegisterRequest, ssoAuthUrlSchema, ssoProvidersStatusSchema } from '@keel/contract';
import { ApiError, apiRequest } from '../../lib/api-client';
import { useSession, type SignInResult } from '../../lib/session-store';
import { toSignInResult } from '../../lib/session-store';
import { SESSION_KEYS, readStorage, removeStorage, writeStorage } from '../../lib/storage-keys';

export type SsoProvider = 'google' | 'microsoft';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The password step: signed in, or (two-factor on) a challenge the code step redeems. */
export type LoginOutcome = { kind: 'signedIn' } | { kind: 'codeRequired'; challengeToken: string };

export function useLoginMutation() {
  const signIn = useSession((state) => state.signIn);
  return useMutation({
    mutationFn: async (body: LoginRequest): Promise<LoginOutcome> => {
      const data = await apiRequest('/auth/login', { method: 'POST', body });
      if (isRecord(data) && data.twoFactorRequired === true && typeof data.challengeToken === 'string') {
        return { kind: 'codeRequired', challengeToken: data.challengeToken };
      }
      signIn(toSignInResult(data));
      return { kind: 'signedIn' };
    },
  });
}

export function useTwoFactorLoginMutation() {
  const signIn = useSession((state) => state.signIn);
  return useMutation({
    mutationFn: async (body: { challengeToken: string; code: string }) =>
      toSignInResult(await apiRequest('/auth/login/two-factor', { method: 'POST', body })),
    onSuccess: signIn,
  });
}

export function useRegisterMutation() {
  const signIn = useSession((state) => state.signIn);
  return useMutation({
    mutationFn: async (body: RegisterRequest) =>
      toSignInResult(await apiRequest('/auth/register', { method: 'POST', body })),
    onSuccess: signIn,
  });
}

export function useForgotPasswordMutation() {
  return useMutation({
    mutationFn: (email: string) => apiRequest('/auth/forgot-password', { method: 'POST', body: { email } }),
  });
}

export function useResetPasswordMutation() {
  return useMutation({
    mutationFn: (body: { token: string; password: string }) =>
      apiRequest('/auth/reset-password', { method: 'POST', body }),
  });
}

/**
 * Starts single sign-on: asks the server for the provider's address, remembers which provider was
 * used (the return page needs it) and hands the whole window over. Errors (e.g. provider not
 * configured) are thrown to the caller, which shows them.
 */
export async function startSso(provider: SsoProvider): Promise<void> {
  const { authUrl } = await apiRequest(`/auth/${provider}`, { schema: ssoAuthUrlSchema });
  handOver(provider, authUrl, false);
}

/** Spec section 5: linking posts to the provider's link endpoint and redirects to the returned authUrl. */
export async function startSsoLink(provider: SsoProvider): Promise<void> {
  const { authUrl } = await apiRequest(`/auth/${provider}/link`, { schema: ssoAuthUrlSchema, method: 'POST' });
  handOver(provider, authUrl, true);
}

function handOver(provider: SsoProvider, authUrl: unknown, linking: boolean) {
  if (typeof authUrl !== 'string' || authUrl === '') throw new ApiError(200, 'client.unexpected_response', null);
  writeStorage(sessionStorage, SESSION_KEYS.ssoProvider, provider);
  if (linking) writeStorage(sessionStorage, SESSION_KEYS.ssoLinking, '1');
  else removeStorage(sessionStorage, SESSION_KEYS.ssoLinking);
  window.location.assign(authUrl);
}

export const isSsoLinking = () => readStorage(sessionStorage, SESSION_KEYS.ssoLinking) === '1';

/** Which providers the server is configured for; while unknown (or on failure) the buttons stay usable. */
export function useSsoProviders() {
  return useQuery({
    queryKey: ['auth', 'sso-providers'],
    queryFn: () => apiRequest('/auth/providers', { schema: ssoProvidersStatusSchema }),
    staleTime: 5 * 60_000,
    retry: false,
  });
}

export function rememberedSsoProvider(): SsoProvider | null {
  const stored = readStorage(sessionStorage, SESSION_KEYS.ssoProvider);
  return stored === 'google' || stored === 'microsoft' ? stored : null;
}

export async function completeSso(provider: SsoProvider, code: string, state: string): Promise<SignInResult> {
  try {
    return toSignInResult(await apiRequest(`/auth/${provider}/callback`, { method: 'POST', body: { code, state } }));
  } catch (error) {
    // Spec section 8: single sign-on failures are logged and rethrown.
    console.error('[keel] single sign-on callback failed', error);
    throw error;
  }
}
