import { useMutation, useQuery } from '@tanstack/react-query';
import {
  type CreateInvitationRequest,
  type Invitation,
  invitationPageSchema,
  invitationPreviewSchema,
  invitationSchema,
  type Member,
  memberPageSchema,
  memberSchema,
  type Role,
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

export const useInvite = () =>
  useOrganizationMutation(['invitation'], (organizationId, body: CreateInvitationRequest) =>
    apiRequest(orgPath(organizationId, '/invitations'), { schema: invitationSchema, method: 'POST', body }),
  );

export const useResendInvitation = () =>
  useOrganizationMutation(['invitation'], (organizationId, invitation: Invitation) =>
    apiRequest(orgPath(organizationId, `/invitations/${encodeURIComponent(invitation.id)}/resend`), {
      schema: invitationSchema,
      method: 'POST',
      body: { version: invitation.version },
    }),
  );

export const useRevokeInvitation = () =>
  useOrganizationMutation(['invitation'], (organizationId, invitation: Invitation) =>
    apiRequest(orgPath(organizationId, `/invitations/${encodeURIComponent(invitation.id)}`), {
      schema: invitationSchema,
      method: 'DELETE',
    }),
  );

/** Public: what a link invites to, or the reason it no longer works (the error's message). */
export function useInvitationPreview(token: string) {
  return useQuery({
    queryKey: ['invitation-link', token],
    queryFn: () => apiRequest(`/invitations/${encodeURIComponent(token)}`, { schema: invitationPreviewSchema }),
    enabled: token !== '',
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
