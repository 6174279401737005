import {
  TWO_FACTOR_RECOVERY_CODE_COUNT,
  type TwoFactorChallenge,
  type TwoFactorEnrolment,
  type TwoFactorLoginRequest,
  type TwoFactorStatus,
} from '@keel/contract';
import type { Database } from '../../db/database.js';
import { inAccountScope, inTenant } from '../../db/scope.js';
import { recordAuditEvent } from '../audit/index.js';
import * as errors from './account-security.errors.js';
import type { ClientMeta } from './client-meta.js';
import { findUserById } from './auth.repository.js';
import { ACCOUNT_FAILURE_RULE, ADDRESS_FAILURE_RULE, FailureThrottle } from './login-throttle.js';
import { verifyPassword } from './passwords.js';
import type { AccessClaims } from './tokens.js';
import { hashOpaqueToken, newOpaqueToken } from './tokens.js';
import {
  createTwoFactorSecretBox,
  hashRecoveryCode,
  looksLikeRecoveryCode,
  matchingStep,
  newRecoveryCode,
  newTotpSecret,
  otpauthUrl,
} from './totp.js';
import * as repository from './two-factor.repository.js';

const CHALLENGE_TTL_MS = 5 * 60 * 1000;
/** Wrong codes a single challenge survives before the password must be entered again. */
const CHALLENGE_MAX_FAILURES = 5;

type CodeOutcome = 'totp' | 'recovery' | 'wrong' | 'used';

