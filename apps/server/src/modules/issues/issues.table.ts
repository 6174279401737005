import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import {
  createdAt,
  primaryId,
  tenantIsolationPolicy,
  timestampColumn,
  versionedTimestamps,
} from '../../db/table-helpers.js';
import { organizationColumn, personColumn, users } from '../people/people.table.js';
import { storedFiles } from '../storage/storage.table.js';
import { teamColumn, teams } from '../teams/teams.table.js';

export const issues = pgTable(
  'issues',
  {
    id: primaryId(),
    organizationId: organizationColumn(),
    teamId: teamColumn(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    raisedById: personColumn('raised_by_id'),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    horizon: text('horizon', { enum: ['short_term', 'long_term'] })
      .notNull()
      .default('short_term'),
    priorityRank: integer('priority_rank'),
    /** Manual order within (team, horizon) among open issues; new ones go last. */
    position: integer('position').notNull().default(0),
    status: text('status', { enum: ['open', 'solved'] })
      .notNull()
      .default('open'),
    solvedAt: timestampColumn('solved_at'),
    solvedById: uuid('solved_by_id').references(() => users.id, { onDelete: 'set null' }),
    /** Meetings are built later: kept as a plain id. */
    solvedInMeetingId: uuid('solved_in_meeting_id'),
    resolution: text('resolution'),
    sourceKind: text('source_kind', { enum: ['headline', 'todo', 'priority', 'measurable', 'meeting'] }),
    sourceId: uuid('source_id'),
    archivedAt: timestampColumn('archived_at'),
    ...versionedTimestamps(),
  },
  (table) => [
    // The hot list: a team's open issues of one horizon in manual order.
    index('issues_team_list_idx').on(table.organizationId, table.teamId, table.status, table.horizon, table.position),
    // The solved list, newest solved first.
    index('issues_team_solved_idx').on(table.organizationId, table.teamId, table.status, table.solvedAt),
    // The dashboard: issues a person owns.
    index('issues_owner_idx').on(table.organizationId, table.ownerId, table.status),
    // Top three: each rank held by at most one open issue per team, enforced by the database too.
    uniqueIndex('issues_team_rank_unique')
      .on(table.teamId, table.priorityRank)
      .where(sql`status = 'open' and priority_rank is not null`),
    tenantIsolationPolicy(),
  ],
);

export const issueVotes = pgTable(
  'issue_votes',
  {
    organizationId: organizationColumn(),
    issueId: uuid('issue_id')
      .notNull()
      .references(() => issues.id, { onDelete: 'cascade' }),
    userId: personColumn('user_id'),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.issueId, table.userId] }), tenantIsolationPolicy()],
);

export const issueComments = pgTable(
  'issue_comments',
  {
    id: primaryId(),
    organizationId: organizationColumn(),
    issueId: uuid('issue_id')
      .notNull()
      .references(() => issues.id, { onDelete: 'cascade' }),
    authorId: personColumn('author_id'),
    body: text('body').notNull(),
    ...versionedTimestamps(),
  },
  (table) => [
    index('issue_comments_issue_idx').on(table.organizationId, table.issueId, table.createdAt),
    tenantIsolationPolicy(),
  ],
);

export const issueAttachments = pgTable(
  'issue_attachments',
  {
    id: primaryId(),
    organizationId: organizationColumn(),
    issueId: uuid('issue_id')
      .notNull()
      .references(() => issues.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    storedFileId: uuid('stored_file_id')
      .notNull()
      .references(() => storedFiles.id, { onDelete: 'restrict' }),
    uploadedById: personColumn('uploaded_by_id'),
    createdAt: createdAt(),
  },
  (table) => [
    index('issue_attachments_issue_idx').on(table.organizationId, table.issueId, table.createdAt),
    index('issue_attachments_stored_file_idx').on(table.storedFileId),
    tenantIsolationPolicy(),
  ],
);

/** Read-only history; a sent issue's origin team keeps seeing "sent to X by Y" here. */
export const issueTrail = pgTable(
  'issue_trail',
  {
    id: primaryId(),
    organizationId: organizationColumn(),
    issueId: uuid('issue_id')
      .notNull()
      .references(() => issues.id, { onDelete: 'cascade' }),
    action: text('action', { enum: ['sent', 'received', 'solved', 'reopened'] }).notNull(),
    fromTeamId: uuid('from_team_id').references(() => teams.id, { onDelete: 'set null' }),
    toTeamId: uuid('to_team_id').references(() => teams.id, { onDelete: 'set null' }),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    index('issue_trail_issue_idx').on(table.organizationId, table.issueId, table.createdAt),
    index('issue_trail_from_team_idx').on(table.organizationId, table.fromTeamId, table.createdAt),
    tenantIsolationPolicy(),
  ],
);
