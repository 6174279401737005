import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { accountDb } from '../../db/scope.js';
import { refreshTokens, users } from './auth.table.js';

export interface SessionRow {
  familyId: string;
  userAgent: string | null;
  ipAddress: string | null;
  signedInAt: Date;
  lastUsedAt: Date;
}

/**
 * The caller's live sign-ins: one unused, unrevoked, unexpired refresh token per family (the newest
 * of its rotation), with the family's first token for when it began. One statement, bounded.
 */
export async function listLiveSessions(userId: string, at: Date, limit: number): Promise<SessionRow[]> {
  return accountDb()
    .select({
      familyId: refreshTokens.familyId,
      userAgent: refreshTokens.userAgent,
      ipAddress: refreshTokens.ipAddress,
      lastUsedAt: refreshTokens.createdAt,
      signedInAt:
        sql<Date>`(select min(family.created_at) from refresh_tokens family where family.family_id = ${refreshTokens.familyId})`.mapWith(
          (value: string | Date) => new Date(value),
        ),
    })
    .from(refreshTokens)
    .where(
      and(
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.revokedAt),
        isNull(refreshTokens.usedAt),
        gt(refreshTokens.expiresAt, at),
      ),
    )
    .orderBy(desc(refreshTokens.createdAt))
    .limit(limit);
}

/** Ends one of the person's sessions; false when it is not theirs or already over. */
export async function revokeFamilyOfUser(userId: string, familyId: string, at: Date): Promise<boolean> {
  const rows = await accountDb()
    .update(refreshTokens)
    .set({ revokedAt: at })
    .where(and(eq(refreshTokens.userId, userId), eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)))
    .returning({ familyId: refreshTokens.familyId });
  return rows.length > 0;
}

/** Ends every session of the person but `keepFamilyId`; answers how many sessions ended. */
export async function revokeOtherFamilies(userId: string, keepFamilyId: string, at: Date): Promise<number> {
  const rows = await accountDb()
    .update(refreshTokens)
    .set({ revokedAt: at })
    .where(
      and(eq(refreshTokens.userId, userId), ne(refreshTokens.familyId, keepFamilyId), isNull(refreshTokens.revokedAt)),
    )
    .returning({ familyId: refreshTokens.familyId });
  return new Set(rows.map((row) => row.familyId)).size;
}

/** Moves the account to a free address; 'taken' when someone else has it (case-insensitive). */
export async function updateEmail(userId: string, email: string): Promise<'updated' | 'taken'> {
  try {
    const rows = await accountDb()
      .update(users)
      .set({ email })
      .where(
        and(
          eq(users.id, userId),
          sql`not exists (select 1 from users other where lower(other.email) = lower(${email}) and other.id <> ${userId})`,
        ),
      )
      .returning({ id: users.id });
    return rows.length > 0 ? 'updated' : 'taken';
  } catch (error) {
    // Two people claiming one address at the same instant: the unique index decides.
    if (error instanceof Error && /users_email_lower_key/.test(`${error.message} ${String(error.cause)}`))
      return 'taken';
    throw error;
  }
}
