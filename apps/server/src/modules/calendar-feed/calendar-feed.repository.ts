import { and, eq, sql } from 'drizzle-orm';
import { accountDb, tenantDb } from '../../db/scope.js';
import { calendarFeeds } from './calendar-feed.table.js';

export type CalendarFeedRow = typeof calendarFeeds.$inferSelect;

export async function findCalendarFeed(organizationId: string, userId: string): Promise<CalendarFeedRow | undefined> {
  const [row] = await tenantDb(organizationId)
    .select()
    .from(calendarFeeds)
    .where(and(eq(calendarFeeds.organizationId, organizationId), eq(calendarFeeds.userId, userId)));
  return row;
}

/** The person's feed, made now unless a concurrent request made it first (then theirs is answered). */
export async function insertCalendarFeed(
  organizationId: string,
  values: { userId: string; tokenSealed: string; tokenHash: string },
): Promise<CalendarFeedRow | undefined> {
  const [row] = await tenantDb(organizationId)
    .insert(calendarFeeds)
    .values({ organizationId, ...values })
    .onConflictDoNothing()
    .returning();
  return row;
}

export async function replaceCalendarFeedToken(
  organizationId: string,
  userId: string,
  values: { tokenSealed: string; tokenHash: string; resetAt: Date },
): Promise<CalendarFeedRow | undefined> {
  const [row] = await tenantDb(organizationId)
    .update(calendarFeeds)
    .set(values)
    .where(and(eq(calendarFeeds.organizationId, organizationId), eq(calendarFeeds.userId, userId)))
    .returning();
  return row;
}

export async function deleteCalendarFeed(organizationId: string, userId: string): Promise<boolean> {
  const rows = await tenantDb(organizationId)
    .delete(calendarFeeds)
    .where(and(eq(calendarFeeds.organizationId, organizationId), eq(calendarFeeds.userId, userId)))
    .returning({ userId: calendarFeeds.userId });
  return rows.length > 0;
}

/**
 * The feed behind an address, read before anyone is known: the token's hash is set for this transaction
 * only, and row-level security admits exactly that row.
 */
export async function findCalendarFeedByTokenHash(
  tokenHash: string,
): Promise<{ organizationId: string; userId: string } | undefined> {
  const db = accountDb();
  await db.execute(sql`select set_config('app.calendar_feed_token_hash', ${tokenHash}, true)`);
  const [row] = await db
    .select({ organizationId: calendarFeeds.organizationId, userId: calendarFeeds.userId })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.tokenHash, tokenHash));
  await db.execute(sql`select set_config('app.calendar_feed_token_hash', '', true)`);
  return row;
}
