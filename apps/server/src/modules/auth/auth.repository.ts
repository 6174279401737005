import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { accountDb } from '../../db/scope.js';
import { legalAcceptances, passwordResetTokens, refreshTokens } from './auth.table.js';

export {
  EmailTakenError,
  findUserByEmail,
  findUserById,
  insertUser,
  updateUser,
  type UserRow,
} from '../people/index.js';

export type RefreshTokenRow = typeof refreshTokens.$inferSelect;

export async function insertRefreshToken(values: typeof refreshTokens.$inferInsert): Promise<void> {
  await accountDb().insert(refreshTokens).values(values);
}

/** Locks the row so two concurrent refreshes with one token cannot both succeed. */
export async function findRefreshTokenForUpdate(tokenHash: string): Promise<RefreshTokenRow | undefined> {
  const [row] = await accountDb()
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .for('update');
  return row;
}

export async function markRefreshTokenUsed(id: string, at: Date): Promise<void> {
  await accountDb().update(refreshTokens).set({ usedAt: at }).where(eq(refreshTokens.id, id));
}

/** A session lives while its newest refresh token is neither used, revoked nor expired. */
export async function isRefreshFamilyLive(familyId: string, at: Date): Promise<boolean> {
  const [row] = await accountDb()
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(
      and(
        eq(refreshTokens.familyId, familyId),
        isNull(refreshTokens.usedAt),
        isNull(refreshTokens.revokedAt),
        gt(refreshTokens.expiresAt, at),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function revokeRefreshFamily(familyId: string, at: Date): Promise<void> {
  await accountDb()
    .update(refreshTokens)
    .set({ revokedAt: at })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

export async function revokeAllRefreshTokensOfUser(userId: string, at: Date): Promise<void> {
  await accountDb()
    .update(refreshTokens)
    .set({ revokedAt: at })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}

export async function insertPasswordResetToken(values: typeof passwordResetTokens.$inferInsert): Promise<void> {
  await accountDb().insert(passwordResetTokens).values(values);
}

/** Claims a reset token atomically: only the first caller gets the row back. */
export async function consumePasswordResetToken(tokenHash: string, now: Date) {
  const [row] = await accountDb()
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        sql`${passwordResetTokens.expiresAt} > ${now}`,
      ),
    )
    .returning({ userId: passwordResetTokens.userId });
  return row;
}

export async function insertLegalAcceptance(values: typeof legalAcceptances.$inferInsert): Promise<void> {
  await accountDb().insert(legalAcceptances).values(values);
}

export async function findLatestLegalAcceptance(userId: string, version: string) {
  const [row] = await accountDb()
    .select({ acceptedAt: legalAcceptances.acceptedAt })
    .from(legalAcceptances)
    .where(
      and(
        eq(legalAcceptances.userId, userId),
        eq(legalAcceptances.version, version),
        eq(legalAcceptances.termsAccepted, true),
        eq(legalAcceptances.privacyAccepted, true),
      ),
    )
    .orderBy(desc(legalAcceptances.acceptedAt))
    .limit(1);
  return row;
}
