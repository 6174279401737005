import { and, asc, eq, gte, lte } from 'drizzle-orm';
import { tenantDb } from '../../db/scope.js';
import { cascadingMessages } from './headlines.table.js';

/** A meeting's recap: the messages the team sent to other teams while it ran (at most 200, oldest first). */
export async function cascadingMessagesSentBetween(organizationId: string, teamId: string, from: Date, to: Date) {
  return tenantDb(organizationId)
    .select({ id: cascadingMessages.id, text: cascadingMessages.text })
    .from(cascadingMessages)
    .where(
      and(
        eq(cascadingMessages.organizationId, organizationId),
        eq(cascadingMessages.fromTeamId, teamId),
        gte(cascadingMessages.createdAt, from),
        lte(cascadingMessages.createdAt, to),
      ),
    )
    .orderBy(asc(cascadingMessages.createdAt), asc(cascadingMessages.id))
    .limit(200);
}
