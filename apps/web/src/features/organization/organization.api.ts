import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Organization, UpdateOrganizationRequest } from '@keel/contract';
import { API_BASE, apiRequest } from '../../lib/api-client';
import { useOrganizationId } from '../../lib/session-store';

export const organizationKeys = {
  current: (organizationId: string) => ['organization', 'current', organizationId] as const,
};

export function useCurrentOrganization() {
  const organizationId = useOrganizationId();
  return useQuery({
    queryKey: organizationKeys.current(organizationId ?? 'none'),
    queryFn: () => apiRequest<Organization>('/organizations/current'),
    enabled: organizationId !== null,
    staleTime: 5 * 60_000,
  });
}

function useOrganizationMutation<Input>(send: (input: Input) => Promise<Organization | undefined>) {
  const organizationId = useOrganizationId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (organization) => {
      const key = organizationKeys.current(organizationId ?? 'none');
      if (organization && typeof organization === 'object' && 'id' in organization)
        queryClient.setQueryData(key, organization);
      return queryClient.invalidateQueries({ queryKey: key });
    },
  });
}

export const useUpdateOrganization = () =>
  useOrganizationMutation((changes: UpdateOrganizationRequest) =>
    apiRequest<Organization>('/organizations/current', { method: 'PUT', body: changes }),
  );

export const useUploadLogo = () =>
  useOrganizationMutation((file: File) => {
    const formData = new FormData();
    formData.append('logo', file);
    return apiRequest<Organization>('/organizations/current/logo', { method: 'POST', formData });
  });

export const useDeleteLogo = () =>
  useOrganizationMutation(() => apiRequest<Organization>('/organizations/current/logo', { method: 'DELETE' }));

/** The logo is served by the API and used directly as an image address; the version busts caches after an upload. */
export const logoSrc = (organizationId: string, version: string | null) =>
  `${API_BASE}/organizations/${encodeURIComponent(organizationId)}/logo${version ? `?v=${encodeURIComponent(version)}` : ''}`;
