import { sql } from 'drizzle-orm';
import { boolean, date, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { primaryId, tenantIsolationPolicy, timestampColumn, versionedTimestamps } from '../../db/table-helpers.js';
import { organizationColumn, personColumn } from '../people/people.table.js';
import { teamColumn } from '../teams/teams.table.js';

export const todos = pgTable(
  'todos',
  {
    id: primaryId(),
    organizationId: organizationColumn(),
    teamId: teamColumn(),
    ownerId: personColumn('owner_id'),
    title: text('title').notNull(),
    details: text('details').notNull().default(''),
    isPrivate: boolean('is_private').notNull().default(false),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    status: text('status', { enum: ['open', 'done'] })
      .notNull()
      .default('open'),
    doneAt: timestampColumn('done_at'),
    sourceKind: text('source_kind', { enum: ['issue', 'milestone', 'priority', 'meeting'] }),
    sourceId: uuid('source_id'),
    /** Shared by the to-dos one multi-owner create made (one per owner). */
    groupId: uuid('group_id'),
    /** Meetings are built later; kept as plain ids so the recap can count what a meeting created/completed. */
    createdInMeetingId: uuid('created_in_meeting_id'),
    completedInMeetingId: uuid('completed_in_meeting_id'),
    /** Soft delete, so a bulk delete can be undone. */
    deletedAt: timestampColumn('deleted_at'),
    createdById: uuid('created_by_id'),
    ...versionedTimestamps(),
  },
  (table) => [
    // The team list (filtered by status, sorted by due date) and the week's completion rate.
    index('todos_team_status_due_idx')
      .on(table.organizationId, table.teamId, table.status, table.dueDate)
      .where(sql`deleted_at is null`),
    // A person's own to-dos (dashboard, owner filter).
    index('todos_owner_status_due_idx')
      .on(table.organizationId, table.ownerId, table.status, table.dueDate)
      .where(sql`deleted_at is null`),
    tenantIsolationPolicy(),
  ],
);
