import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import {
  createdAt,
  primaryId,
  tenantIsolationPolicy,
  timestampColumn,
  versionedTimestamps,
} from '../../db/table-helpers.js';
import { organizationColumn } from '../people/people.table.js';

export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: primaryId(),
    organizationId: organizationColumn(),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    events: text('events').array().notNull(),
    /** Sealed, not hashed: each delivery is signed with it. */
    secretSealed: text('secret_sealed').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    disabledReason: text('disabled_reason'),
    /** The first failure since the last success; null while deliveries succeed. */
    failingSince: timestampColumn('failing_since'),
    createdById: uuid('created_by_id'),
    ...versionedTimestamps(),
  },
  (table) => [
    index('webhook_endpoints_organization_idx').on(table.organizationId, table.createdAt),
    tenantIsolationPolicy(),
  ],
);

export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: primaryId(),
    organizationId: organizationColumn(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    /** The `webhook-id`: the same for every attempt and resend of one event. */
    messageId: text('message_id').notNull(),
    eventType: text('event_type').notNull(),
    /** The exact bytes signed and sent. */
    payload: text('payload').notNull(),
    status: text('status', { enum: ['pending', 'retrying', 'succeeded', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    responseStatus: integer('response_status'),
    responseBody: text('response_body'),
    error: text('error'),
    durationMs: integer('duration_ms'),
    createdAt: createdAt(),
    lastAttemptAt: timestampColumn('last_attempt_at'),
    nextAttemptAt: timestampColumn('next_attempt_at'),
  },
  (table) => [
    index('webhook_deliveries_endpoint_idx').on(table.organizationId, table.endpointId, table.createdAt, table.id),
    index('webhook_deliveries_open_idx')
      .on(table.organizationId, table.endpointId)
      .where(sql`status in ('pending', 'retrying')`),
    tenantIsolationPolicy(),
  ],
);
