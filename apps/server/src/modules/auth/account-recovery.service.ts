import { LEGAL_VERSION, type LegalAcceptance } from '@keel/contract';
import type { Database } from '../../db/database.js';
import { inAccountScope } from '../../db/scope.js';
import type { Mailer } from '../../mail/mailer.js';
import * as errors from './auth.errors.js';
import * as repository from './auth.repository.js';
import { hashPassword } from './passwords.js';
import type { ClientMeta } from './client-meta.js';
import { hashOpaqueToken, newOpaqueToken, type AccessClaims } from './tokens.js';

const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

/** The client's clock may be off or the value malformed: a sane instant or the server's. */
export function parseAcceptedAt(value: string, fallback: Date): Date {
  const parsed = new Date(value);
  return Number.isNaN(parsed.getTime()) ? fallback : parsed;
}

interface AccountRecoveryDeps {
  db: Database;
  mailer: Mailer;
  appUrl: string;
  now: () => Date;
}

/** Legal agreements and password reset: account-level use cases that need no organization. */
export function createAccountRecovery({ db, mailer, appUrl, now }: AccountRecoveryDeps) {
  return {
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
      await inAccountScope(db, async () => {
        const user = await repository.findUserByEmail(email.trim());
        if (!user || user.status !== 'active') return;
        const { token, tokenHash } = newOpaqueToken();
        await repository.insertPasswordResetToken({
          userId: user.id,
          tokenHash,
          expiresAt: new Date(now().getTime() + RESET_TOKEN_TTL_MS),
        });
        const link = `${appUrl.replace(/\/$/, '')}/reset-password?token=${encodeURIComponent(token)}`;
        await mailer.enqueue({
          to: user.email,
          subject: 'Reset your Keel password',
          text: `Hello ${user.firstName},\n\nSomeone asked to reset the password of your Keel account. If it was you, open this link within one hour:\n\n${link}\n\nIf it was not you, ignore this mail: your password stays as it is.\n`,
        });
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
}
