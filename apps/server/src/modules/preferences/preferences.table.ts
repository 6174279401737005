import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { tenantIsolationPolicy, timestampColumn, updatedAt } from '../../db/table-helpers.js';
import { organizationColumn, personColumn } from '../people/people.table.js';

export const userPreferences = pgTable(
  'user_preferences',
  {
    organizationId: organizationColumn(),
    userId: personColumn('user_id'),
    defaultTeamId: uuid('default_team_id'),
    scorecardRtl: boolean('scorecard_rtl').notNull().default(false),
    scorecardShowTotal: boolean('scorecard_show_total').notNull().default(true),
    updatedAt: updatedAt(),
  },
  (table) => [primaryKey({ columns: [table.organizationId, table.userId] }), tenantIsolationPolicy()],
);

/** Small per-user interface state (e.g. selected to-dos) that may expire on its own. */
export const uiStates = pgTable(
  'ui_states',
  {
    organizationId: organizationColumn(),
    userId: personColumn('user_id'),
    key: text('key').notNull(),
    stateValue: jsonb('state_value').notNull(),
    expiresAt: timestampColumn('expires_at'),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.userId, table.key] }),
    index('ui_states_expires_idx')
      .on(table.expiresAt)
      .where(sql`expires_at is not null`),
    tenantIsolationPolicy(),
  ],
);
