import { and, desc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import { accountDb } from '../../db/scope.js';
import { refreshTokens } from './auth.table.js';

export { updateEmail } from '../people/index.js';

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

/** Ends a person's sessions in one organization; their other organizations keep theirs. */
export async function revokeSessionsIn(organizationId: string, userId: string, at: Date): Promise<void> {
  await accountDb()
    .update(refreshTokens)
    .set({ revokedAt: at })
    .where(
      and(
        eq(refreshTokens.userId, userId),
        eq(refreshTokens.organizationId, organizationId),
        isNull(refreshTokens.revokedAt),
      ),
    );
}

/** A session starts with a refresh token, so the newest one in the organization is the last sign-in. */
export async function lastSignIns(organizationId: string, userIds: readonly string[]) {
  if (userIds.length === 0) return [];
  return accountDb()
    .select({
      userId: refreshTokens.userId,
      at: sql<Date>`max(${refreshTokens.createdAt})`.mapWith(refreshTokens.createdAt),
    })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.organizationId, organizationId), inArray(refreshTokens.userId, [...userIds])))
    .groupBy(refreshTokens.userId);
}
