import {
  newPersonAcceptanceSchema,
  type AcceptInvitationRequest,
  type ChangeRoleRequest,
  type CreateInvitationRequest,
  type Invitation,
  type InvitationPreview,
  type Member,
  type MemberListQuery,
  type InvitationLinkState,
  type InvitationLookup,
  type NewPersonAcceptance,
  type Role,
  type SentInvitation,
  type Session,
} from '@keel/contract';
import { z } from 'zod';
import type { Database } from '../../db/database.js';
import { inAccountScope, readInTenant } from '../../db/scope.js';
import { type AppError, badRequest } from '../../http/errors.js';
import { decodeCursor, pageFrom, preciseTimestampSchema } from '../../http/pagination.js';
import type { Mailer } from '../../mail/mailer.js';
import { recordAuditEvent } from '../audit/index.js';
import { findUserByEmail, type AccessClaims, type AuthService } from '../auth/index.js';
import {
  asAdmin,
  asReader,
  requireAdmin,
  type Caller,
  type MemberScope,
  type RequestMeta,
} from '../organizations/index.js';
import { findActiveTeams } from '../teams/index.js';
import { acceptInvitation } from './accept-invitation.js';
import { hashOpaqueTokenForInvitation, newInvitationToken } from './invitation-token.js';
import {
  invitationExpiry,
  invitationMailContext,
  inviteMembers,
  queueInvitationMails,
  type SeatCheck,
} from './invite-members.js';
import * as errors from './members.errors.js';
import * as repository from './members.repository.js';

export interface MembersServiceDeps {
  db: Database;
  mailer: Mailer;
  appUrl: string;
  auth: AuthService;
  /** Billing's seat limit; absent on a server without billing. */
  seats?: SeatCheck | undefined;
  now?: () => Date;
}

const memberCursor = z.tuple([z.string(), z.uuid()]);
const invitationCursor = z.tuple([preciseTimestampSchema, z.uuid()]);

export function invitationState(row: repository.InvitationRow, now: Date): Invitation['state'] {
  if (row.acceptedAt) return 'accepted';
  if (row.revokedAt) return 'revoked';
  return row.expiresAt <= now ? 'expired' : 'pending';
}

/** Why a link no longer works, as the accept call refuses it (410) and the look-up tells it. */
const closedLinkErrors: Record<Exclude<InvitationLinkState, 'open'>, () => AppError> = {
  accepted: errors.invitationUsed,
  revoked: errors.invitationRevoked,
  expired: errors.invitationExpired,
  invalid: errors.invitationUnknown,
};

function toInvitation(row: repository.InvitationRow, now: Date): Invitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    teamIds: row.teamIds,
    state: invitationState(row, now),
    invitedById: row.invitedById,
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    version: row.version,
  };
}

/** Owners alone hand out or take away ownership; the last active owner always stays. */
async function guardOwnership(admin: MemberScope, target: repository.MemberRow, nextRole: Role | null) {
  const touchesOwner = target.role === 'owner' || nextRole === 'owner';
  if (touchesOwner && nextRole !== target.role && admin.role !== 'owner') throw errors.ownersOnly();
  const losesOwner = target.role === 'owner' && target.status === 'active' && nextRole !== 'owner';
  if (!losesOwner) return;
  const owners = await repository.lockActiveOwners(admin.organizationId);
  if (owners.filter((id) => id !== target.userId).length === 0) throw errors.lastOwner();
}

