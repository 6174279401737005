import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, primaryId, tenantIsolationPolicy, timestampColumn } from '../../db/table-helpers.js';
import { organizationColumn } from '../people/people.table.js';

export const organizationExports = pgTable(
  'organization_exports',
  {
    id: primaryId(),
    organizationId: organizationColumn(),
    requestedById: uuid('requested_by_id'),
    status: text('status', { enum: ['queued', 'running', 'ready', 'failed', 'expired'] })
      .notNull()
      .default('queued'),
    stepsDone: integer('steps_done').notNull().default(0),
    stepsTotal: integer('steps_total').notNull().default(0),
    bytes: integer('bytes'),
    error: text('error'),
    createdAt: createdAt(),
    finishedAt: timestampColumn('finished_at'),
    expiresAt: timestampColumn('expires_at'),
  },
  (table) => [
    index('organization_exports_organization_idx').on(table.organizationId, table.createdAt),
    tenantIsolationPolicy(),
  ],
);
