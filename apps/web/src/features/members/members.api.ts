import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import type {
  CreateInvitationRequest,
  Invitation,
  InvitationPreview,
  Member,
  MemberPage,
  Role,
  Session,
} from '@keel/contract';
import { apiRequest, apiRequestWhole } from '../../lib/api-client';
import { useOrganizationMutation } from '../../lib/organization-mutation';
import { useOrganizationId, useSession } from '../../lib/session-store';
import { toSignInResult } from '../auth/auth.api';

/** Keys start with ['organizations', id, entity], so one invalidation refreshes every view of it. */
export const memberKeys = {
  all: (organizationId: string) => ['organizations', organizationId, 'member'] as const,
  list: (organizationId: string, search: string) =>
    ['organizations', organizationId, 'member', 'list', search] as const,
  invitations: (organizationId: string) => ['organizations', organizationId, 'invitation'] as const,
};

export const MEMBER_PAGE_SIZE = 50;

const orgPath = (organizationId: string, rest: string) => `/organizations/${encodeURIComponent(organizationId)}${rest}`;

export function useMembers(search: string) {
  const organizationId = useOrganizationId() ?? 'none';
  return useInfiniteQuery({
    queryKey: memberKeys.list(organizationId, search),
    queryFn: ({ pageParam }) => {
      const query = new URLSearchParams({ limit: String(MEMBER_PAGE_SIZE) });
      if (search) query.set('search', search);
      if (pageParam) query.set('cursor', pageParam);
      return apiRequestWhole<MemberPage>(orgPath(organizationId, `/members?${query.toString()}`));
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.page.nextCursor,
    enabled: organizationId !== 'none',
  });
}

export function useInvitations() {
  const organizationId = useOrganizationId() ?? 'none';
  return useQuery({
    queryKey: memberKeys.invitations(organizationId),
    queryFn: async () =>
      (await apiRequestWhole<{ data: Invitation[] }>(orgPath(organizationId, '/invitations?limit=200'))).data,
    enabled: organizationId !== 'none',
  });
}

export const useChangeRole = () =>
  useOrganizationMutation(['member'], (organizationId, input: { member: Member; role: Role }) =>
    apiRequest<Member>(orgPath(organizationId, `/members/${encodeURIComponent(input.member.userId)}/role`), {
      method: 'PATCH',
      body: { role: input.role, version: input.member.version },
    }),
  );

export const useSetMemberStatus = () =>
  useOrganizationMutation(
    ['member'],
    (organizationId, input: { member: Member; action: 'deactivate' | 'reactivate' }) =>
      apiRequest<Member>(
        orgPath(organizationId, `/members/${encodeURIComponent(input.member.userId)}/${input.action}`),
        {
          method: 'POST',
          body: { version: input.member.version },
        },
      ),
  );

export const useInvite = () =>
  useOrganizationMutation(['invitation'], (organizationId, body: CreateInvitationRequest) =>
    apiRequest<Invitation>(orgPath(organizationId, '/invitations'), { method: 'POST', body }),
  );

export const useResendInvitation = () =>
  useOrganizationMutation(['invitation'], (organizationId, invitation: Invitation) =>
    apiRequest<Invitation>(orgPath(organizationId, `/invitations/${encodeURIComponent(invitation.id)}/resend`), {
      method: 'POST',
      body: { version: invitation.version },
    }),
  );

export const useRevokeInvitation = () =>
  useOrganizationMutation(['invitation'], (organizationId, invitation: Invitation) =>
    apiRequest<Invitation>(orgPath(organizationId, `/invitations/${encodeURIComponent(invitation.id)}`), {
      method: 'DELETE',
    }),
  );

/** Public: what a link invites to, or the reason it no longer works (the error's message). */
export function useInvitationPreview(token: string) {
  return useQuery({
    queryKey: ['invitation-link', token],
    queryFn: () => apiRequest<InvitationPreview>(`/invitations/${encodeURIComponent(token)}`),
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
        await apiRequest<Session>(`/invitations/${encodeURIComponent(token)}/accept`, { method: 'POST', body }),
      ),
    onSuccess: signIn,
  });
}