export function createMembersService(deps: MembersServiceDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  async function mustFindMember(organizationId: string, userId: string) {
    const member = await repository.findMember(organizationId, userId);
    if (!member) throw errors.memberNotFound();
    return member;
  }

  async function setStatus(
    caller: Caller,
    userId: string,
    version: number,
    status: 'active' | 'deactivated',
    meta: RequestMeta,
  ): Promise<Member> {
    return asAdmin(db, caller, async (admin) => {
      const { organizationId } = admin;
      const target = await mustFindMember(organizationId, userId);
      if (status === 'deactivated' && userId === admin.userId) throw errors.notYourself();
      if (target.version !== version) throw errors.staleMember();
      if (target.status === status) return present(organizationId, [target]).then((list) => list[0]!);
      if (status === 'deactivated') await guardOwnership(admin, target, null);
      else if (target.role === 'owner' && admin.role !== 'owner') throw errors.ownersOnly();
      // Coming back takes a seat again (observers are free).
      if (status === 'active' && target.role !== 'observer') await deps.seats?.(organizationId, 1);
      const updated = await repository.updateMembership(organizationId, userId, version, { status });
      if (!updated) throw errors.staleMember();
      // The access token dies at its next check (requireActiveMember); the refresh tokens die now.
      if (status === 'deactivated') await repository.revokeSessionsIn(organizationId, userId, now());
      await recordAuditEvent(organizationId, {
        actorUserId: admin.userId,
        action: status === 'deactivated' ? 'member.deactivated' : 'member.reactivated',
        targetType: 'user',
        targetId: userId,
        summary: { before: { status: target.status }, after: { status } },
        ...meta,
      });
      const [member] = await present(organizationId, [{ ...target, status, version: updated.version }]);
      return member!;
    });
  }

  async function present(organizationId: string, rows: repository.MemberRow[]): Promise<Member[]> {
    const ids = rows.map((row) => row.userId);
    const [teamRows, signIns] = await Promise.all([
      repository.teamsOfMembers(organizationId, ids),
      repository.lastSignIns(organizationId, ids),
    ]);
    const teamsBy = new Map<string, { id: string; name: string }[]>();
    for (const team of teamRows) {
      const list = teamsBy.get(team.userId) ?? [];
      list.push({ id: team.id, name: team.name });
      teamsBy.set(team.userId, list);
    }
    const signInBy = new Map(signIns.map((row) => [row.userId, row.at]));
    return rows.map((row) => ({
      userId: row.userId,
      email: row.email,
      firstName: row.firstName,
      lastName: row.lastName,
      role: row.role,
      status: row.status,
      teams: teamsBy.get(row.userId) ?? [],
      lastSignInAt: signInBy.get(row.userId)?.toISOString() ?? null,
      version: row.version,
    }));
  }

  async function resolveTeams(organizationId: string, teamIds: readonly string[]) {
    const unique = [...new Set(teamIds)];
    const found = await findActiveTeams(organizationId, unique);
    if (found.length !== unique.length) throw errors.unknownTeams();
    return unique;
  }

  return {
    list: (caller: Caller, query: MemberListQuery & { limit: number }) =>
      asReader(db, caller, async (member) => {
        const { organizationId } = requireAdmin(member);
        const after = decodeCursor(query.cursor, memberCursor);
        const rows = await repository.listMembers(organizationId, {
          search: query.search || undefined,
          after,
          limit: query.limit,
        });
        const page = pageFrom(
          rows,
          query.limit,
          (row) => row,
          (row) => [row.sortName, row.userId],
        );
        return { data: await present(organizationId, page.data), page: page.page };
      }),

    changeRole: (caller: Caller, userId: string, request: ChangeRoleRequest, meta: RequestMeta) =>
      asAdmin(db, caller, async (admin) => {
        const { organizationId } = admin;
        const target = await mustFindMember(organizationId, userId);
        if (target.version !== request.version) throw errors.staleMember();
        if (target.role === request.role) return (await present(organizationId, [target]))[0]!;
        await guardOwnership(admin, target, request.role);
        // An observer made a member takes a seat.
        if (target.role === 'observer' && target.status === 'active') await deps.seats?.(organizationId, 1);
        const updated = await repository.updateMembership(organizationId, userId, request.version, {
          role: request.role,
        });
        if (!updated) throw errors.staleMember();
        await recordAuditEvent(organizationId, {
          actorUserId: admin.userId,
          action: 'member.role_changed',
          targetType: 'user',
          targetId: userId,
          summary: { before: { role: target.role }, after: { role: request.role } },
          ...meta,
        });
        return (await present(organizationId, [{ ...target, role: request.role, version: updated.version }]))[0]!;
      }),

    deactivate: (caller: Caller, userId: string, version: number, meta: RequestMeta) =>
      setStatus(caller, userId, version, 'deactivated', meta),
    reactivate: (caller: Caller, userId: string, version: number, meta: RequestMeta) =>
      setStatus(caller, userId, version, 'active', meta),

    listInvitations: (caller: Caller, query: { cursor?: string | undefined; limit: number }) =>
      asReader(db, caller, async (member) => {
        const { organizationId } = requireAdmin(member);
        const after = decodeCursor(query.cursor, invitationCursor);
        const rows = await repository.listOpenInvitations(organizationId, { after, limit: query.limit });
        const at = now();
        return pageFrom(
          rows,
          query.limit,
          (row) => toInvitation(row.row, at),
          (row) => [row.position, row.row.id],
        );
      }),

    async invite(caller: Caller, request: CreateInvitationRequest, meta: RequestMeta): Promise<SentInvitation> {
      const outcome = await asAdmin(db, caller, async (admin) => {
        const { organizationId } = admin;
        if (request.role === 'owner' && admin.role !== 'owner') throw errors.ownersOnly();
        const teamIds = await resolveTeams(organizationId, request.teamIds ?? []);
        const result = await inviteMembers(
          organizationId,
          admin,
          [{ email: request.email, role: request.role, teamIds }],
          { ...meta, now: now() },
          deps.seats,
        );
        const skip = result.skipped[0];
        if (skip?.reason === 'member') throw errors.alreadyMember();
        if (skip?.reason === 'invited') throw errors.alreadyInvited();
        const context = await invitationMailContext(organizationId, admin.userId);
        return { result, delivery: await queueInvitationMails(deps, result, context) };
      });
      return { ...toInvitation(outcome.result.created[0]!.invitation, now()), delivery: outcome.delivery };
    },

    async resend(caller: Caller, invitationId: string, version: number, meta: RequestMeta): Promise<SentInvitation> {
      const outcome = await asAdmin(db, caller, async (admin) => {
        const { organizationId } = admin;
        const current = await repository.findInvitationForUpdate(organizationId, invitationId);
        if (!current) throw errors.invitationNotFound();
        if (current.version !== version) throw errors.staleInvitation();
        if (current.acceptedAt || current.revokedAt) throw errors.invitationClosed();
        // A new secret: the old link stops working the moment this commits.
        const { token, tokenHash } = newInvitationToken();
        const updated = await repository.updateInvitation(organizationId, invitationId, version, {
          tokenHash,
          expiresAt: invitationExpiry(now()),
        });
        if (!updated) throw errors.staleInvitation();
        await recordAuditEvent(organizationId, {
          actorUserId: admin.userId,
          action: 'invitation.resent',
          targetType: 'invitation',
          targetId: invitationId,
          summary: { email: updated.email },
          ...meta,
        });
        const context = await invitationMailContext(organizationId, admin.userId);
        const delivery = await queueInvitationMails(
          deps,
          { created: [{ invitation: updated, token }], organizationId },
          context,
        );
        return { invitation: updated, delivery };
      });
      return { ...toInvitation(outcome.invitation, now()), delivery: outcome.delivery };
    },

    revoke: (caller: Caller, invitationId: string, meta: RequestMeta) =>
      asAdmin(db, caller, async (admin) => {
        const { organizationId } = admin;
        const current = await repository.findInvitationForUpdate(organizationId, invitationId);
        if (!current) throw errors.invitationNotFound();
        if (current.acceptedAt || current.revokedAt) throw errors.invitationClosed();
        const updated = await repository.updateInvitation(organizationId, invitationId, current.version, {
          revokedAt: now(),
        });
        if (!updated) throw errors.staleInvitation();
        await repository.removeInvitedMembership(organizationId, updated.email);
        await recordAuditEvent(organizationId, {
          actorUserId: admin.userId,
          action: 'invitation.revoked',
          targetType: 'invitation',
          targetId: invitationId,
          summary: { email: updated.email },
          ...meta,
        });
        return toInvitation(updated, now());
      }),

    /** What a link invites to, or why it no longer works: an answer either way, never an error. */
    async lookup(token: string): Promise<InvitationLookup> {
      const row = await findInvitationByToken(token);
      const state = linkState(row);
      if (state !== 'open') return { state, message: closedLinkErrors[state]().message, invitation: null };
      return { state, message: null, invitation: await preview(row!) };
    },

    async accept(
      token: string,
      body: AcceptInvitationRequest | undefined,
      claims: AccessClaims | null,
      meta: RequestMeta,
    ): Promise<Session> {
      const invitation = await openInvitation(token);
      let person: NewPersonAcceptance | null = null;
      if (!claims) {
        const parsed = newPersonAcceptanceSchema.safeParse(body ?? {});
        if (!parsed.success) {
          const details = parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
          throw badRequest('request.invalid', details[0]?.message ?? 'Invalid input', details);
        }
        person = parsed.data;
      }
      const userId = await acceptInvitation(db, {
        tokenHash: hashOpaqueTokenForInvitation(token),
        organizationId: invitation.organizationId,
        claims,
        person,
        meta,
        now: now(),
      });
      return deps.auth.sessionFor(userId, invitation.organizationId, meta);
    },
  };

  function findInvitationByToken(token: string) {
    return inAccountScope(db, () => repository.findInvitationByTokenHash(hashOpaqueTokenForInvitation(token)));
  }

  function linkState(row: repository.InvitationRow | undefined): InvitationLinkState {
    if (!row) return 'invalid';
    const state = invitationState(row, now());
    return state === 'pending' ? 'open' : state;
  }

  /** The invitation behind a link that still works; otherwise the reason it does not, as a 410. */
  async function openInvitation(token: string) {
    const row = await findInvitationByToken(token);
    const state = linkState(row);
    if (state !== 'open') throw closedLinkErrors[state]();
    return row!;
  }

  function preview(invitation: repository.InvitationRow): Promise<InvitationPreview> {
    return readInTenant(db, { organizationId: invitation.organizationId, userId: null }, async () => {
      const context = await repository.mailContext(invitation.organizationId, invitation.invitedById);
      const teams = await repository.teamNames(invitation.organizationId, invitation.teamIds);
      const account = await findUserByEmail(invitation.email);
      return {
        email: invitation.email,
        role: invitation.role,
        organizationName: context.organizationName,
        inviterName: context.inviterName,
        teams,
        expiresAt: invitation.expiresAt.toISOString(),
        // An invited person's placeholder (no password yet) is no account: the link completes it.
        accountExists: Boolean(account && account.status !== 'invited'),
      };
    });
  }
}

export type MembersService = ReturnType<typeof createMembersService>;
