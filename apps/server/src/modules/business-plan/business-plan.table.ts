import type { BusinessPlanContent } from '@keel/contract';
import { index, integer, jsonb, pgTable, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, primaryId, tenantIsolationPolicy, versionedTimestamps } from '../../db/table-helpers.js';
import { organizationColumn, users } from '../people/people.table.js';
import { teamColumn } from '../teams/teams.table.js';

/**
 * A team's business plan, kept as one document: the sections are edited together, versioned together
 * and compared together. The company plan is the leadership team's. Annual goals, priorities and
 * long-term issues are not copied in: the plan shows them live from their own tables.
 */
export const businessPlans = pgTable(
  'business_plans',
  {
    id: primaryId(),
    organizationId: organizationColumn(),
    teamId: teamColumn(),
    content: jsonb('content').$type<BusinessPlanContent>().notNull(),
    /** Set: the plan can be read by every member of the organization through its read-only link. */
    shareToken: text('share_token'),
    updatedById: uuid('updated_by_id').references(() => users.id, { onDelete: 'set null' }),
    ...versionedTimestamps(),
  },
  (table) => [
    uniqueIndex('business_plans_team_idx').on(table.organizationId, table.teamId),
    uniqueIndex('business_plans_share_token_idx').on(table.shareToken),
    tenantIsolationPolicy(),
  ],
);

/** Every saved state of a plan, so any older one can be read, compared and restored. */
export const businessPlanVersions = pgTable(
  'business_plan_versions',
  {
    id: primaryId(),
    organizationId: organizationColumn(),
    planId: uuid('plan_id')
      .notNull()
      .references(() => businessPlans.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    content: jsonb('content').$type<BusinessPlanContent>().notNull(),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('business_plan_versions_plan_version_idx').on(table.planId, table.version),
    tenantIsolationPolicy(),
  ],
);

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
