import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type Methodology,
  presetListSchema,
  type Terminology,
  TERMINOLOGY_DEFAULTS,
  TERMINOLOGY_KEYS,
  type UpdateTerminologyRequest,
} from '@keel/contract';
import { apiRequest } from '../../lib/api-client';
import { useOrganizationId } from '../../lib/session-store';

export const terminologyKeys = {
  presets: ['terminology', 'presets'] as const,
};

import { NO_ORGANIZATION, organizationKey, useOrganizationQuery } from '../../lib/organization-query';

/** Missing or empty labels fall back to the defaults so no page ever shows a blank name. */
export function withDefaults(raw: unknown): Terminology {
  const source = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const labels = { ...TERMINOLOGY_DEFAULTS } as Terminology;
  for (const key of TERMINOLOGY_KEYS) {
    const value = source[key];
    if (typeof value === 'string' && value.trim() !== '') labels[key] = value;
  }
  return labels;
}

const organizationPath = (organizationId: string) => `/terminology/organizations/${encodeURIComponent(organizationId)}`;

/** The organization's terminology query; errors stay visible to the settings page. */
export function useTerminologyQuery() {
  return useOrganizationQuery(
    'terminology',
    [],
    async (organizationId) => withDefaults(await apiRequest(organizationPath(organizationId))),
    { staleTime: 5 * 60_000, retry: 1 },
  );
}

/** The labels to show: the organization's own, else the defaults (spec section 8: a failed fetch falls back). */
export function useTerminology(): Terminology {
  const query = useTerminologyQuery();
  return query.data ?? TERMINOLOGY_DEFAULTS;
}

export function usePresetsQuery() {
  return useQuery({
    queryKey: terminologyKeys.presets,
    queryFn: () => apiRequest('/terminology/presets', { schema: presetListSchema }),
    staleTime: Infinity,
  });
}

function useTerminologyMutation<Input>(send: (organizationId: string, input: Input) => Promise<unknown>) {
  const organizationId = useOrganizationId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: Input) => {
      if (!organizationId) throw new Error(NO_ORGANIZATION);
      await send(organizationId, input);
    },
    // The answers' shapes differ per endpoint; reading the labels back is the one reliable source.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizationKey(organizationId, 'terminology') }),
  });
}

export const useUpdateTerminology = () =>
  useTerminologyMutation((organizationId, labels: UpdateTerminologyRequest) =>
    apiRequest(organizationPath(organizationId), { method: 'PUT', body: labels }),
  );

export const useApplyPreset = () =>
  useTerminologyMutation((organizationId, preset: Methodology) =>
    apiRequest(`${organizationPath(organizationId)}/apply-preset`, { method: 'POST', body: { preset } }),
  );

export const useResetTerminology = () =>
  useTerminologyMutation((organizationId, _none: void) =>
    apiRequest(`${organizationPath(organizationId)}/reset`, { method: 'POST', body: {} }),
  );
