import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { STORAGE_DRIVERS, STORAGE_MOVE_STATUSES } from '@keel/contract';
import {
  createdAt,
  primaryId,
  tenantIsolationPolicy,
  timestampColumn,
  versionedTimestamps,
} from '../../db/table-helpers.js';
import { organizationColumn, users } from '../people/people.table.js';

/**
 * Where an organization keeps its files. Every place's settings are kept side by side, so files still in the
 * place the organization left stay readable until they are moved. Secrets are sealed (AES-256-GCM under a
 * key derived from the server secret): a database dump alone opens no drive.
 */
export const storageSettings = pgTable(
  'storage_settings',
  {
    organizationId: organizationColumn().primaryKey(),
    driver: text('driver', { enum: STORAGE_DRIVERS }).notNull().default('local'),
    s3Endpoint: text('s3_endpoint'),
    s3Bucket: text('s3_bucket'),
    s3Region: text('s3_region'),
    s3AccessKeyId: text('s3_access_key_id'),
    s3SecretSealed: text('s3_secret_sealed'),
    s3ForcePathStyle: integer('s3_force_path_style').notNull().default(0),
    s3Prefix: text('s3_prefix').notNull().default(''),
    googleRefreshTokenSealed: text('google_refresh_token_sealed'),
    googleConnectedAs: text('google_connected_as'),
    googleConnectedAt: timestampColumn('google_connected_at'),
    googleFolderId: text('google_folder_id'),
    googleFolderName: text('google_folder_name'),
    microsoftRefreshTokenSealed: text('microsoft_refresh_token_sealed'),
    microsoftConnectedAs: text('microsoft_connected_as'),
    microsoftConnectedAt: timestampColumn('microsoft_connected_at'),
    microsoftDriveId: text('microsoft_drive_id'),
    microsoftDriveName: text('microsoft_drive_name'),
    ...versionedTimestamps(),
  },
  () => [tenantIsolationPolicy()],
);

/**
 * One file's bytes in one place. Features keep the id of their stored file; the row says where the bytes
 * are (`driver`) and the place's own name for them (`locator`: a key, a Drive file id, a Graph item id).
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    id: primaryId(),
    organizationId: organizationColumn(),
    driver: text('driver', { enum: STORAGE_DRIVERS }).notNull(),
    locator: text('locator').notNull(),
    contentType: text('content_type').notNull(),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    /** Unknown for files stored before Keel recorded it (attachments kept on disk before issue 15). */
    sha256: text('sha256'),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    index('stored_files_driver_idx').on(table.organizationId, table.driver, table.createdAt),
    tenantIsolationPolicy(),
  ],
);

/** A move of an organization's files from one place to another, run by the background jobs. */
export const storageMoves = pgTable(
  'storage_moves',
  {
    id: primaryId(),
    organizationId: organizationColumn(),
    fromDriver: text('from_driver', { enum: STORAGE_DRIVERS }).notNull(),
    toDriver: text('to_driver', { enum: STORAGE_DRIVERS }).notNull(),
    status: text('status', { enum: STORAGE_MOVE_STATUSES }).notNull().default('running'),
    total: integer('total').notNull().default(0),
    moved: integer('moved').notNull().default(0),
    error: text('error'),
    startedById: uuid('started_by_id').references(() => users.id, { onDelete: 'set null' }),
    startedAt: createdAt(),
    finishedAt: timestampColumn('finished_at'),
  },
  (table) => [
    index('storage_moves_organization_idx').on(table.organizationId, table.startedAt),
    check('storage_moves_progress', sql`${table.moved} <= ${table.total}`),
    tenantIsolationPolicy(),
  ],
);
