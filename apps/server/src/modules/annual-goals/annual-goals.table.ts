import { index, integer, pgTable, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { primaryId, tenantIsolationPolicy, versionedTimestamps } from '../../db/table-helpers.js';
import { organizationColumn, users } from '../people/people.table.js';
import { teamColumn } from '../teams/teams.table.js';

export const ANNUAL_GOAL_STATUS_VALUES = ['not_started', 'on_track', 'off_track', 'done'] as const;

/** A goal of the 1-year plan; priorities link up to one (alignment). */
export const annualGoals = pgTable(
  'annual_goals',
  {
    id: primaryId(),
    organizationId: organizationColumn(),
    teamId: teamColumn(),
    year: smallint('year').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: ANNUAL_GOAL_STATUS_VALUES }).notNull().default('not_started'),
    /** What "done" means, in the team's words ("$12M revenue", "3 new regions"). */
    target: text('target').notNull().default(''),
    position: integer('position').notNull(),
    ...versionedTimestamps(),
  },
  (table) => [
    index('annual_goals_team_year_idx').on(table.organizationId, table.teamId, table.year, table.position),
    index('annual_goals_year_idx').on(table.organizationId, table.year),
    tenantIsolationPolicy(),
  ],
);
