import type { BusinessPlanContent } from '@keel/contract';
import { integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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