export function createTwoFactorService(deps: { db: Database; serverSecret: string; now?: () => Date }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const box = createTwoFactorSecretBox(deps.serverSecret);
  // Wrong codes are throttled like wrong passwords: per person and per client address.
  const personFailures = new FailureThrottle(ACCOUNT_FAILURE_RULE);
  const addressFailures = new FailureThrottle(ADDRESS_FAILURE_RULE);

  function refuseWhileThrottled(userId: string, ipAddress: string) {
    const blockedFor = Math.max(personFailures.retryAfterMs(userId), addressFailures.retryAfterMs(ipAddress));
    if (blockedFor > 0) throw errors.tooManyCodes(blockedFor);
  }

  function countFailure(userId: string, ipAddress: string) {
    personFailures.recordFailure(userId);
    addressFailures.recordFailure(ipAddress);
  }

  /** Checks a code of an enabled account and consumes it. Runs inside an account scope. */
  async function useCode(userId: string, code: string, at: Date): Promise<CodeOutcome> {
    const row = await repository.findTwoFactor(userId);
    if (!row?.enabledAt) return 'wrong';
    if (looksLikeRecoveryCode(code)) {
      return (await repository.useRecoveryCode(userId, hashRecoveryCode(code), at)) ? 'recovery' : 'wrong';
    }
    const secret = box.open(row.secretCiphertext);
    const step = matchingStep(secret, code, at.getTime(), row.lastUsedStep);
    if (step === null) return matchingStep(secret, code, at.getTime(), null) === null ? 'wrong' : 'used';
    return (await repository.claimStep(userId, step, null)) ? 'totp' : 'used';
  }

  async function audit(organizationId: string | null, userId: string, action: string, meta: ClientMeta | null) {
    if (!organizationId) return;
    await inTenant(db, { organizationId, userId }, () =>
      recordAuditEvent(organizationId, {
        actorUserId: userId,
        action,
        targetType: 'user',
        targetId: userId,
        ...(meta ?? {}),
      }),
    );
  }

  function refuse(outcome: CodeOutcome, status: 400 | 401) {
    return outcome === 'used' ? errors.usedCode(status) : errors.wrongCode(status);
  }

  return {
    async status(claims: AccessClaims): Promise<TwoFactorStatus> {
      return inAccountScope(db, async () => {
        const row = await repository.findTwoFactor(claims.userId);
        const enabledAt = row?.enabledAt ?? null;
        return {
          enabled: enabledAt !== null,
          enabledAt: enabledAt?.toISOString() ?? null,
          recoveryCodesLeft: enabledAt ? await repository.countUnusedRecoveryCodes(claims.userId) : 0,
        };
      });
    },

    /** A fresh secret waiting for its first code; shown this once (QR code and text for manual entry). */
    async enrol(claims: AccessClaims): Promise<TwoFactorEnrolment> {
      const secret = newTotpSecret();
      const email = await inAccountScope(db, async () => {
        const user = await findUserById(claims.userId);
        if (!user) throw errors.notEnrolling();
        if (!(await repository.savePendingSecret(claims.userId, box.seal(secret)))) throw errors.alreadyEnabled();
        return user.email;
      });
      const url = otpauthUrl(secret, email);
      // Loaded on first enrolment: idle servers never draw a QR code.
      const { default: QRCode } = await import('qrcode');
      const svg = await QRCode.toString(url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
      return {
        secret,
        otpauthUrl: url,
        qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
      };
    },

    /** The first correct code turns two-factor on and answers the recovery codes, which are never shown again. */
    async confirm(claims: AccessClaims, code: string, meta: ClientMeta): Promise<{ recoveryCodes: string[] }> {
      refuseWhileThrottled(claims.userId, meta.ipAddress);
      const at = now();
      const recoveryCodes = Array.from({ length: TWO_FACTOR_RECOVERY_CODE_COUNT }, newRecoveryCode);
      const outcome = await inAccountScope(db, async () => {
        const row = await repository.findTwoFactor(claims.userId);
        if (!row) throw errors.notEnrolling();
        if (row.enabledAt) throw errors.alreadyEnabled();
        const step = matchingStep(box.open(row.secretCiphertext), code, at.getTime(), row.lastUsedStep);
        if (step === null || !(await repository.claimStep(claims.userId, step, { at }))) return 'wrong' as const;
        await repository.replaceRecoveryCodes(claims.userId, recoveryCodes.map(hashRecoveryCode));
        return 'enabled' as const;
      });
      if (outcome === 'wrong') {
        countFailure(claims.userId, meta.ipAddress);
        throw errors.wrongCode(400);
      }
      await audit(claims.organizationId, claims.userId, 'user.two_factor_enabled', meta);
      return { recoveryCodes };
    },

    async disable(claims: AccessClaims, input: { password: string; code: string }, meta: ClientMeta): Promise<void> {
      refuseWhileThrottled(claims.userId, meta.ipAddress);
      const user = await inAccountScope(db, () => findUserById(claims.userId));
      if (!user?.passwordHash || !(await verifyPassword(user.passwordHash, input.password))) {
        countFailure(claims.userId, meta.ipAddress);
        throw errors.wrongCurrentPassword();
      }
      const outcome = await inAccountScope(db, async () => {
        const row = await repository.findTwoFactor(claims.userId);
        if (!row?.enabledAt) throw errors.notEnabled();
        const result = await useCode(claims.userId, input.code, now());
        if (result === 'totp' || result === 'recovery') await repository.deleteTwoFactor(claims.userId);
        return result;
      });
      if (outcome === 'wrong' || outcome === 'used') {
        countFailure(claims.userId, meta.ipAddress);
        throw refuse(outcome, 400);
      }
      await audit(claims.organizationId, claims.userId, 'user.two_factor_disabled', meta);
    },

    /** For the password step of sign-in: true when the account must also give a code. Runs inside a scope. */
    async isEnabled(userId: string): Promise<boolean> {
      return Boolean((await repository.findTwoFactor(userId))?.enabledAt);
    },

    /** Issues the short-lived challenge the code step redeems. Runs inside an account scope. */
    async startChallenge(userId: string, rememberMe: boolean): Promise<TwoFactorChallenge> {
      const { token, tokenHash } = newOpaqueToken();
      await repository.insertChallenge({
        userId,
        tokenHash,
        rememberMe,
        expiresAt: new Date(now().getTime() + CHALLENGE_TTL_MS),
      });
      return { twoFactorRequired: true, challengeToken: token, expiresInSeconds: CHALLENGE_TTL_MS / 1000 };
    },

    /** Redeems a challenge with a code; answers whose sign-in to finish, or throws the reason it cannot. */
    async completeChallenge(
      input: TwoFactorLoginRequest,
      meta: ClientMeta,
    ): Promise<{ userId: string; rememberMe: boolean; usedRecoveryCode: boolean }> {
      const at = now();
      const tokenHash = hashOpaqueToken(input.challengeToken);
      const result = await inAccountScope(db, async () => {
        const challenge = await repository.findLiveChallengeForUpdate(tokenHash, at);
        if (!challenge) return { kind: 'expired' as const };
        // Checked under the challenge's lock, so concurrent guesses cannot slip past the count.
        const blockedFor = Math.max(
          personFailures.retryAfterMs(challenge.userId),
          addressFailures.retryAfterMs(meta.ipAddress),
        );
        if (blockedFor > 0) return { kind: 'throttled' as const, blockedFor };
        const outcome = await useCode(challenge.userId, input.code, at);
        if (outcome === 'wrong' || outcome === 'used') {
          await repository.recordChallengeFailure(challenge.id, CHALLENGE_MAX_FAILURES, at);
        } else {
          await repository.consumeChallenge(challenge.id, at);
        }
        const user = await findUserById(challenge.userId);
        return { kind: 'checked' as const, outcome, challenge, organizationId: user?.lastOrganizationId ?? null };
      });
      if (result.kind === 'expired') throw errors.challengeExpired();
      if (result.kind === 'throttled') throw errors.tooManyCodes(result.blockedFor);
      const { outcome, challenge } = result;
      if (outcome === 'wrong' || outcome === 'used') {
        countFailure(challenge.userId, meta.ipAddress);
        await audit(result.organizationId, challenge.userId, 'auth.two_factor_failed', meta);
        throw refuse(outcome, 401);
      }
      personFailures.reset(challenge.userId);
      if (outcome === 'recovery') {
        await audit(result.organizationId, challenge.userId, 'auth.recovery_code_used', meta);
      }
      return { userId: challenge.userId, rememberMe: challenge.rememberMe, usedRecoveryCode: outcome === 'recovery' };
    },
  };
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
