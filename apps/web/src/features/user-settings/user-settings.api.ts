import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  accountSessionsSchema,
  AVATAR_FIELD,
  calendarFeedSchema,
  type ChangeEmailRequest,
  type ChangePasswordRequest,
  signedOutSessionsSchema,
  twoFactorEnrolmentSchema,
  twoFactorRecoveryCodesSchema,
  twoFactorStatusSchema,
  type UpdateProfileRequest,
} from '@keel/contract';
import { apiRequest } from '../../lib/api-client';
import { requireOrganization } from '../../lib/organization-query';
import { useOrganizationId, useSession } from '../../lib/session-store';
import { normalizeUser } from '../../lib/user';

export const profileKeys = { mine: ['profile', 'mine'] as const };

export function useProfile() {
  return useQuery({
    queryKey: profileKeys.mine,
    queryFn: async () => normalizeUser(await apiRequest('/auth/profile')),
  });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  const setUser = useSession((state) => state.setUser);
  return useMutation({
    mutationFn: async (changes: UpdateProfileRequest) =>
      normalizeUser(await apiRequest('/auth/profile', { method: 'PUT', body: changes })),
    onSuccess: (user) => {
      if (user) setUser(user);
      return queryClient.invalidateQueries({ queryKey: profileKeys.mine });
    },
  });
}

/** The caller's own account security; not organization data, so the keys sit outside ['organizations', …]. */
export const accountKeys = {
  sessions: ['account', 'sessions'] as const,
  twoFactor: ['account', 'two-factor'] as const,
};

export function useAccountSessions() {
  return useQuery({
    queryKey: accountKeys.sessions,
    queryFn: () => apiRequest('/auth/sessions', { schema: accountSessionsSchema }),
  });
}

export function useSignOutSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) => apiRequest(`/auth/sessions/${sessionId}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions }),
  });
}

export function useSignOutOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('/auth/sessions/sign-out-others', { schema: signedOutSessionsSchema, method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions }),
  });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangePasswordRequest) => apiRequest('/auth/password', { method: 'PUT', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions }),
  });
}

export function useChangeEmail() {
  const queryClient = useQueryClient();
  const setUser = useSession((state) => state.setUser);
  const current = useSession((state) => state.user);
  return useMutation({
    mutationFn: (body: ChangeEmailRequest) => apiRequest('/auth/email', { method: 'PUT', body }),
    onSuccess: (_data, body) => {
      if (current) setUser({ ...current, email: body.email });
      return queryClient.invalidateQueries({ queryKey: profileKeys.mine });
    },
  });
}

export function useTwoFactorStatus() {
  return useQuery({
    queryKey: accountKeys.twoFactor,
    queryFn: () => apiRequest('/auth/two-factor', { schema: twoFactorStatusSchema }),
  });
}

export function useStartTwoFactor() {
  return useMutation({
    mutationFn: () => apiRequest('/auth/two-factor/enrol', { schema: twoFactorEnrolmentSchema, method: 'POST' }),
  });
}

export function useConfirmTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      apiRequest('/auth/two-factor/confirm', { schema: twoFactorRecoveryCodesSchema, method: 'POST', body: { code } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.twoFactor }),
  });
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { password: string; code: string }) =>
      apiRequest('/auth/two-factor/disable', { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.twoFactor }),
  });
}

function useAvatarMutation<T>(send: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  const setUser = useSession((state) => state.setUser);
  return useMutation({
    mutationFn: async (input: T) => normalizeUser(await send(input)),
    onSuccess: (user) => {
      if (user) setUser(user);
      return queryClient.invalidateQueries({ queryKey: profileKeys.mine });
    },
  });
}

export function useUploadAvatar() {
  return useAvatarMutation((file: File) => {
    const formData = new FormData();
    formData.append(AVATAR_FIELD, file);
    return apiRequest('/auth/profile/avatar', { method: 'POST', formData });
  });
}

export function useRemoveAvatar() {
  return useAvatarMutation(() => apiRequest('/auth/profile/avatar', { method: 'DELETE' }));
}

/**
 * The caller's calendar feed in the signed-in organization. Asking for the address makes it on the server, so it
 * is fetched only when the person asks to see it (a mutation, not a query no one asked for), and turning it off
 * never races a refetch that would make a new one.
 */
export function useCalendarFeedActions() {
  const organizationId = useOrganizationId();
  const path = () => `/organizations/${requireOrganization(organizationId)}/calendar-feed`;
  return {
    show: useMutation({ mutationFn: () => apiRequest(path(), { schema: calendarFeedSchema }) }),
    reset: useMutation({
      mutationFn: () => apiRequest(`${path()}/reset`, { schema: calendarFeedSchema, method: 'POST' }),
    }),
    turnOff: useMutation({ mutationFn: () => apiRequest(path(), { method: 'DELETE' }) }),
  };
}
