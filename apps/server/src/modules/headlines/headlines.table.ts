import { index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import {
  createdAt,
  primaryId,
  tenantIsolationPolicy,
  timestampColumn,
  versionedTimestamps,
} from '../../db/table-helpers.js';
import { organizationColumn, personColumn, users } from '../people/people.table.js';
import { teamColumn } from '../teams/teams.table.js';

export const headlines = pgTable(
  'headlines',
  {
    id: primaryId(),
    organizationId: organizationColumn(),
    teamId: teamColumn(),
    text: text('text').notNull(),
    details: text('details'),
    type: text('type', { enum: ['customer', 'employee', 'other'] }).notNull(),
    status: text('status', { enum: ['new', 'discussed'] })
      .notNull()
      .default('new'),
    ownerId: personColumn('owner_id'),
    aboutText: text('about_text'),
    aboutUserId: uuid('about_user_id').references(() => users.id, { onDelete: 'set null' }),
    archivedAt: timestampColumn('archived_at'),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    ...versionedTimestamps(),
  },
  (table) => [
    // The hot list: one team's open (or all) headlines, newest first.
    index('headlines_team_list_idx').on(table.organizationId, table.teamId, table.archivedAt, table.createdAt),
    // A person's own headlines (dashboard).
    index('headlines_owner_idx').on(table.organizationId, table.ownerId, table.archivedAt, table.createdAt),
    tenantIsolationPolicy(),
  ],
);

/** A message is immutable once sent: no version. */
export const cascadingMessages = pgTable(
  'cascading_messages',
  {
    id: primaryId(),
    organizationId: organizationColumn(),
    fromTeamId: teamColumn('from_team_id'),
    authorId: personColumn('author_id'),
    text: text('text').notNull(),
    details: text('details'),
    createdAt: createdAt(),
  },
  (table) => [
    index('cascading_messages_sent_idx').on(table.organizationId, table.fromTeamId, table.createdAt),
    tenantIsolationPolicy(),
  ],
);

/** One row per receiving team; carries the message's creation time so a team's inbox pages on one index. */
export const cascadingMessageRecipients = pgTable(
  'cascading_message_recipients',
  {
    organizationId: organizationColumn(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => cascadingMessages.id, { onDelete: 'cascade' }),
    teamId: teamColumn(),
    createdAt: timestampColumn('created_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.messageId, table.teamId] }),
    index('cascading_message_recipients_inbox_idx').on(table.organizationId, table.teamId, table.createdAt),
    tenantIsolationPolicy(),
  ],
);

export const cascadingMessageReceipts = pgTable(
  'cascading_message_receipts',
  {
    organizationId: organizationColumn(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => cascadingMessages.id, { onDelete: 'cascade' }),
    userId: personColumn('user_id'),
    readAt: timestampColumn('read_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.messageId, table.userId] }), tenantIsolationPolicy()],
);
