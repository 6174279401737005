import { uuidSchema } from '@keel/contract';
import { and, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { tenantDb } from '../../db/scope.js';
import { newestFirstAfter, preciseTimestamp, preciseTimestampSchema } from '../../http/pagination.js';
import { personView } from '../people/index.js';
import { feedback } from './feedback.table.js';

const author = personView('author');

export type FeedbackInsert = Pick<typeof feedback.$inferInsert, 'userId' | 'type' | 'subject' | 'message' | 'pageUrl'>;

export async function insertFeedback(organizationId: string, values: FeedbackInsert): Promise<{ id: string }> {
  const [row] = await tenantDb(organizationId)
    .insert(feedback)
    .values({ organizationId, ...values })
    .returning({ id: feedback.id });
  if (!row) throw new Error('feedback insert returned nothing');
  return row;
}

/** A position in the newest-first list: the last row's creation time (to the microsecond) and id. */
export const feedbackCursorShape = z.tuple([preciseTimestampSchema, uuidSchema]);
export type FeedbackPosition = z.infer<typeof feedbackCursorShape>;

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
      position: preciseTimestamp(feedback.createdAt),
      userId: author.id,
      firstName: author.firstName,
      lastName: author.lastName,
      email: author.email,
    })
    .from(feedback)
    .innerJoin(author, eq(author.id, feedback.userId))
    .where(
      and(
        eq(feedback.organizationId, organizationId),
        after ? newestFirstAfter(feedback.createdAt, feedback.id, after) : undefined,
      ),
    )
    .orderBy(desc(feedback.createdAt), desc(feedback.id))
    .limit(options.limit + 1);
}
