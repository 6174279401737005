import type { StorageDriverKind, StorageOAuthProvider } from '@keel/contract';
import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { tenantDb } from '../../db/scope.js';
import { storageMoves, storageSettings, storedFiles } from './storage.table.js';

export type StorageSettingsRow = typeof storageSettings.$inferSelect;
export type StorageSettingsChanges = Partial<
  Omit<typeof storageSettings.$inferInsert, 'organizationId' | 'version' | 'createdAt' | 'updatedAt'>
>;
export type StoredFileRow = typeof storedFiles.$inferSelect;
export type StorageMoveRow = typeof storageMoves.$inferSelect;

export function findSettings(organizationId: string): Promise<StorageSettingsRow | undefined> {
  return tenantDb(organizationId)
    .select()
    .from(storageSettings)
    .where(eq(storageSettings.organizationId, organizationId))
    .then((rows) => rows[0]);
}

/** The settings row, made with the defaults (local disk) on first use, locked for the rest of the transaction. */
export async function lockSettings(organizationId: string): Promise<StorageSettingsRow> {
  const db = tenantDb(organizationId);
  await db.insert(storageSettings).values({ organizationId }).onConflictDoNothing();
  const [row] = await db
    .select()
    .from(storageSettings)
    .where(eq(storageSettings.organizationId, organizationId))
    .for('update');
  if (!row) throw new Error('storage settings row missing right after its insert');
  return row;
}

/** Applies the change if the settings are still at `version`; answers the new row, or undefined when stale. */
export async function updateSettingsAtVersion(
  organizationId: string,
  version: number,
  changes: StorageSettingsChanges,
): Promise<StorageSettingsRow | undefined> {
  const [row] = await tenantDb(organizationId)
    .update(storageSettings)
    .set({ ...changes, version: sql`${storageSettings.version} + 1` })
    .where(and(eq(storageSettings.organizationId, organizationId), eq(storageSettings.version, version)))
    .returning();
  return row;
}

/**
 * Keeps a refresh token the provider rotated, only while the one it replaces is still the saved one (a reconnection
 * meanwhile wins). Not a settings change: the version stays, so an administrator's open form is not made stale.
 */
export async function replaceRefreshToken(
  organizationId: string,
  provider: StorageOAuthProvider,
  previousSealed: string,
  nextSealed: string,
): Promise<boolean> {
  const column =
    provider === 'google_drive'
      ? storageSettings.googleRefreshTokenSealed
      : storageSettings.microsoftRefreshTokenSealed;
  const rows = await tenantDb(organizationId)
    .update(storageSettings)
    .set(
      provider === 'google_drive'
        ? { googleRefreshTokenSealed: nextSealed }
        : { microsoftRefreshTokenSealed: nextSealed },
    )
    .where(and(eq(storageSettings.organizationId, organizationId), eq(column, previousSealed)))
    .returning({ organizationId: storageSettings.organizationId });
  return rows.length > 0;
}

export async function insertStoredFile(
  organizationId: string,
  values: Omit<typeof storedFiles.$inferInsert, 'organizationId' | 'id' | 'createdAt'>,
): Promise<StoredFileRow> {
  const [row] = await tenantDb(organizationId)
    .insert(storedFiles)
    .values({ ...values, organizationId })
    .returning();
  if (!row) throw new Error('stored file insert returned nothing');
  return row;
}

export function findStoredFile(organizationId: string, id: string): Promise<StoredFileRow | undefined> {
  return tenantDb(organizationId)
    .select()
    .from(storedFiles)
    .where(and(eq(storedFiles.organizationId, organizationId), eq(storedFiles.id, id)))
    .then((rows) => rows[0]);
}

export async function deleteStoredFile(organizationId: string, id: string): Promise<StoredFileRow | undefined> {
  const [row] = await tenantDb(organizationId)
    .delete(storedFiles)
    .where(and(eq(storedFiles.organizationId, organizationId), eq(storedFiles.id, id)))
    .returning();
  return row;
}

/** Where each of these files' bytes are, in one query (inside the caller's tenant transaction); unknown ids are left out. */
export async function driversOfStoredFiles(
  organizationId: string,
  storedFileIds: readonly string[],
): Promise<ReadonlyMap<string, StorageDriverKind>> {
  if (storedFileIds.length === 0) return new Map();
  const rows = await tenantDb(organizationId)
    .select({ id: storedFiles.id, driver: storedFiles.driver })
    .from(storedFiles)
    .where(and(eq(storedFiles.organizationId, organizationId), inArray(storedFiles.id, [...storedFileIds])));
  return new Map(rows.map((row) => [row.id, row.driver]));
}

