import {
  CONSULTANT_CLIENTS_MAX,
  CONSULTANT_INVITATION_TTL_DAYS,
  type ConsultantClient,
  type ConsultantClientList,
  type ConsultantGrant,
  type InviteConsultantRequest,
  type SentConsultantGrant,
  type Session,
} from '@keel/contract';
import type { Database } from '../../db/database.js';
import { inAccountScope, inTenant, inUserScope, readInTenant } from '../../db/scope.js';
import { staleVersion } from '../../http/errors.js';
import type { Mailer } from '../../mail/mailer.js';
import { recordAuditEvent } from '../audit/index.js';
import type { AccessClaims, AuthService } from '../auth/index.js';
import { hashOpaqueToken, newOpaqueToken } from '../auth/index.js';
import { asAdmin, findOrganization, type Caller, type RequestMeta } from '../organizations/index.js';
import { subscriptionStatusOf } from '../subscription/index.js';
import * as errors from './consultants.errors.js';
import * as repository from './consultants.repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface ConsultantsServiceDeps {
  db: Database;
  mailer: Mailer;
  appUrl: string;
  /** Registration and token pairs belong to the auth module; this module decides who may switch. */
  auth: Pick<AuthService, 'register' | 'enterOrganization'>;
  now?: () => Date;
}

function toGrant(row: repository.GrantWithName): ConsultantGrant {
  const name = [row.consultantFirstName, row.consultantLastName].filter(Boolean).join(' ');
  return {
    id: row.id,
    email: row.email,
    consultantName: name || null,
    accessLevel: row.accessLevel,
    status: row.status,
    clientStatus: row.clientStatus,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    grantedAt: row.grantedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    version: row.version,
  };
}

const unnamed = (row: repository.GrantRow): repository.GrantWithName => ({
  ...row,
  consultantFirstName: null,
  consultantLastName: null,
});

/** A client's plan as /consultant shows it, by the same rule as the subscription headers. */
function planOf(figure: repository.ClientFigures, at: Date): NonNullable<ConsultantClient['plan']> {
  const status = subscriptionStatusOf({ ...figure, trialEndsAt: new Date(figure.trialEndsAt) }, at);
  return {
    accountStatus: status.accountStatus,
    subscriptionTier: status.subscriptionTier,
    trialDaysRemaining: status.daysRemaining,
  };
}

