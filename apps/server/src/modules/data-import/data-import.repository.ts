import { DATA_IMPORTS_LISTED } from '@keel/contract';
import { and, desc, eq } from 'drizzle-orm';
import { accountDb } from '../../db/scope.js';
import { organizationImports } from './data-import.table.js';

// The rows are the uploader's: every call runs in their user scope, and names them besides row-level security.

export type ImportRow = typeof organizationImports.$inferSelect;
export type ImportChanges = Partial<
  Omit<ImportRow, 'id' | 'requestedById' | 'createdAt' | 'organizationName' | 'archiveBytes'>
>;

export async function insertImport(
  requestedById: string,
  values: { id: string; organizationName: string; archiveBytes: number },
): Promise<ImportRow> {
  const [row] = await accountDb()
    .insert(organizationImports)
    .values({ ...values, requestedById })
    .returning();
  if (!row) throw new Error('import insert returned nothing');
  return row;
}

export async function findImport(requestedById: string, id: string): Promise<ImportRow | undefined> {
  const [row] = await accountDb()
    .select()
    .from(organizationImports)
    .where(and(eq(organizationImports.requestedById, requestedById), eq(organizationImports.id, id)));
  return row;
}

export function listImports(requestedById: string): Promise<ImportRow[]> {
  return accountDb()
    .select()
    .from(organizationImports)
    .where(eq(organizationImports.requestedById, requestedById))
    .orderBy(desc(organizationImports.createdAt), desc(organizationImports.id))
    .limit(DATA_IMPORTS_LISTED);
}

export async function updateImport(requestedById: string, id: string, changes: ImportChanges): Promise<void> {
  await accountDb()
    .update(organizationImports)
    .set(changes)
    .where(and(eq(organizationImports.requestedById, requestedById), eq(organizationImports.id, id)));
}
