import { useMutation, useQuery } from '@tanstack/react-query';
import {
  acceptedConsultantInvitationSchema,
  consultantClientListSchema,
  type ConsultantGrant,
  consultantGrantSchema,
  type InviteConsultantRequest,
  type RegisterRequest,
  sentConsultantGrantSchema,
} from '@keel/contract';
import { apiRequest } from '../../lib/api-client';
import { useOrganizationMutation } from '../../lib/organization-mutation';
import { useOrganizationQuery } from '../../lib/organization-query';
import { useSession } from '../../lib/session-store';
import { SESSION_KEYS, readStorage, removeStorage, writeStorage } from '../../lib/storage-keys';
import { toSignInResult } from '../../lib/session-store';

/** Spec section 4: window listeners (and this module) learn that the active organization changed. */
export const ORGANIZATION_CHANGED_EVENT = 'organization-changed';

export const consultantKeys = {
  clients: ['consultant', 'clients'] as const,
};

export function useConsultantRegisterMutation() {
  const signIn = useSession((state) => state.signIn);
  return useMutation({
    mutationFn: async (body: RegisterRequest) =>
      toSignInResult(await apiRequest('/auth/consultant-register', { method: 'POST', body })),
    onSuccess: signIn,
  });
}

/** Only a consultant account has clients: for anyone else the call would be refused, so it is not made. */
export function useConsultantClients(isConsultant: boolean) {
  return useQuery({
    queryKey: consultantKeys.clients,
    enabled: isConsultant,
    queryFn: () => apiRequest('/consultant/clients', { schema: consultantClientListSchema }),
  });
}

/**
 * Switching in or back answers a whole new session: storing it keeps the new organization id,
 * the user (impersonating or not) and clears every cached query, then the change is announced.
 */
function useOrganizationSwitch<Input>(send: (input: Input) => Promise<unknown>) {
  const signIn = useSession((state) => state.signIn);
  return useMutation({
    mutationFn: async (input: Input) => toSignInResult(await send(input)),
    onSuccess: (session) => {
      signIn(session);
      window.dispatchEvent(
        new CustomEvent(ORGANIZATION_CHANGED_EVENT, { detail: { organizationId: session.user.organizationId } }),
      );
    },
  });
}

/** The name the banner's Return button shows; remembered per tab when leaving home. */
export const readHomeName = () => readStorage(sessionStorage, SESSION_KEYS.consultantHomeName);

export function useSwitchToClient() {
  const user = useSession((state) => state.user);
  return useOrganizationSwitch((organizationId: string) => {
    if (user && !user.isImpersonating)
      writeStorage(sessionStorage, SESSION_KEYS.consultantHomeName, user.organizationName);
    return apiRequest('/consultant/switch', { method: 'POST', body: { organizationId } });
  });
}

export const useReturnHome = () =>
  useOrganizationSwitch(async (_: void) => {
    const session = await apiRequest('/consultant/return', { method: 'POST' });
    removeStorage(sessionStorage, SESSION_KEYS.consultantHomeName);
    return session;
  });

export function useAcceptConsultantInvitation() {
  return useMutation({
    mutationFn: (body: { organizationId: string; token: string }) =>
      apiRequest('/consultant/invitations/accept', {
        schema: acceptedConsultantInvitationSchema,
        method: 'POST',
        body,
      }),
  });
}

export const useClientConsultants = () =>
  useOrganizationQuery('consultants', [], (organizationId) =>
    apiRequest(`/organizations/${organizationId}/consultants`, { schema: consultantGrantSchema.array() }),
  );

export const useInviteConsultant = () =>
  useOrganizationMutation(['consultants'], (organizationId, body: InviteConsultantRequest) =>
    apiRequest(`/organizations/${organizationId}/consultants`, {
      schema: sentConsultantGrantSchema,
      method: 'POST',
      body,
    }),
  );

export const useRevokeConsultant = () =>
  useOrganizationMutation(['consultants'], (organizationId, grant: Pick<ConsultantGrant, 'id' | 'version'>) =>
    apiRequest(`/organizations/${organizationId}/consultants/${grant.id}/revoke`, {
      schema: consultantGrantSchema,
      method: 'POST',
      body: { version: grant.version },
    }),
  );
