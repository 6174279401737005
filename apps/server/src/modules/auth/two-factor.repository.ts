import { and, count, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { accountDb } from '../../db/scope.js';
import { twoFactorChallenges, twoFactorRecoveryCodes, userTwoFactor } from './two-factor.table.js';

export type TwoFactorRow = typeof userTwoFactor.$inferSelect;

export async function findTwoFactor(userId: string): Promise<TwoFactorRow | undefined> {
  const [row] = await accountDb().select().from(userTwoFactor).where(eq(userTwoFactor.userId, userId));
  return row;
}

/** A new enrolment replaces a pending one; an enabled one is never overwritten here. */
export async function savePendingSecret(userId: string, secretCiphertext: string): Promise<boolean> {
  const rows = await accountDb()
    .insert(userTwoFactor)
    .values({ userId, secretCiphertext })
    .onConflictDoUpdate({
      target: userTwoFactor.userId,
      set: { secretCiphertext, lastUsedStep: null, updatedAt: new Date() },
      setWhere: isNull(userTwoFactor.enabledAt),
    })
    .returning({ userId: userTwoFactor.userId });
  return rows.length > 0;
}

/**
 * Records `step` as used only if it is newer than the last used one: of two requests with one
 * code, only the first gets a row back.
 */
export async function claimStep(userId: string, step: number, enable: { at: Date } | null): Promise<boolean> {
  const rows = await accountDb()
    .update(userTwoFactor)
    .set({ lastUsedStep: step, ...(enable ? { enabledAt: enable.at } : {}) })
    .where(
      and(
        eq(userTwoFactor.userId, userId),
        enable ? isNull(userTwoFactor.enabledAt) : isNotNull(userTwoFactor.enabledAt),
        or(isNull(userTwoFactor.lastUsedStep), lt(userTwoFactor.lastUsedStep, step)),
      ),
    )
    .returning({ userId: userTwoFactor.userId });
  return rows.length > 0;
}

export async function deleteTwoFactor(userId: string): Promise<void> {
  await accountDb().delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  await accountDb().delete(userTwoFactor).where(eq(userTwoFactor.userId, userId));
}

export async function replaceRecoveryCodes(userId: string, codeHashes: string[]): Promise<void> {
  await accountDb().delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  await accountDb()
    .insert(twoFactorRecoveryCodes)
    .values(codeHashes.map((codeHash) => ({ userId, codeHash })));
}

/** Consumes an unused recovery code atomically; true when it was there. */
export async function useRecoveryCode(userId: string, codeHash: string, at: Date): Promise<boolean> {
  const rows = await accountDb()
    .update(twoFactorRecoveryCodes)
    .set({ usedAt: at })
    .where(
      and(
        eq(twoFactorRecoveryCodes.userId, userId),
        eq(twoFactorRecoveryCodes.codeHash, codeHash),
        isNull(twoFactorRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: twoFactorRecoveryCodes.id });
  return rows.length > 0;
}

export async function countUnusedRecoveryCodes(userId: string): Promise<number> {
  const [row] = await accountDb()
    .select({ left: count() })
    .from(twoFactorRecoveryCodes)
    .where(and(eq(twoFactorRecoveryCodes.userId, userId), isNull(twoFactorRecoveryCodes.usedAt)));
  return row?.left ?? 0;
}

/** Also forgets the person's spent and expired challenges, so the table holds only live ones. */
export async function insertChallenge(values: typeof twoFactorChallenges.$inferInsert): Promise<void> {
  await accountDb()
    .delete(twoFactorChallenges)
    .where(
      and(
        eq(twoFactorChallenges.userId, values.userId),
        or(isNotNull(twoFactorChallenges.usedAt), lt(twoFactorChallenges.expiresAt, new Date())),
      ),
    );
  await accountDb().insert(twoFactorChallenges).values(values);
}

/** A live challenge, locked so two code attempts on it are decided one after the other. */
export async function findLiveChallengeForUpdate(tokenHash: string, at: Date) {
  const [row] = await accountDb()
    .select()
    .from(twoFactorChallenges)
    .where(
      and(
        eq(twoFactorChallenges.tokenHash, tokenHash),
        isNull(twoFactorChallenges.usedAt),
        sql`${twoFactorChallenges.expiresAt} > ${at}`,
      ),
    )
    .for('update');
  return row;
}

export async function recordChallengeFailure(id: string, maxFailures: number, at: Date): Promise<void> {
  await accountDb()
    .update(twoFactorChallenges)
    .set({
      failedAttempts: sql`${twoFactorChallenges.failedAttempts} + 1`,
      usedAt: sql`case when ${twoFactorChallenges.failedAttempts} + 1 >= ${maxFailures} then ${at}::timestamptz else null end`,
    })
    .where(eq(twoFactorChallenges.id, id));
}

export async function consumeChallenge(id: string, at: Date): Promise<void> {
  await accountDb().update(twoFactorChallenges).set({ usedAt: at }).where(eq(twoFactorChallenges.id, id));
}
