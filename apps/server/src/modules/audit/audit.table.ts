import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, primaryId, tenantIsolationPolicy } from '../../db/table-helpers.js';
import { organizationColumn } from '../people/people.table.js';

/** Append-only record of who did what; the actor may be a consultant acting inside a client. */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: primaryId(),
    organizationId: organizationColumn(),
    actorUserId: uuid('actor_user_id'),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    summary: jsonb('summary').$type<Record<string, unknown>>(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (table) => [
    index('audit_events_organization_created_idx').on(table.organizationId, table.createdAt),
    index('audit_events_actor_idx').on(table.organizationId, table.actorUserId, table.createdAt),
    // The user-activity filter by action, newest first (and its list of distinct actions).
    index('audit_events_action_idx').on(table.organizationId, table.action, table.createdAt),
    tenantIsolationPolicy(),
  ],
);
