import { boolean, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, tenantIsolationPolicy, updatedAt, versionColumn } from '../../db/table-helpers.js';
import { organizationColumn } from '../people/people.table.js';

/** An administrator's choice for the organization: may the assistant send its text to the server's model. */
export const assistantSettings = pgTable(
  'assistant_settings',
  {
    organizationId: organizationColumn().primaryKey(),
    modelEnabled: boolean('model_enabled').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: versionColumn(),
  },
  () => [tenantIsolationPolicy()],
);

/** Model requests made for an organization per calendar month (UTC, `YYYY-MM`): the monthly cap reads it. */
export const assistantUsage = pgTable(
  'assistant_usage',
  {
    organizationId: organizationColumn(),
    month: text('month').notNull(),
    requests: integer('requests').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ name: 'assistant_usage_pkey', columns: [table.organizationId, table.month] }),
    tenantIsolationPolicy(),
  ],
);
