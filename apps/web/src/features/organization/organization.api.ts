import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Organization, organizationSchema, type UpdateOrganizationRequest } from '@keel/contract';
import { API_BASE, apiRequest } from '../../lib/api-client';
import { organizationKey, useOrganizationQuery } from '../../lib/organization-query';
import { useOrganizationId } from '../../lib/session-store';

export const useCurrentOrganization = () =>
  useOrganizationQuery('organization', [], () => apiRequest('/organizations/current', { schema: organizationSchema }), {
    staleTime: 5 * 60_000,
  });

function useOrganizationMutation<Input>(send: (input: Input) => Promise<Organization | undefined>) {
  const organizationId = useOrganizationId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (organization) => {
      const key = organizationKey(organizationId, 'organization');
      if (organization && typeof organization === 'object' && 'id' in organization)
        queryClient.setQueryData(key, organization);
      return queryClient.invalidateQueries({ queryKey: key });
    },
  });
}

export const useUpdateOrganization = () =>
  useOrganizationMutation((changes: UpdateOrganizationRequest) =>
    apiRequest('/organizations/current', { schema: organizationSchema, method: 'PUT', body: changes }),
  );

export const useUploadLogo = () =>
  useOrganizationMutation((file: File) => {
    const formData = new FormData();
    formData.append('logo', file);
    return apiRequest('/organizations/current/logo', { schema: organizationSchema, method: 'POST', formData });
  });

export const useDeleteLogo = () =>
  useOrganizationMutation(() =>
    apiRequest('/organizations/current/logo', { schema: organizationSchema, method: 'DELETE' }),
  );

/** The logo is served by the API and used directly as an image address; the version busts caches after an upload. */
export const logoSrc = (organizationId: string, version: string | null) =>
  `${API_BASE}/organizations/${encodeURIComponent(organizationId)}/logo${version ? `?v=${encodeURIComponent(version)}` : ''}`;
