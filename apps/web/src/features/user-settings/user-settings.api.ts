import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UpdateProfileRequest } from '@keel/contract';
import { apiRequest } from '../../lib/api-client';
import { useSession } from '../../lib/session-store';
import { normalizeUser } from '../../lib/user';

export const profileKeys = { mine: ['profile', 'mine'] as const };

export function useProfile() {
  return useQuery({
    queryKey: profileKeys.mine,
    queryFn: async () => normalizeUser(await apiRequest<unknown>('/auth/profile')),
  });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  const setUser = useSession((state) => state.setUser);
  return useMutation({
    mutationFn: async (changes: UpdateProfileRequest) =>
      normalizeUser(await apiRequest<unknown>('/auth/profile', { method: 'PUT', body: changes })),
    onSuccess: (user) => {
      if (user) setUser(user);
      return queryClient.invalidateQueries({ queryKey: profileKeys.mine });
    },
  });
}
