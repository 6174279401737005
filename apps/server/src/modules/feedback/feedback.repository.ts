import { and, desc, eq, sql } from 'drizzle-orm';
import { tenantDb } from '../../db/scope.js';
import { users } from '../auth/index.js';
import { feedback } from './feedback.table.js';

export type FeedbackInsert = Pick<typeof feedback.$inferInsert, 'userId' | 'type' | 'subject' | 'message' | 'pageUrl'>;

export async function insertFeedback(organizationId: string, values: FeedbackInsert): Promise<{ id: string }> {
  const [row] = await tenantDb(organizationId)
    .insert(feedback)
    .values({ organizationId, ...values })
    .returning({ id: feedback.id });
  if (!row) throw new Error('feedback insert returned nothing');
  return row;
}

/** A position in the newest-first list: the last row seen, with its timestamp at full (microsecond) precision. */
export interface FeedbackPosition {
  createdAt: string;
  id: string;
}

/**
 * JavaScript dates stop at milliseconds while PostgreSQL keeps microseconds, so the cursor carries the
 * database's own text of the timestamp: a rounded one would skip or repeat rows.
 */
const preciseCreatedAt = sql<string>`to_char(${feedback.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** Newest first, keyset-paginated on (created_at, id); fetches one extra row to know whether more follow. */
export async function listFeedbackPage(
  organizationId: string,
  options: { limit: number; after: FeedbackPosition | undefined },
) {
  const { after } = options;
  return tenantDb(organizationId)
    .select({
      id: feedback.id,
      type: feedback.type,
      subject: feedback.subject,
      message: feedback.message,
      pageUrl: feedback.pageUrl,
      createdAt: feedback.createdAt,
      position: preciseCreatedAt,
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(feedback)
    .innerJoin(users, eq(users.id, feedback.userId))
    .where(
      and(
        eq(feedback.organizationId, organizationId),
        after
          ? sql`(${feedback.createdAt}, ${feedback.id}) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(feedback.createdAt), desc(feedback.id))
    .limit(options.limit + 1);
}
