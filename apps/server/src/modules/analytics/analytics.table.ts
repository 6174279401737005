import { PRODUCT_EVENT_NAMES } from '@keel/contract';
import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgPolicy, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { appRole, createdAt, currentOrganizationId } from '../../db/table-helpers.js';
import { organizations, users } from '../people/people.table.js';

/** Small by construction (the server builds them from fixed fields); the check keeps it so. */
export const PRODUCT_EVENT_PROPERTIES_MAX_BYTES = 2048;

/**
 * Product analytics events. A signed-in person's event belongs to their organization (forced RLS,
 * read by its owner as counts). A visitor's event on a public page has no organization: the app role
 * may add such a row (only outside any tenant) but never read, change or remove one, so no
 * organization's request ever sees it; the operator reads them as the database owner, or in PostHog.
 */
export const productEvents = pgTable(
  'product_events',
  {
    // Made by the server, not the database: an anonymous row cannot be read back after its insert.
    id: uuid('id').primaryKey(),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name', { enum: PRODUCT_EVENT_NAMES }).notNull(),
    properties: jsonb('properties').$type<Record<string, string | boolean>>().notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('product_events_counts_idx').on(table.organizationId, table.name, table.createdAt),
    check(
      'product_events_properties_size',
      sql`octet_length(${table.properties}::text) <= ${sql.raw(String(PRODUCT_EVENT_PROPERTIES_MAX_BYTES))}`,
    ),
    pgPolicy('tenant_isolation', {
      as: 'permissive',
      for: 'all',
      to: appRole,
      using: sql`organization_id = ${currentOrganizationId}`,
      withCheck: sql`organization_id = ${currentOrganizationId} or (organization_id is null and ${currentOrganizationId} is null)`,
    }),
  ],
);
