import { randomUUID } from 'node:crypto';
import {
  LEGAL_VERSION,
  type LegalAcceptance,
  type LoginRequest,
  type Session,
  type TokenPair,
  type UpdateProfileRequest,
  type User,
} from '@keel/contract';
import type { Database } from '../../db/database.js';
import { inAccountScope, inTenant, inUserScope, readInTenant } from '../../db/scope.js';
import { unauthorized } from '../../http/errors.js';
import type { Mailer } from '../../mail/mailer.js';
import { recordAuditEvent } from '../audit/index.js';
import { createOrganizationWithOwner, listActiveMembershipsOfUser } from '../organizations/index.js';
import { createLeadershipTeam } from '../teams/index.js';
import * as errors from './auth.errors.js';
import * as repository from './auth.repository.js';
import { ACCOUNT_FAILURE_RULE, ADDRESS_FAILURE_RULE, FailureThrottle } from './login-throttle.js';
import { hashPassword, spendVerificationTime, verifyPassword } from './passwords.js';
import { findProfile, type ProfileRow } from './profile.repository.js';
import {
  REFRESH_TTL_REMEMBERED_MS,
  REFRESH_TTL_SHORT_MS,
  hashOpaqueToken,
  newOpaqueToken,
  type AccessClaims,
  type AccessTokens,
} from './tokens.js';

export interface ClientMeta {
  ipAddress: string;
  userAgent: string;
}

export interface RegisterInput {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  organizationName: string;
  legalAgreement: LegalAcceptance;
}

export interface AuthServiceDeps {
  db: Database;
  tokens: AccessTokens;
  mailer: Mailer;
  appUrl: string;
  now?: () => Date;
}

const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

function toUser(
  profile: ProfileRow,
  organizationId: string,
  claims?: Pick<AccessClaims, 'originalOrganizationId'>,
): User {
  return {
    id: profile.id,
    email: profile.email,
    firstName: profile.firstName,
    lastName: profile.lastName,
    role: profile.role,
    organizationId,
    organization_id: organizationId,
    organizationName: profile.organizationName,
    avatarUrl: profile.avatarUrl,
    isConsultant: profile.isConsultant,
    teams: profile.teams,
    isImpersonating: Boolean(claims?.originalOrganizationId),
    originalOrganizationId: claims?.originalOrganizationId ?? null,
  };
}

function parseAcceptedAt(value: string, fallback: Date): Date {
  const parsed = new Date(value);
  return Number.isNaN(parsed.getTime()) ? fallback : parsed;
}

