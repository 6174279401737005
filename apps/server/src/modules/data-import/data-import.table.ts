import type { DataImport } from '@keel/contract';
import { DATA_IMPORT_PHASES, DATA_IMPORT_STATUSES } from '@keel/contract';
import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgPolicy, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { appRole, createdAt, currentUserId, primaryId, timestampColumn } from '../../db/table-helpers.js';
import { organizations, users } from '../people/people.table.js';

/**
 * An archive being imported by the person who uploaded it. It belongs to no organization until the import has
 * made one, so it is the uploader's alone: the app role sees only the signed-in person's rows.
 */
export const organizationImports = pgTable(
  'organization_imports',
  {
    id: primaryId(),
    requestedById: uuid('requested_by_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: DATA_IMPORT_STATUSES }).notNull().default('queued'),
    phase: text('phase', { enum: DATA_IMPORT_PHASES }),
    stepsDone: integer('steps_done').notNull().default(0),
    stepsTotal: integer('steps_total').notNull().default(0),
    organizationName: text('organization_name').notNull(),
    archiveBytes: bigint('archive_bytes', { mode: 'number' }).notNull(),
    createdOrganizationId: uuid('created_organization_id').references(() => organizations.id, {
      onDelete: 'set null',
    }),
    result: jsonb('result').$type<DataImport['result']>(),
    errorCode: text('error_code'),
    error: text('error'),
    createdAt: createdAt(),
    finishedAt: timestampColumn('finished_at'),
  },
  (table) => [
    index('organization_imports_requester_idx').on(table.requestedById, table.createdAt),
    pgPolicy('importer_only', {
      as: 'permissive',
      for: 'all',
      to: appRole,
      using: sql`requested_by_id = ${currentUserId}`,
      withCheck: sql`requested_by_id = ${currentUserId}`,
    }),
  ],
);
