import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  createdAt,
  primaryId,
  tenantIsolationPolicy,
  timestampColumn,
  versionedTimestamps,
} from '../../db/table-helpers.js';
import { organizationColumn, personColumn } from '../people/people.table.js';

/** Teams and departments are one table; departments nest through parent_team_id. */
export const teams = pgTable(
  'teams',
  {
    id: primaryId(),
    organizationId: organizationColumn(),
    name: text('name').notNull(),
    description: text('description'),
    color: text('color'),
    parentTeamId: uuid('parent_team_id').references((): AnyPgColumn => teams.id, { onDelete: 'set null' }),
    isLeadershipTeam: boolean('is_leadership_team').notNull().default(false),
    archivedAt: timestampColumn('archived_at'),
    createdById: uuid('created_by_id'),
    ...versionedTimestamps(),
  },
  (table) => [
    index('teams_organization_idx').on(table.organizationId, table.name),
    // Exactly one leadership team per organization: created with it, and the database refuses a second.
    uniqueIndex('teams_one_leadership_key')
      .on(table.organizationId)
      .where(sql`is_leadership_team`),
    tenantIsolationPolicy(),
  ],
);

/** The team a row belongs to; the row goes with it. */
export const teamColumn = (name = 'team_id') =>
  uuid(name)
    .notNull()
    .references(() => teams.id, { onDelete: 'cascade' });

export const teamMembers = pgTable(
  'team_members',
  {
    id: primaryId(),
    organizationId: organizationColumn(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: personColumn('user_id'),
    role: text('role', { enum: ['lead', 'member'] })
      .notNull()
      .default('member'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('team_members_team_user_key').on(table.teamId, table.userId),
    index('team_members_user_idx').on(table.organizationId, table.userId),
    tenantIsolationPolicy(),
  ],
);
