import { index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, tenantIsolationPolicy, timestampColumn } from '../db/table-helpers.js';

/**
 * Background work of an organization that failed after all its attempts, kept until an admin
 * retries or discards it. The id is the operation's: a retry runs again under the same id, so a
 * second failure updates this row instead of adding one. The payload is kept to run it again and
 * never leaves the server.
 */
export const failedOperations = pgTable(
  'failed_operations',
  {
    id: uuid('id').primaryKey(),
    organizationId: uuid('organization_id').notNull(),
    kind: text('kind').notNull(),
    description: text('description').notNull(),
    payload: jsonb('payload').notNull(),
    attempts: integer('attempts').notNull(),
    lastError: text('last_error').notNull(),
    status: text('status', { enum: ['failed', 'retrying'] }).notNull(),
    /** The send this row speaks for: a late notice about an earlier run must not touch a newer retry. */
    runId: uuid('run_id').notNull(),
    failedAt: timestampColumn('failed_at').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('failed_operations_organization_failed_idx').on(table.organizationId, table.failedAt.desc(), table.id),
    index('failed_operations_organization_kind_idx').on(table.organizationId, table.kind, table.failedAt.desc()),
    tenantIsolationPolicy(),
  ],
);
