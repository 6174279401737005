import { jsonb, pgTable } from 'drizzle-orm/pg-core';
import { organizationIdColumn, tenantIsolationPolicy, updatedAt, versionColumn } from '../../db/table-helpers.js';
import { organizations } from '../people/people.table.js';

/** Only the labels an organization changed are stored; defaults fill the rest when read. */
export const terminologyOverrides = pgTable(
  'terminology_overrides',
  {
    organizationId: organizationIdColumn()
      .primaryKey()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    labels: jsonb('labels').$type<Record<string, string>>().notNull().default({}),
    updatedAt: updatedAt(),
    version: versionColumn(),
  },
  () => [tenantIsolationPolicy()],
);