export function createConsultantsService(deps: ConsultantsServiceDeps) {
  const { db, mailer } = deps;
  const now = deps.now ?? (() => new Date());

  async function requireConsultant(userId: string) {
    const user = await inAccountScope(db, () => repository.findUserEmail(userId));
    if (!user?.isConsultant) throw errors.consultantsOnly();
    return user;
  }

  const audit = (organizationId: string, userId: string, action: string, meta: RequestMeta, summary = {}) =>
    inTenant(db, { organizationId, userId }, () =>
      recordAuditEvent(organizationId, {
        actorUserId: userId,
        action,
        targetType: 'user',
        targetId: userId,
        summary,
        ...meta,
      }),
    );

  return {
    registerConsultant: (input: Parameters<AuthService['register']>[0], meta: RequestMeta): Promise<Session> =>
      deps.auth.register(input, meta, { isConsultant: true }),

    list: (caller: Caller): Promise<ConsultantGrant[]> =>
      asAdmin(db, caller, async ({ organizationId }) => (await repository.listGrants(organizationId)).map(toGrant)),

    async invite(caller: Caller, request: InviteConsultantRequest, meta: RequestMeta): Promise<SentConsultantGrant> {
      const { token, tokenHash } = newOpaqueToken();
      const values = {
        accessLevel: request.accessLevel ?? 'admin',
        tokenHash,
        expiresAt: new Date(now().getTime() + CONSULTANT_INVITATION_TTL_DAYS * DAY_MS),
        grantedById: caller.userId,
      };
      const link = `${deps.appUrl.replace(/\/$/, '')}/consultant/accept?organization=${encodeURIComponent(
        caller.organizationId,
      )}&token=${encodeURIComponent(token)}`;
      const row = await asAdmin(db, caller, async ({ organizationId, userId }) => {
        const open = await repository.findOpenInvitationByEmail(organizationId, request.email);
        const saved = open
          ? await repository.renewInvitation(organizationId, open.id, values)
          : await repository.insertInvitation(organizationId, { email: request.email.trim(), ...values });
        await recordAuditEvent(organizationId, {
          actorUserId: userId,
          action: open ? 'consultant.invitation_resent' : 'consultant.invited',
          targetType: 'consultant_access',
          targetId: saved.id,
          summary: { email: saved.email, accessLevel: saved.accessLevel },
          ...meta,
        });
        const organizationName = (await findOrganization(organizationId))?.name ?? 'an organization';
        await mailer.enqueue({
          to: saved.email,
          organizationId,
          subject: `${organizationName} invites you as their consultant on Keel`,
          text: `Hello,\n\n${organizationName} grants you consultant access on Keel. Sign in with your consultant account and open this link within ${CONSULTANT_INVITATION_TTL_DAYS} days to accept:\n\n${link}\n\nNo consultant account yet? Create one first at ${deps.appUrl.replace(/\/$/, '')}/consultant-register with this e-mail address.\n`,
        });
        return saved;
      });
      // Without mail set up the mail is only logged: the link goes back to the administrator who invited.
      const mailed = mailer.mode === 'smtp';
      return { ...toGrant(unnamed(row)), delivery: { mailed, unmailed: mailed ? [] : [{ email: row.email, link }] } };
    },

    revoke: (caller: Caller, accessId: string, version: number, meta: RequestMeta): Promise<ConsultantGrant> =>
      asAdmin(db, caller, async ({ organizationId, userId }) => {
        const current = await repository.findGrantForUpdate(organizationId, accessId);
        if (!current) throw errors.grantNotFound();
        if (current.version !== version) throw staleVersion('consultant', 'consultant access');
        if (current.status === 'revoked') throw errors.alreadyRevoked();
        const revoked = await repository.updateGrant(organizationId, accessId, {
          status: 'revoked',
          tokenHash: null,
          revokedAt: now(),
        });
        await recordAuditEvent(organizationId, {
          actorUserId: userId,
          action: 'consultant.access_revoked',
          targetType: 'consultant_access',
          targetId: accessId,
          summary: { email: current.email, consultantUserId: current.consultantUserId },
          ...meta,
        });
        return toGrant(unnamed(revoked));
      }),

    async accept(claims: AccessClaims, input: { organizationId: string; token: string }, meta: RequestMeta) {
      const consultant = await requireConsultant(claims.userId);
      const { organizationId } = input;
      return inTenant(db, { organizationId, userId: claims.userId }, async () => {
        const invitation = await repository.findInvitationByTokenForUpdate(
          organizationId,
          hashOpaqueToken(input.token),
        );
        if (!invitation || invitation.status !== 'invited' || !invitation.expiresAt || invitation.expiresAt <= now()) {
          throw errors.invalidInvitation();
        }
        if (invitation.email.toLowerCase() !== consultant.email.toLowerCase()) {
          throw errors.invitationForAnotherAddress();
        }
        const existing = await repository.findActiveGrant(organizationId, claims.userId);
        if (existing) {
          // Already a consultant there: the link is spent, the standing grant stays as it is.
          await repository.updateGrant(organizationId, invitation.id, {
            status: 'revoked',
            tokenHash: null,
            revokedAt: now(),
          });
        } else {
          await repository.updateGrant(organizationId, invitation.id, {
            status: 'active',
            consultantUserId: claims.userId,
            tokenHash: null,
            grantedAt: now(),
          });
        }
        await recordAuditEvent(organizationId, {
          actorUserId: claims.userId,
          action: 'consultant.access_granted',
          targetType: 'consultant_access',
          targetId: existing?.id ?? invitation.id,
          summary: { email: invitation.email },
          ...meta,
        });
        return { organizationId, organizationName: (await findOrganization(organizationId))?.name ?? '' };
      });
    },

    /**
     * Each client is read in its own tenant scope (row-level security stays the only gate), all in
     * parallel, at most CONSULTANT_CLIENTS_MAX of them: 1 + n statements, n bounded.
     */
    async clients(claims: AccessClaims): Promise<ConsultantClientList> {
      await requireConsultant(claims.userId);
      const grants = await inUserScope(db, claims.userId, () =>
        repository.listActiveGrantsOfConsultant(claims.userId, CONSULTANT_CLIENTS_MAX),
      );
      const shown = grants.slice(0, CONSULTANT_CLIENTS_MAX);
      const figures = await Promise.all(
        shown.map((grant) =>
          readInTenant(db, { organizationId: grant.organizationId, userId: claims.userId }, () =>
            repository.readClientFigures(grant.organizationId),
          ),
        ),
      );
      const at = now();
      return {
        truncated: grants.length > CONSULTANT_CLIENTS_MAX,
        clients: shown.map((grant, index) => {
          const figure = figures[index];
          return {
            organizationId: grant.organizationId,
            organizationName: figure?.organizationName ?? '',
            accessLevel: grant.accessLevel,
            clientStatus: grant.clientStatus,
            grantedAt: grant.grantedAt?.toISOString() ?? null,
            figures: {
              members: figure?.members ?? 0,
              openIssues: figure?.openIssues ?? 0,
              prioritiesOnTrack: figure?.prioritiesOnTrack ?? 0,
              prioritiesThisQuarter: figure?.prioritiesThisQuarter ?? 0,
            },
            ...(figure ? { plan: planOf(figure, at) } : {}),
          };
        }),
      };
    },

    async switchIn(claims: AccessClaims, organizationId: string, meta: RequestMeta): Promise<Session> {
      await requireConsultant(claims.userId);
      const home = claims.originalOrganizationId ?? claims.organizationId;
      if (organizationId === home) throw errors.notImpersonating();
      const grant = await readInTenant(db, { organizationId, userId: claims.userId }, () =>
        repository.findActiveGrant(organizationId, claims.userId),
      );
      if (!grant) throw errors.noAccess();
      await audit(organizationId, claims.userId, 'consultant.switched_in', meta, { homeOrganizationId: home });
      await audit(home, claims.userId, 'consultant.switched_out', meta, { clientOrganizationId: organizationId });
      return deps.auth.enterOrganization(claims, { organizationId, originalOrganizationId: home }, meta);
    },

    async returnHome(claims: AccessClaims, meta: RequestMeta): Promise<Session> {
      const home = claims.originalOrganizationId;
      if (!home) throw errors.notImpersonating();
      // Recorded even when the grant was revoked meanwhile: leaving is always allowed.
      await audit(claims.organizationId, claims.userId, 'consultant.returned', meta, { homeOrganizationId: home });
      await audit(home, claims.userId, 'consultant.returned', meta, { clientOrganizationId: claims.organizationId });
      return deps.auth.enterOrganization(claims, { organizationId: home, originalOrganizationId: null }, meta);
    },
  };
}

export type ConsultantsService = ReturnType<typeof createConsultantsService>;
