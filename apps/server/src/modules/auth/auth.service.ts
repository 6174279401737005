import { randomUUID } from 'node:crypto';
import {
  LEGAL_VERSION,
  type LegalAcceptance,
  type LoginRequest,
  type Session,
  type TwoFactorChallenge,
  type TwoFactorLoginRequest,
  type TokenPair,
  type UpdateProfileRequest,
  type User,
} from '@keel/contract';
import type { Database } from '../../db/database.js';
import { inAccountScope, inTenant, inUserScope, readInTenant } from '../../db/scope.js';
import { AppError } from '../../http/errors.js';
import type { Mailer } from '../../mail/mailer.js';
import type { ProductEventRecorder } from '../analytics/index.js';
import { recordAuditEvent } from '../audit/index.js';
import {
  createOrganizationWithOwner,
  listActiveMembershipsOfUser,
  requireActiveMember,
} from '../organizations/index.js';
import { createLeadershipTeam } from '../teams/index.js';
import { createAccountRecovery, parseAcceptedAt } from './account-recovery.service.js';
import * as errors from './auth.errors.js';
import { createUserLoader } from './user-loader.js';
import * as repository from './auth.repository.js';
import { ACCOUNT_FAILURE_RULE, ADDRESS_FAILURE_RULE, FailureThrottle } from './login-throttle.js';
import { hashPassword, spendVerificationTime, verifyPassword } from './passwords.js';
import type { TwoFactorService } from './two-factor.service.js';
import {
  REFRESH_TTL_REMEMBERED_MS,
  REFRESH_TTL_SHORT_MS,
  hashOpaqueToken,
  newOpaqueToken,
  type AccessClaims,
  type AccessTokens,
} from './tokens.js';
import type { ClientMeta } from './client-meta.js';

export type { ClientMeta } from './client-meta.js';

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
  /** Sign-in asks for a code when the account has two-factor authentication on. */
  twoFactor: TwoFactorService;
  /** Registration records the sign-up event (spec section 7) in its own transaction. */
  productEvents: ProductEventRecorder;
  now?: () => Date;
}

export function createAuthService(deps: AuthServiceDeps) {
  const { db, tokens } = deps;
  const now = deps.now ?? (() => new Date());
  const accountFailures = new FailureThrottle(ACCOUNT_FAILURE_RULE);
  const addressFailures = new FailureThrottle(ADDRESS_FAILURE_RULE);
  const loadUser = createUserLoader(db);

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

  return {
    async register(input: RegisterInput, meta: ClientMeta, options: { isConsultant?: boolean } = {}): Promise<Session> {
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
            isConsultant: options.isConsultant === true,
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
            summary: { organizationName: input.organizationName, isConsultant: options.isConsultant === true },
            ...meta,
          });
          await deps.productEvents.record({
            name: 'signed_up',
            organizationId,
            userId: user.id,
            properties: {
              email: user.email,
              organizationName: input.organizationName,
              isConsultant: options.isConsultant === true,
            },
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

    async login(input: LoginRequest, meta: ClientMeta): Promise<Session | TwoFactorChallenge> {
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
      const rememberMe = input.rememberMe === true;
      const challenge = await inAccountScope(db, async () =>
        (await deps.twoFactor.isEnabled(user.id)) ? deps.twoFactor.startChallenge(user.id, rememberMe) : null,
      );
      return challenge ?? finishSignIn(user, rememberMe, meta);
    },

    /** The second step of a sign-in with two-factor authentication: the challenge and a code. */
    async loginWithCode(input: TwoFactorLoginRequest, meta: ClientMeta): Promise<Session> {
      const { userId, rememberMe } = await deps.twoFactor.completeChallenge(input, meta);
      const user = await inAccountScope(db, () => repository.findUserById(userId));
      if (!user || user.status !== 'active') throw errors.invalidCredentials();
      return finishSignIn(user, rememberMe, meta);
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
      if (!user || user.status !== 'active') throw errors.invalidRefreshToken();
      let originalOrganizationId: string | null = null;
      if (!membership.some((m) => m.organizationId === row.organizationId)) {
        // A consultant's session inside a client: the grant must still stand, and home is where they came from.
        const home = membership.find((m) => m.organizationId === user.lastOrganizationId);
        if (!user.isConsultant || !home || !(await hasClientAccess(row.userId, row.organizationId))) {
          throw errors.invalidRefreshToken();
        }
        originalOrganizationId = home.organizationId;
      }
      return inAccountScope(db, () =>
        issuePair({
          userId: row.userId,
          organizationId: row.organizationId,
          familyId: row.familyId,
          rememberMe: row.rememberMe,
          meta,
          originalOrganizationId,
        }),
      );
    },

    /**
     * A new session inside `organizationId` for a caller whose right to be there the caller's module
     * has proven (a consultant switching in or back): the old session family ends.
     */
    async enterOrganization(
      claims: AccessClaims,
      target: { organizationId: string; originalOrganizationId: string | null },
      meta: ClientMeta,
    ): Promise<Session> {
      const pair = await inAccountScope(db, async () => {
        await repository.revokeRefreshFamily(claims.sessionId, now());
        return issuePair({
          userId: claims.userId,
          organizationId: target.organizationId,
          familyId: randomUUID(),
          rememberMe: false,
          meta,
          originalOrganizationId: target.originalOrganizationId,
        });
      });
      const user = await loadUser({
        userId: claims.userId,
        organizationId: target.organizationId,
        sessionId: '',
        originalOrganizationId: target.originalOrganizationId,
      });
      return { user, ...pair };
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

    /** A new session in `organizationId` for a person just let in there (an accepted invitation): login's payload. */
    async sessionFor(userId: string, organizationId: string, meta: ClientMeta): Promise<Session> {
      const pair = await inAccountScope(db, async () => {
        await repository.updateUser(userId, { lastOrganizationId: organizationId });
        return startSession(userId, organizationId, false, meta);
      });
      const user = await loadUser({ userId, organizationId, sessionId: '', originalOrganizationId: null });
      return { user, ...pair };
    },

    profile: loadUser,

    async updateProfile(claims: AccessClaims, changes: UpdateProfileRequest): Promise<User> {
      const unchanged = await loadUser(claims);
      // Nothing to set (`{}`): the profile as it is, with no write and no audit event.
      if (Object.values(changes).every((value) => value === undefined)) return unchanged;
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

    ...createAccountRecovery({ db, mailer: deps.mailer, appUrl: deps.appUrl, now }),
  };

  async function hasClientAccess(userId: string, organizationId: string): Promise<boolean> {
    try {
      await readInTenant(db, { organizationId, userId }, () => requireActiveMember(organizationId, userId));
      return true;
    } catch (error) {
      if (error instanceof AppError) return false;
      throw error;
    }
  }

  /** Picks the organization, starts the session family and records the sign-in. */
  async function finishSignIn(user: repository.UserRow, rememberMe: boolean, meta: ClientMeta): Promise<Session> {
    const memberships = await inUserScope(db, user.id, () => listActiveMembershipsOfUser(user.id));
    const chosen = memberships.find((m) => m.organizationId === user.lastOrganizationId) ?? memberships[0];
    if (!chosen) throw errors.noOrganization();
    const organizationId = chosen.organizationId;

    const pair = await inAccountScope(db, async () => {
      await repository.updateUser(user.id, { lastOrganizationId: organizationId });
      return startSession(user.id, organizationId, rememberMe, meta);
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
  }

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
