import { sql } from 'drizzle-orm';
import { pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, tenantIsolationPolicy, timestampColumn } from '../../db/table-helpers.js';
import { organizationColumn, personColumn } from '../people/people.table.js';

/** Set only while a public feed request looks its token up, so row-level security admits that one row. */
export const currentCalendarFeedTokenHash = sql`nullif(current_setting('app.calendar_feed_token_hash', true), '')`;

/**
 * A person's secret calendar address in one organization. The token is sealed (so the address can be shown
 * again) and its SHA-256 is what a public request is found by; resetting replaces both.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    organizationId: organizationColumn(),
    userId: personColumn('user_id'),
    tokenSealed: text('token_sealed').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    resetAt: timestampColumn('reset_at'),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.userId] }),
    uniqueIndex('calendar_feeds_token_hash_key').on(table.tokenHash),
    tenantIsolationPolicy(sql`token_hash = ${currentCalendarFeedTokenHash}`),
  ],
);
