import { uuidSchema } from '@keel/contract';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { tenantDb } from '../../db/scope.js';
import { newestFirstAfter, preciseTimestamp, preciseTimestampSchema } from '../../http/pagination.js';
import { personView } from '../people/index.js';
import { teamMembershipsSql, teamView } from '../teams/index.js';
import { cascadingMessageReceipts, cascadingMessageRecipients, cascadingMessages } from './headlines.table.js';

const fromTeam = teamView('from_team');
const author = personView('author');
const reader = personView('reader');
const recipientTeam = teamView('recipient_team');

export const messageCursorShape = z.tuple([preciseTimestampSchema, uuidSchema]);
export type MessagePosition = z.infer<typeof messageCursorShape>;

export async function insertMessage(
  organizationId: string,
  values: { fromTeamId: string; authorId: string; text: string; details: string | null; toTeamIds: string[] },
): Promise<{ id: string; createdAt: Date }> {
  const db = tenantDb(organizationId);
  const { toTeamIds, ...message } = values;
  const [row] = await db
    .insert(cascadingMessages)
    .values({ organizationId, ...message })
    .returning({ id: cascadingMessages.id, createdAt: cascadingMessages.createdAt });
  if (!row) throw new Error('cascading message insert returned nothing');
  await db
    .insert(cascadingMessageRecipients)
    .values(toTeamIds.map((teamId) => ({ organizationId, messageId: row.id, teamId, createdAt: row.createdAt })));
  return row;
}

const messageColumns = {
  id: cascadingMessages.id,
  text: cascadingMessages.text,
  details: cascadingMessages.details,
  fromTeamId: cascadingMessages.fromTeamId,
  fromTeamName: fromTeam.name,
  authorId: cascadingMessages.authorId,
  authorFirstName: author.firstName,
  authorLastName: author.lastName,
  createdAt: cascadingMessages.createdAt,
  position: preciseTimestamp(cascadingMessages.createdAt),
};

const selectMessages = (organizationId: string, columns = messageColumns) =>
  tenantDb(organizationId)
    .select(columns)
    .from(cascadingMessages)
    .innerJoin(fromTeam, eq(fromTeam.id, cascadingMessages.fromTeamId))
    .innerJoin(author, eq(author.id, cascadingMessages.authorId));

export type MessageRow = NonNullable<Awaited<ReturnType<typeof findMessage>>>;

export async function findMessage(organizationId: string, id: string) {
  const [row] = await selectMessages(organizationId).where(
    and(eq(cascadingMessages.organizationId, organizationId), eq(cascadingMessages.id, id)),
  );
  return row;
}

/**
 * A team's inbox, newest first, paged on the recipients index: the order and the cursor both use the
 * time the message reached this team, or pages would skip or repeat rows.
 */
export async function listReceivedPage(
  organizationId: string,
  options: { teamId: string; limit: number; after: MessagePosition | undefined },
) {
  const { after } = options;
  return selectMessages(organizationId, {
    ...messageColumns,
    position: preciseTimestamp(cascadingMessageRecipients.createdAt),
  })
    .innerJoin(
      cascadingMessageRecipients,
      and(
        eq(cascadingMessageRecipients.messageId, cascadingMessages.id),
        eq(cascadingMessageRecipients.teamId, options.teamId),
      ),
    )
    .where(
      and(
        eq(cascadingMessageRecipients.organizationId, organizationId),
        after ? newestFirstAfter(cascadingMessageRecipients.createdAt, cascadingMessages.id, after) : undefined,
      ),
    )
    .orderBy(desc(cascadingMessageRecipients.createdAt), desc(cascadingMessages.id))
    .limit(options.limit + 1);
}