/** The organization's files counted per place: one grouped query. */
export function usageByDriver(organizationId: string) {
  return tenantDb(organizationId)
    .select({
      driver: storedFiles.driver,
      files: sql<number>`count(*)::int`,
      bytes: sql<number>`coalesce(sum(${storedFiles.bytes}), 0)::bigint`.mapWith(Number),
    })
    .from(storedFiles)
    .where(eq(storedFiles.organizationId, organizationId))
    .groupBy(storedFiles.driver)
    .orderBy(asc(storedFiles.driver));
}

export async function countFilesOn(organizationId: string, driver: StorageDriverKind): Promise<number> {
  const [row] = await tenantDb(organizationId)
    .select({ count: sql<number>`count(*)::int` })
    .from(storedFiles)
    .where(and(eq(storedFiles.organizationId, organizationId), eq(storedFiles.driver, driver)));
  return row?.count ?? 0;
}

export async function countFilesNotOn(organizationId: string, driver: StorageDriverKind): Promise<number> {
  const [row] = await tenantDb(organizationId)
    .select({ count: sql<number>`count(*)::int` })
    .from(storedFiles)
    .where(and(eq(storedFiles.organizationId, organizationId), ne(storedFiles.driver, driver)));
  return row?.count ?? 0;
}

/** The next files still elsewhere than `driver`, oldest first, skipping those that failed in this run. */
export function nextFilesNotOn(
  organizationId: string,
  driver: StorageDriverKind,
  limit: number,
): Promise<StoredFileRow[]> {
  return tenantDb(organizationId)
    .select()
    .from(storedFiles)
    .where(and(eq(storedFiles.organizationId, organizationId), ne(storedFiles.driver, driver)))
    .orderBy(asc(storedFiles.createdAt), asc(storedFiles.id))
    .limit(limit);
}

/** Points the row at its new place (and records the hash of the bytes moved), if it still is where the move read it (a file removed meanwhile stays so). */
export async function relocateStoredFile(
  organizationId: string,
  id: string,
  from: { driver: StorageDriverKind; locator: string },
  to: { driver: StorageDriverKind; locator: string; sha256: string },
): Promise<boolean> {
  const rows = await tenantDb(organizationId)
    .update(storedFiles)
    .set({ driver: to.driver, locator: to.locator, sha256: to.sha256 })
    .where(
      and(
        eq(storedFiles.organizationId, organizationId),
        eq(storedFiles.id, id),
        eq(storedFiles.driver, from.driver),
        eq(storedFiles.locator, from.locator),
      ),
    )
    .returning({ id: storedFiles.id });
  return rows.length > 0;
}

export async function insertMove(
  organizationId: string,
  values: { fromDriver: StorageDriverKind; toDriver: StorageDriverKind; total: number; startedById: string | null },
): Promise<StorageMoveRow> {
  const [row] = await tenantDb(organizationId)
    .insert(storageMoves)
    .values({ ...values, organizationId })
    .returning();
  if (!row) throw new Error('storage move insert returned nothing');
  return row;
}

export function latestMove(organizationId: string): Promise<StorageMoveRow | undefined> {
  return tenantDb(organizationId)
    .select()
    .from(storageMoves)
    .where(eq(storageMoves.organizationId, organizationId))
    .orderBy(desc(storageMoves.startedAt), desc(storageMoves.id))
    .limit(1)
    .then((rows) => rows[0]);
}

export function findMove(organizationId: string, id: string): Promise<StorageMoveRow | undefined> {
  return tenantDb(organizationId)
    .select()
    .from(storageMoves)
    .where(and(eq(storageMoves.organizationId, organizationId), eq(storageMoves.id, id)))
    .then((rows) => rows[0]);
}

export async function updateMove(
  organizationId: string,
  id: string,
  changes: Partial<Pick<StorageMoveRow, 'status' | 'total' | 'moved' | 'error' | 'finishedAt'>>,
): Promise<void> {
  await tenantDb(organizationId)
    .update(storageMoves)
    .set(changes)
    .where(and(eq(storageMoves.organizationId, organizationId), eq(storageMoves.id, id)));
}
