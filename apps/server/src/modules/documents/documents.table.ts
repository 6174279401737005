import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { DOCUMENT_KINDS, DOCUMENT_LINK_PROVIDERS, DOCUMENT_LINK_TARGETS, DOCUMENT_VISIBILITIES } from '@keel/contract';
import {
  createdAt,
  primaryId,
  tenantIsolationPolicy,
  timestampColumn,
  versionedTimestamps,
} from '../../db/table-helpers.js';
import { organizationColumn, personColumn, users } from '../people/people.table.js';
import { storedFiles } from '../storage/storage.table.js';
import { teams } from '../teams/teams.table.js';

export const documentFolders = pgTable(
  'document_folders',
  {
    id: primaryId(),
    organizationId: organizationColumn(),
    parentId: uuid('parent_id').references((): AnyPgColumn => documentFolders.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    visibility: text('visibility', { enum: DOCUMENT_VISIBILITIES }).notNull().default('company'),
    teamId: uuid('team_id').references(() => teams.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    ...versionedTimestamps(),
  },
  (table) => [
    index('document_folders_parent_idx').on(table.organizationId, table.parentId, table.name),
    tenantIsolationPolicy(),
  ],
);

/** An uploaded file (its bytes are its versions' stored files) or a link to a file in a cloud drive. */
export const documents = pgTable(
  'documents',
  {
    id: primaryId(),
    organizationId: organizationColumn(),
    folderId: uuid('folder_id').references(() => documentFolders.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: DOCUMENT_KINDS }).notNull(),
    name: text('name').notNull(),
    visibility: text('visibility', { enum: DOCUMENT_VISIBILITIES }).notNull().default('company'),
    teamId: uuid('team_id').references(() => teams.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    /** A file: the number of its current version (restoring an older one makes a new current version). */
    currentVersion: integer('current_version'),
    contentType: text('content_type'),
    bytes: bigint('bytes', { mode: 'number' }),
    url: text('url'),
    linkProvider: text('link_provider', { enum: DOCUMENT_LINK_PROVIDERS }),
    ...versionedTimestamps(),
  },
  (table) => [
    index('documents_folder_name_idx').on(table.organizationId, table.folderId, table.name, table.id),
    index('documents_folder_updated_idx').on(table.organizationId, table.folderId, table.updatedAt, table.id),
    index('documents_folder_size_idx').on(table.organizationId, table.folderId, table.bytes, table.id),
    index('documents_name_search_idx').on(table.organizationId, sql`lower(${table.name})`),
    tenantIsolationPolicy(),
  ],
);

export const documentVersions = pgTable(
  'document_versions',
  {
    id: primaryId(),
    organizationId: organizationColumn(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    name: text('name').notNull(),
    storedFileId: uuid('stored_file_id')
      .notNull()
      .references(() => storedFiles.id, { onDelete: 'restrict' }),
    contentType: text('content_type').notNull(),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    uploadedById: uuid('uploaded_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('document_versions_number_idx').on(table.documentId, table.number),
    index('document_versions_stored_file_idx').on(table.storedFileId),
    tenantIsolationPolicy(),
  ],
);

/** A document linked to a priority, an issue, a to-do, a process or a meeting. */
export const documentLinks = pgTable(
  'document_links',
  {
    organizationId: organizationColumn(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    target: text('target', { enum: DOCUMENT_LINK_TARGETS }).notNull(),
    targetId: uuid('target_id').notNull(),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.documentId, table.target, table.targetId] }),
    index('document_links_target_idx').on(table.organizationId, table.target, table.targetId),
    tenantIsolationPolicy(),
  ],
);

/** When each person last opened each document: "recently used". */
export const documentOpens = pgTable(
  'document_opens',
  {
    organizationId: organizationColumn(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    userId: personColumn('user_id'),
    openedAt: timestampColumn('opened_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.documentId, table.userId] }),
    index('document_opens_recent_idx').on(table.organizationId, table.userId, table.openedAt),
    tenantIsolationPolicy(),
  ],
);
