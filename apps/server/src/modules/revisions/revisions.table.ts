import { bigint, pgTable, uuid } from 'drizzle-orm/pg-core';
import { tenantIsolationPolicy } from '../../db/table-helpers.js';
import { organizations } from '../people/people.table.js';

/**
 * One counter per organization, raised by database triggers in the same transaction as any change to
 * the data its lists show (migration `list_revision_triggers`), so a cached list answer is known to be
 * current with one indexed read. Triggers, not application code, so no write path can forget it.
 */
export const organizationRevisions = pgTable(
  'organization_revisions',
  {
    organizationId: uuid('organization_id')
      .primaryKey()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    revision: bigint('revision', { mode: 'number' }).notNull().default(0),
  },
  () => [tenantIsolationPolicy()],
);
