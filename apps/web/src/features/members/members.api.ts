import { useMutation, useQuery } from '@tanstack/react-query';
import {
  type CreateInvitationRequest,
  type Invitation,
  invitationLookupSchema,
  invitationPageSchema,
  invitationSchema,
  type Member,
  memberPageSchema,
  memberSchema,
  type Role,
  sentInvitationSchema,
  sessionSchema,
} from '@keel/contract';
import { apiRequest, apiRequestWhole } from '../../lib/api-client';
import { useOrganizationMutation } from '../../lib/organization-mutation';
import { useOrganizationInfiniteQuery, useOrganizationQuery } from '../../lib/organization-query';
import { useSession } from '../../lib/session-store';
import { toSignInResult } from '../../lib/session-store';

export const MEMBER_PAGE_SIZE = 50;

const orgPath = (organizationId: string, rest: string) => `/organizations/${encodeURIComponent(organizationId)}${rest}`;

export const useMembers = (search: string) =>
  useOrganizationInfiniteQuery(
    'member',
    ['list', search],
    (organizationId, { pageParam }) => {
      const query = new URLSearchParams({ limit: String(MEMBER_PAGE_SIZE) });
      if (search) query.set('search', search);
      if (pageParam) query.set('cursor', pageParam);
      return apiRequestWhole(orgPath(organizationId, `/members?${query.toString()}`), { schema: memberPageSchema });
    },
    { initialPageParam: null as string | null, getNextPageParam: (last) => last.page.nextCursor },
  );

export const useInvitations = () =>
  useOrganizationQuery(
    'invitation',
    [],
    async (organizationId) =>
      (await apiRequestWhole(orgPath(organizationId, '/invitations?limit=200'), { schema: invitationPageSchema })).data,
  );

export const useChangeRole = () =>
  useOrganizationMutation(['member'], (organizationId, input: { member: Member; role: Role }) =>
    apiRequest(orgPath(organizationId, `/members/${encodeURIComponent(input.member.userId)}/role`), {
      schema: memberSchema,
      method: 'PATCH',
      body: { role: input.role, version: input.member.version },
    }),
  );

export const useSetMemberStatus = () =>
  useOrganizationMutation(
    ['member'],
    (organizationId, input: { member: Member; action: 'deactivate' | 'reactivate' }) =>
      apiRequest(orgPath(organizationId, `/members/${encodeURIComponent(input.member.userId)}/${input.action}`), {
        schema: memberSchema,
        method: 'POST',
        body: { version: input.member.version },
      }),
  );

// Invited people are in the people pickers (they can be given work) from the invitation until it is revoked.
export const useInvite = () =>
  useOrganizationMutation(['invitation', 'people'], (organizationId, body: CreateInvitationRequest) =>
    apiRequest(orgPath(organizationId, '/invitations'), { schema: sentInvitationSchema, method: 'POST', body }),
  );

export const useResendInvitation = () =>
  useOrganizationMutation(['invitation'], (organizationId, invitation: Invitation) =>
    apiRequest(orgPath(organizationId, `/invitations/${encodeURIComponent(invitation.id)}/resend`), {
      schema: sentInvitationSchema,
      method: 'POST',
      body: { version: invitation.version },
    }),
  );

export const useRevokeInvitation = () =>
  useOrganizationMutation(['invitation', 'people'], (organizationId, invitation: Invitation) =>
    apiRequest(orgPath(organizationId, `/invitations/${encodeURIComponent(invitation.id)}`), {
      schema: invitationSchema,
      method: 'DELETE',
    }),
  );

/**
 * Public: what a link invites to, or the reason it no longer works (an answer, not an error). Paused
 * while the page accepts: signing in clears every query, and a look-up of the link being used would
 * answer "already used" under the page that is about to leave.
 */
export function useInvitationLookup(token: string, paused: boolean) {
  return useQuery({
    queryKey: ['invitation-link', token],
    queryFn: () => apiRequest(`/invitations/${encodeURIComponent(token)}`, { schema: invitationLookupSchema }),
    enabled: token !== '' && !paused,
    // Keeps showing the invitation when signing in has cleared the cache.
    placeholderData: (previous) => previous,
    retry: false,
  });
}

/** Accepts with the new person's fields, or with nothing (the signed-in account); signs in to the organization. */
export function useAcceptInvitation(token: string) {
  const signIn = useSession((state) => state.signIn);
  return useMutation({
    mutationFn: async (body: Record<string, unknown>) =>
      toSignInResult(
        await apiRequest(`/invitations/${encodeURIComponent(token)}/accept`, {
          schema: sessionSchema,
          method: 'POST',
          body,
        }),
      ),
    onSuccess: signIn,
  });
}
