import { boolean, date, doublePrecision, index, integer, pgTable, smallint, text, uuid } from 'drizzle-orm/pg-core';
import {
  createdAt,
  primaryId,
  tenantIsolationPolicy,
  timestampColumn,
  versionedTimestamps,
} from '../../db/table-helpers.js';
import { organizationColumn, personColumn } from '../people/people.table.js';
import { annualGoals } from '../annual-goals/annual-goals.table.js';
import { storedFiles } from '../storage/storage.table.js';
import { teamColumn } from '../teams/teams.table.js';

const STATUSES = ['on_track', 'off_track', 'complete', 'not_complete'] as const;

export const priorities = pgTable(
  'priorities',
  {
    id: primaryId(),
    organizationId: organizationColumn(),
    teamId: teamColumn(),
    ownerId: personColumn('owner_id'),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    scope: text('scope', { enum: ['company', 'team', 'individual'] })
      .notNull()
      .default('team'),
    year: integer('year').notNull(),
    quarter: smallint('quarter').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    status: text('status', { enum: STATUSES }).notNull().default('on_track'),
    progressType: text('progress_type', { enum: ['status', 'milestones', 'numeric'] })
      .notNull()
      .default('status'),
    numericStart: doublePrecision('numeric_start'),
    numericTarget: doublePrecision('numeric_target'),
    numericCurrent: doublePrecision('numeric_current'),
    unit: text('unit'),
    /** Shared by the priorities one multi-owner create made (one per owner). */
    groupId: uuid('group_id'),
    /** The annual goal this priority serves (alignment); null: none named yet. */
    annualGoalId: uuid('annual_goal_id').references(() => annualGoals.id, { onDelete: 'set null' }),
    completedAt: timestampColumn('completed_at'),
    archivedAt: timestampColumn('archived_at'),
    createdById: uuid('created_by_id'),
    ...versionedTimestamps(),
  },
  (table) => [
    // The team's quarter list (the hot read), archived ones left out unless asked for.
    index('priorities_team_quarter_idx').on(
      table.organizationId,
      table.teamId,
      table.year,
      table.quarter,
      table.archivedAt,
    ),
    // A person's own priorities (dashboard, owner filter).
    index('priorities_owner_idx').on(table.organizationId, table.ownerId, table.year, table.quarter),
    // The priorities behind an annual goal (alignment counts).
    index('priorities_annual_goal_idx').on(table.organizationId, table.annualGoalId),
    tenantIsolationPolicy(),
  ],
);

export const milestones = pgTable(
  'milestones',
  {
    id: primaryId(),
    organizationId: organizationColumn(),
    priorityId: uuid('priority_id')
      .notNull()
      .references(() => priorities.id, { onDelete: 'cascade' }),
    ownerId: personColumn('owner_id'),
    title: text('title').notNull(),
    dueDate: date('due_date', { mode: 'string' }),
    done: boolean('done').notNull().default(false),
    doneAt: timestampColumn('done_at'),
    position: integer('position').notNull(),
    ...versionedTimestamps(),
  },
  (table) => [
    index('milestones_priority_position_idx').on(table.priorityId, table.position),
    // A person's milestones (dashboard).
    index('milestones_owner_idx').on(table.organizationId, table.ownerId, table.done),
    tenantIsolationPolicy(),
  ],
);

export const priorityUpdates = pgTable(
  'priority_updates',
  {
    id: primaryId(),
    organizationId: organizationColumn(),
    priorityId: uuid('priority_id')
      .notNull()
      .references(() => priorities.id, { onDelete: 'cascade' }),
    authorId: personColumn('author_id'),
    weekStart: date('week_start', { mode: 'string' }).notNull(),
    status: text('status', { enum: STATUSES }).notNull(),
    comment: text('comment').notNull().default(''),
    createdAt: createdAt(),
  },
  (table) => [
    index('priority_updates_priority_created_idx').on(table.priorityId, table.createdAt, table.id),
    tenantIsolationPolicy(),
  ],
);

export const priorityAttachments = pgTable(
  'priority_attachments',
  {
    id: primaryId(),
    organizationId: organizationColumn(),
    priorityId: uuid('priority_id')
      .notNull()
      .references(() => priorities.id, { onDelete: 'cascade' }),
    uploadedById: personColumn('uploaded_by_id'),
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    storedFileId: uuid('stored_file_id')
      .notNull()
      .references(() => storedFiles.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
  },
  (table) => [
    index('priority_attachments_priority_idx').on(table.priorityId, table.createdAt),
    index('priority_attachments_stored_file_idx').on(table.storedFileId),
    tenantIsolationPolicy(),
  ],
);
