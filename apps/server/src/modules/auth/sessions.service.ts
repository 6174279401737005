import {
  ACCOUNT_SESSIONS_MAX,
  type AccountSession,
  type ChangeEmailRequest,
  type ChangePasswordRequest,
} from '@keel/contract';
import type { Database } from '../../db/database.js';
import { inAccountScope, inTenant } from '../../db/scope.js';
import type { Mailer } from '../../mail/mailer.js';
import { recordAuditEvent, type AuditEntry } from '../audit/index.js';
import * as errors from './account-security.errors.js';
import { findUserById, updateUser } from './auth.repository.js';
import type { ClientMeta } from './client-meta.js';
import { ACCOUNT_FAILURE_RULE, FailureThrottle } from './login-throttle.js';
import { hashPassword, verifyPassword } from './passwords.js';
import * as repository from './sessions.repository.js';
import type { AccessClaims } from './tokens.js';

/**
 * The signed-in person's own account: where they are signed in, and the changes that need their
 * current password (e-mail, password).
 */
export function createSessionsService(deps: { db: Database; mailer: Mailer; now?: () => Date }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  // Re-entering the password in settings must not become a way around the sign-in throttle.
  const passwordFailures = new FailureThrottle(ACCOUNT_FAILURE_RULE);

  async function requirePassword(claims: AccessClaims, password: string) {
    const blockedFor = passwordFailures.retryAfterMs(claims.userId);
    if (blockedFor > 0) throw errors.tooManyPasswords(blockedFor);
    const user = await inAccountScope(db, () => findUserById(claims.userId));
    if (!user?.passwordHash || !(await verifyPassword(user.passwordHash, password))) {
      passwordFailures.recordFailure(claims.userId);
      throw errors.wrongCurrentPassword();
    }
    passwordFailures.reset(claims.userId);
    return user;
  }

  const audit = (claims: AccessClaims, entry: Omit<AuditEntry, 'actorUserId'>) =>
    inTenant(db, { organizationId: claims.organizationId, userId: claims.userId }, () =>
      recordAuditEvent(claims.organizationId, { actorUserId: claims.userId, ...entry }),
    );

  return {
    async list(claims: AccessClaims): Promise<AccountSession[]> {
      const rows = await inAccountScope(db, () =>
        repository.listLiveSessions(claims.userId, now(), ACCOUNT_SESSIONS_MAX),
      );
      return rows.map((row) => ({
        id: row.familyId,
        userAgent: row.userAgent || null,
        ipAddress: row.ipAddress || null,
        signedInAt: row.signedInAt.toISOString(),
        lastUsedAt: row.lastUsedAt.toISOString(),
        current: row.familyId === claims.sessionId,
      }));
    },

    async signOut(claims: AccessClaims, sessionId: string, meta: ClientMeta): Promise<void> {
      const ended = await inAccountScope(db, () => repository.revokeFamilyOfUser(claims.userId, sessionId, now()));
      if (!ended) throw errors.sessionNotFound();
      await audit(claims, { action: 'auth.session_ended', targetType: 'session', targetId: sessionId, ...meta });
    },

    async signOutOthers(claims: AccessClaims, meta: ClientMeta): Promise<{ signedOut: number }> {
      const signedOut = await inAccountScope(db, () =>
        repository.revokeOtherFamilies(claims.userId, claims.sessionId, now()),
      );
      await audit(claims, {
        action: 'auth.other_sessions_ended',
        targetType: 'user',
        targetId: claims.userId,
        summary: { signedOut },
        ...meta,
      });
      return { signedOut };
    },

    /** A new password ends every other session; this one stays signed in. */
    async changePassword(claims: AccessClaims, input: ChangePasswordRequest, meta: ClientMeta): Promise<void> {
      const user = await requirePassword(claims, input.currentPassword);
      const passwordHash = await hashPassword(input.newPassword);
      const signedOut = await inAccountScope(db, async () => {
        const at = now();
        await updateUser(user.id, { passwordHash, passwordChangedAt: at });
        await deps.mailer.enqueue({
          to: user.email,
          subject: 'Your Keel password was changed',
          text: `Hello ${user.firstName},\n\nThe password of your Keel account was just changed, and every other session was signed out.\n\nIf this was not you, reset your password at once with "Forgot password?" on the sign-in page and tell your administrator.\n`,
        });
        return repository.revokeOtherFamilies(user.id, claims.sessionId, at);
      });
      await audit(claims, {
        action: 'user.password_changed',
        targetType: 'user',
        targetId: user.id,
        summary: { otherSessionsEnded: signedOut },
        ...meta,
      });
    },

    /** Moves the sign-in address; the old address is told, so a hijacked account does not go unnoticed. */
    async changeEmail(claims: AccessClaims, input: ChangeEmailRequest, meta: ClientMeta): Promise<void> {
      const user = await requirePassword(claims, input.currentPassword);
      const email = input.email.trim();
      if (email.toLowerCase() === user.email.toLowerCase()) throw errors.sameEmail();
      const outcome = await inAccountScope(db, async () => {
        const moved = await repository.updateEmail(user.id, email);
        if (moved === 'taken') return moved;
        await deps.mailer.enqueue({
          to: user.email,
          subject: 'Your Keel sign-in email was changed',
          text: `Hello ${user.firstName},\n\nThe email address of your Keel account was changed from ${user.email} to ${email}. From now on, sign in with the new address.\n\nIf this was not you, contact your administrator at once.\n`,
        });
        return moved;
      });
      if (outcome === 'taken') throw errors.emailInUse();
      await audit(claims, {
        action: 'user.email_changed',
        targetType: 'user',
        targetId: user.id,
        summary: { from: user.email, to: email },
        ...meta,
      });
    },
  };
}

export type SessionsService = ReturnType<typeof createSessionsService>;
