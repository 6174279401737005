import type { ProcessStep } from '@keel/contract';
import {
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  createdAt,
  primaryId,
  tenantIsolationPolicy,
  timestampColumn,
  versionedTimestamps,
} from '../../db/table-helpers.js';
import { organizationColumn, personColumn, users } from '../people/people.table.js';
import { teamColumn } from '../teams/teams.table.js';

export const PROCESS_STATUS_VALUES = ['draft', 'published', 'archived'] as const;

/** A documented process: ordered steps with sub-steps, each in sanitised rich text. */
export const processes = pgTable(
  'processes',
  {
    id: primaryId(),
    organizationId: organizationColumn(),
    teamId: teamColumn(),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    purpose: text('purpose').notNull().default(''),
    steps: jsonb('steps').$type<ProcessStep[]>().notNull().default([]),
    status: text('status', { enum: PROCESS_STATUS_VALUES }).notNull().default('draft'),
    /** The version members acknowledge: set when the process is published, null while never published. */
    publishedVersion: integer('published_version'),
    publishedAt: timestampColumn('published_at'),
    reviewEveryDays: smallint('review_every_days').notNull().default(90),
    /** When the owner should look at it again; the background jobs remind them on that day. */
    nextReviewOn: date('next_review_on', { mode: 'string' }),
    reviewReminderSentOn: date('review_reminder_sent_on', { mode: 'string' }),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    ...versionedTimestamps(),
  },
  (table) => [
    index('processes_team_idx').on(table.organizationId, table.teamId, table.status, table.title),
    index('processes_review_idx').on(table.nextReviewOn),
    tenantIsolationPolicy(),
  ],
);

/** Every saved state of a process, for its history and for comparing two versions. */
export const processVersions = pgTable(
  'process_versions',
  {
    id: primaryId(),
    organizationId: organizationColumn(),
    processId: uuid('process_id')
      .notNull()
      .references(() => processes.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    title: text('title').notNull(),
    purpose: text('purpose').notNull(),
    steps: jsonb('steps').$type<ProcessStep[]>().notNull(),
    status: text('status', { enum: PROCESS_STATUS_VALUES }).notNull(),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('process_versions_process_version_idx').on(table.processId, table.version),
    tenantIsolationPolicy(),
  ],
);

/** A member's "I follow this": for one published version; acknowledging a newer one replaces it. */
export const processAcknowledgements = pgTable(
  'process_acknowledgements',
  {
    organizationId: organizationColumn(),
    processId: uuid('process_id')
      .notNull()
      .references(() => processes.id, { onDelete: 'cascade' }),
    userId: personColumn('user_id'),
    version: integer('version').notNull(),
    acknowledgedAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.processId, table.userId] }),
    index('process_acknowledgements_user_idx').on(table.organizationId, table.userId),
    tenantIsolationPolicy(),
  ],
);
