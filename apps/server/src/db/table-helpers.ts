import { sql, type SQL } from 'drizzle-orm';
import { integer, pgPolicy, pgRole, timestamp, uuid } from 'drizzle-orm/pg-core';

/** The role every request runs as: neither superuser nor owner, so row-level security always applies. */
export const APP_ROLE = 'keel_app';
export const appRole = pgRole(APP_ROLE).existing();

/** An unset tenant reads as NULL, and `organization_id = NULL` matches nothing: no scope, no rows. */
export const currentOrganizationId = sql`nullif(current_setting('app.organization_id', true), '')::uuid`;
export const currentUserId = sql`nullif(current_setting('app.user_id', true), '')::uuid`;

/** Rows visible and writable only inside their own organization's transaction. */
export const tenantIsolationPolicy = (readAlsoWhen?: SQL) =>
  pgPolicy('tenant_isolation', {
    as: 'permissive',
    for: 'all',
    to: appRole,
    using: readAlsoWhen
      ? sql`organization_id = ${currentOrganizationId} or ${readAlsoWhen}`
      : sql`organization_id = ${currentOrganizationId}`,
    withCheck: sql`organization_id = ${currentOrganizationId}`,
  });

export const primaryId = () => uuid('id').primaryKey().defaultRandom();
export const organizationIdColumn = () => uuid('organization_id').notNull();
export const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true, mode: 'date' })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
export const versionColumn = () => integer('version').notNull().default(1);
export const timestampColumn = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Created, last changed, and the version an edit must name (optimistic concurrency). */
export const versionedTimestamps = () => ({ createdAt: createdAt(), updatedAt: updatedAt(), version: versionColumn() });