export function createAuthService(deps: AuthServiceDeps) {
  const { db, tokens } = deps;
  const now = deps.now ?? (() => new Date());
  const accountFailures = new FailureThrottle(ACCOUNT_FAILURE_RULE);
  const addressFailures = new FailureThrottle(ADDRESS_FAILURE_RULE);

  /** Starts a new session family and returns its first token pair. Runs inside an account-scope transaction. */
  async function startSession(
    userId: string,
    organizationId: string,
    rememberMe: boolean,
    meta: ClientMeta,
  ): Promise<TokenPair> {
    const familyId = randomUUID();
    return issuePair({ userId, organizationId, familyId, rememberMe, meta, originalOrganizationId: null });
  }

  async function issuePair(input: {
    userId: string;
    organizationId: string;
    familyId: string;
    rememberMe: boolean;
    meta: ClientMeta;
    originalOrganizationId: string | null;
  }): Promise<TokenPair> {
    const { token, tokenHash } = newOpaqueToken();
    const issuedAt = now();
    await repository.insertRefreshToken({
      userId: input.userId,
      organizationId: input.organizationId,
      familyId: input.familyId,
      tokenHash,
      rememberMe: input.rememberMe,
      expiresAt: new Date(issuedAt.getTime() + (input.rememberMe ? REFRESH_TTL_REMEMBERED_MS : REFRESH_TTL_SHORT_MS)),
      userAgent: input.meta.userAgent.slice(0, 500),
      ipAddress: input.meta.ipAddress,
    });
    const accessToken = await tokens.sign({
      userId: input.userId,
      organizationId: input.organizationId,
      sessionId: input.familyId,
      originalOrganizationId: input.originalOrganizationId,
    });
    return { accessToken, refreshToken: token };
  }

  async function loadUser(claims: AccessClaims): Promise<User> {
    const profile = await readInTenant(db, { organizationId: claims.organizationId, userId: claims.userId }, () =>
      findProfile(claims.organizationId, claims.userId),
    );
    if (!profile || profile.membershipStatus !== 'active') {
      throw unauthorized('auth.membership_ended', 'Your access to this organization has ended. Please sign in again.');
    }
    return toUser(profile, claims.organizationId, claims);
  }

  return {
    async register(input: RegisterInput, meta: ClientMeta): Promise<Session> {
      const passwordHash = await hashPassword(input.password);
      const organizationId = randomUUID();
      const registeredAt = now();
      const { userId, pair } = await inAccountScope(db, async () => {
        let user: repository.UserRow;
        try {
          user = await repository.insertUser({
            email: input.email.trim(),
            firstName: input.firstName,
            lastName: input.lastName,
            passwordHash,
          });
        } catch (error) {
          if (error instanceof repository.EmailTakenError) throw errors.emailTaken();
          throw error;
        }
        await inTenant(db, { organizationId, userId: user.id }, async () => {
          await createOrganizationWithOwner(organizationId, {
            name: input.organizationName,
            ownerUserId: user.id,
            now: registeredAt,
          });
          await createLeadershipTeam(organizationId, user.id);
          await recordAuditEvent(organizationId, {
            actorUserId: user.id,
            action: 'organization.registered',
            targetType: 'organization',
            targetId: organizationId,
            summary: { organizationName: input.organizationName },
            ...meta,
          });
        });
        await repository.insertLegalAcceptance({
          userId: user.id,
          termsAccepted: input.legalAgreement.termsAccepted,
          privacyAccepted: input.legalAgreement.privacyAccepted,
          acceptedAt: parseAcceptedAt(input.legalAgreement.acceptedAt, registeredAt),
          version: input.legalAgreement.version || LEGAL_VERSION,
          userAgent: (input.legalAgreement.userAgent || meta.userAgent).slice(0, 1000),
          // The spec's record carries the page's host name here; the server adds the client address after it.
          ipAddress: [input.legalAgreement.ipAddress, meta.ipAddress].filter(Boolean).join(' / ').slice(0, 300),
        });
        await repository.updateUser(user.id, { lastOrganizationId: organizationId });
        const pair = await startSession(user.id, organizationId, false, meta);
        return { userId: user.id, pair };
      });
      const user = await loadUser({ userId, organizationId, sessionId: '', originalOrganizationId: null });
      return { user, ...pair };
    },

    async login(input: LoginRequest, meta: ClientMeta): Promise<Session> {
      const accountKey = input.email.trim().toLowerCase();
      const blockedFor = Math.max(
        accountFailures.retryAfterMs(accountKey),
        addressFailures.retryAfterMs(meta.ipAddress),
      );
      if (blockedFor > 0) throw errors.tooManyAttempts(blockedFor);

      const user = await inAccountScope(db, () => repository.findUserByEmail(accountKey));
      const passwordMatches = user?.passwordHash
        ? await verifyPassword(user.passwordHash, input.password)
        : (await spendVerificationTime(input.password), false);
      if (!user || !passwordMatches || user.status !== 'active') {
        accountFailures.recordFailure(accountKey);
        addressFailures.recordFailure(meta.ipAddress);
        if (user) await recordFailedSignIn(user, meta);
        throw errors.invalidCredentials();
      }
      accountFailures.reset(accountKey);

      const memberships = await inUserScope(db, user.id, () => listActiveMembershipsOfUser(user.id));
      const chosen = memberships.find((m) => m.organizationId === user.lastOrganizationId) ?? memberships[0];
      if (!chosen) throw errors.noOrganization();
      const organizationId = chosen.organizationId;

      const pair = await inAccountScope(db, async () => {
        await repository.updateUser(user.id, { lastOrganizationId: organizationId });
        return startSession(user.id, organizationId, input.rememberMe === true, meta);
      });
      await inTenant(db, { organizationId, userId: user.id }, () =>
        recordAuditEvent(organizationId, {
          actorUserId: user.id,
          action: 'auth.signed_in',
          targetType: 'user',
          targetId: user.id,
          ...meta,
        }),
      );
      const profile = await loadUser({ userId: user.id, organizationId, sessionId: '', originalOrganizationId: null });
      return { user: profile, ...pair };
    },

    async refresh(refreshToken: string, meta: ClientMeta): Promise<TokenPair> {
      const tokenHash = hashOpaqueToken(refreshToken);
      const outcome = await inAccountScope(db, async () => {
        const row = await repository.findRefreshTokenForUpdate(tokenHash);
        const at = now();
        if (!row || row.revokedAt) return { ok: false as const };
        if (row.usedAt) {
          // A rotated-out token came back: someone holds a copy. End the whole session family.
          await repository.revokeRefreshFamily(row.familyId, at);
          return { ok: false as const, reused: true, row };
        }
        if (row.expiresAt <= at) return { ok: false as const };
        await repository.markRefreshTokenUsed(row.id, at);
        return { ok: true as const, row };
      });
      if (!outcome.ok) throw errors.invalidRefreshToken();
      const { row } = outcome;
      const membership = await inUserScope(db, row.userId, () => listActiveMembershipsOfUser(row.userId));
      const user = await inAccountScope(db, () => repository.findUserById(row.userId));
      if (!user || user.status !== 'active' || !membership.some((m) => m.organizationId === row.organizationId)) {
        throw errors.invalidRefreshToken();
      }
      return inAccountScope(db, () =>
        issuePair({
          userId: row.userId,
          organizationId: row.organizationId,
          familyId: row.familyId,
          rememberMe: row.rememberMe,
          meta,
          originalOrganizationId: null,
        }),
      );
    },

    async logout(input: { refreshToken?: string | undefined; claims: AccessClaims | null }): Promise<void> {
      await inAccountScope(db, async () => {
        const at = now();
        if (input.refreshToken) {
          const row = await repository.findRefreshTokenForUpdate(hashOpaqueToken(input.refreshToken));
          if (row) await repository.revokeRefreshFamily(row.familyId, at);
        }
        if (input.claims) await repository.revokeRefreshFamily(input.claims.sessionId, at);
      });
    },

    profile: loadUser,

    async updateProfile(claims: AccessClaims, changes: UpdateProfileRequest): Promise<User> {
      await loadUser(claims);
      await inAccountScope(db, () => repository.updateUser(claims.userId, changes));
      await inTenant(db, { organizationId: claims.organizationId, userId: claims.userId }, () =>
        recordAuditEvent(claims.organizationId, {
          actorUserId: claims.userId,
          action: 'user.profile_updated',
          targetType: 'user',
          targetId: claims.userId,
          summary: { fields: Object.keys(changes) },
        }),
      );
      return loadUser(claims);
    },

    async checkAgreements(claims: AccessClaims) {
      const accepted = await inAccountScope(db, () =>
        repository.findLatestLegalAcceptance(claims.userId, LEGAL_VERSION),
      );
      return {
        success: true,
        needsAcceptance: !accepted,
        version: LEGAL_VERSION,
        acceptedAt: accepted ? accepted.acceptedAt.toISOString() : null,
      };
    },

    async acceptAgreements(claims: AccessClaims, record: LegalAcceptance, meta: ClientMeta) {
      const at = now();
      await inAccountScope(db, () =>
        repository.insertLegalAcceptance({
          userId: claims.userId,
          termsAccepted: record.termsAccepted,
          privacyAccepted: record.privacyAccepted,
          acceptedAt: parseAcceptedAt(record.acceptedAt, at),
          version: LEGAL_VERSION,
          userAgent: (record.userAgent || meta.userAgent).slice(0, 1000),
          ipAddress: meta.ipAddress,
        }),
      );
      return { success: true as const };
    },

    async forgotPassword(email: string): Promise<void> {
      const token = await inAccountScope(db, async () => {
        const user = await repository.findUserByEmail(email.trim());
        if (!user || user.status !== 'active') return undefined;
        const { token, tokenHash } = newOpaqueToken();
        await repository.insertPasswordResetToken({
          userId: user.id,
          tokenHash,
          expiresAt: new Date(now().getTime() + RESET_TOKEN_TTL_MS),
        });
        return { token, user };
      });
      if (!token) return;
      const link = `${deps.appUrl.replace(/\/$/, '')}/reset-password?token=${encodeURIComponent(token.token)}`;
      await deps.mailer.send({
        to: token.user.email,
        subject: 'Reset your Keel password',
        text: `Hello ${token.user.firstName},\n\nSomeone asked to reset the password of your Keel account. If it was you, open this link within one hour:\n\n${link}\n\nIf it was not you, ignore this mail: your password stays as it is.\n`,
      });
    },

    async resetPassword(input: { token: string; password: string }): Promise<void> {
      const passwordHash = await hashPassword(input.password);
      await inAccountScope(db, async () => {
        const at = now();
        const claimed = await repository.consumePasswordResetToken(hashOpaqueToken(input.token), at);
        if (!claimed) throw errors.invalidResetToken();
        await repository.updateUser(claimed.userId, { passwordHash, passwordChangedAt: at });
        // A new password ends every existing session.
        await repository.revokeAllRefreshTokensOfUser(claimed.userId, at);
      });
    },
  };

  async function recordFailedSignIn(user: repository.UserRow, meta: ClientMeta) {
    const organizationId = user.lastOrganizationId;
    if (!organizationId) return;
    await inTenant(db, { organizationId, userId: user.id }, () =>
      recordAuditEvent(organizationId, {
        actorUserId: user.id,
        action: 'auth.sign_in_failed',
        targetType: 'user',
        targetId: user.id,
        ...meta,
      }),
    );
  }
}

export type AuthService = ReturnType<typeof createAuthService>;