export async function listSentPage(
  organizationId: string,
  options: { teamId: string; limit: number; after: MessagePosition | undefined },
) {
  const { after } = options;
  return selectMessages(organizationId)
    .where(
      and(
        eq(cascadingMessages.organizationId, organizationId),
        eq(cascadingMessages.fromTeamId, options.teamId),
        after ? newestFirstAfter(cascadingMessages.createdAt, cascadingMessages.id, after) : undefined,
      ),
    )
    .orderBy(desc(cascadingMessages.createdAt), desc(cascadingMessages.id))
    .limit(options.limit + 1);
}

/** The receiving teams of every listed message, in one query. */
export async function listRecipientTeams(organizationId: string, messageIds: string[]) {
  if (messageIds.length === 0) return [];
  return tenantDb(organizationId)
    .select({ messageId: cascadingMessageRecipients.messageId, id: recipientTeam.id, name: recipientTeam.name })
    .from(cascadingMessageRecipients)
    .innerJoin(recipientTeam, eq(recipientTeam.id, cascadingMessageRecipients.teamId))
    .where(
      and(
        eq(cascadingMessageRecipients.organizationId, organizationId),
        inArray(cascadingMessageRecipients.messageId, messageIds),
      ),
    )
    .orderBy(asc(recipientTeam.name));
}

interface ReceiptCount {
  messageId: string;
  recipientCount: number;
  readCount: number;
  readByMe: boolean;
}

/**
 * Per message: how many distinct people belong to its receiving teams, how many of them marked it
 * read, and whether `userId` did. One aggregate query for the whole page.
 */
export async function countReceipts(organizationId: string, messageIds: string[], userId: string) {
  if (messageIds.length === 0) return [];
  const ids = sql.join(
    messageIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const result = await tenantDb(organizationId).execute(sql`
    select m.id as "messageId",
      (select count(distinct tm.user_id)::int from ${cascadingMessageRecipients} r
         join ${teamMembershipsSql()} tm on tm.team_id = r.team_id
         where r.message_id = m.id) as "recipientCount",
      (select count(*)::int from ${cascadingMessageReceipts} rc
         where rc.message_id = m.id and exists (
           select 1 from ${cascadingMessageRecipients} r
           join ${teamMembershipsSql()} tm on tm.team_id = r.team_id
           where r.message_id = m.id and tm.user_id = rc.user_id)) as "readCount",
      exists (select 1 from ${cascadingMessageReceipts} rc
         where rc.message_id = m.id and rc.user_id = ${userId}::uuid) as "readByMe"
    from ${cascadingMessages} m
    where m.organization_id = ${organizationId}::uuid and m.id in (${ids})`);
  return (result as { rows: ReceiptCount[] }).rows;
}

/** Idempotent: reading twice keeps the first time. */
export async function insertReceipt(organizationId: string, messageId: string, userId: string): Promise<boolean> {
  const rows = await tenantDb(organizationId)
    .insert(cascadingMessageReceipts)
    .values({ organizationId, messageId, userId })
    .onConflictDoNothing()
    .returning({ messageId: cascadingMessageReceipts.messageId });
  return rows.length > 0;
}

export async function listReaders(organizationId: string, messageId: string) {
  return (
    tenantDb(organizationId)
      .select({
        userId: reader.id,
        firstName: reader.firstName,
        lastName: reader.lastName,
        readAt: cascadingMessageReceipts.readAt,
        isRecipient: sql<boolean>`exists (select 1 from ${cascadingMessageRecipients} r
        join ${teamMembershipsSql()} tm on tm.team_id = r.team_id
        where r.message_id = ${cascadingMessageReceipts.messageId} and tm.user_id = ${cascadingMessageReceipts.userId})`,
      })
      .from(cascadingMessageReceipts)
      .innerJoin(reader, eq(reader.id, cascadingMessageReceipts.userId))
      .where(
        and(
          eq(cascadingMessageReceipts.organizationId, organizationId),
          eq(cascadingMessageReceipts.messageId, messageId),
        ),
      )
      .orderBy(asc(cascadingMessageReceipts.readAt))
      // A message reaches teams, not the whole world: a bounded list is enough to show who read it.
      .limit(1000)
  );
}
