import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { tenantDb } from '../../db/scope.js';
import { personName, personView } from '../people/index.js';
import { documentVersions } from './documents.table.js';

const uploaders = personView('document_uploader');

export interface VersionInsert {
  documentId: string;
  number: number;
  name: string;
  storedFileId: string;
  contentType: string;
  bytes: number;
  uploadedById: string;
}

export async function insertVersion(organizationId: string, values: VersionInsert): Promise<void> {
  await tenantDb(organizationId)
    .insert(documentVersions)
    .values({ organizationId, ...values });
}

/** Newest first, with who uploaded each; at most `limit`. */
export async function listVersions(organizationId: string, documentId: string, limit: number) {
  return tenantDb(organizationId)
    .select({
      number: documentVersions.number,
      name: documentVersions.name,
      contentType: documentVersions.contentType,
      bytes: documentVersions.bytes,
      uploadedById: documentVersions.uploadedById,
      uploadedByName: personName(uploaders),
      createdAt: documentVersions.createdAt,
    })
    .from(documentVersions)
    .leftJoin(uploaders, eq(uploaders.id, documentVersions.uploadedById))
    .where(and(eq(documentVersions.organizationId, organizationId), eq(documentVersions.documentId, documentId)))
    .orderBy(desc(documentVersions.number))
    .limit(limit);
}

/** Version numbers are PostgreSQL integers: anything larger names no version (and must not reach the query). */
const VERSION_NUMBER_MAX = 2_147_483_647;

export async function findVersion(organizationId: string, documentId: string, number: number) {
  if (!Number.isSafeInteger(number) || number > VERSION_NUMBER_MAX) return undefined;
  const [row] = await tenantDb(organizationId)
    .select()
    .from(documentVersions)
    .where(
      and(
        eq(documentVersions.organizationId, organizationId),
        eq(documentVersions.documentId, documentId),
        eq(documentVersions.number, number),
      ),
    );
  return row;
}

/** The stored files behind a document's versions (a restored version shares its file with the older one). */
export async function storedFilesOfDocument(organizationId: string, documentId: string): Promise<string[]> {
  const rows = await tenantDb(organizationId)
    .selectDistinct({ storedFileId: documentVersions.storedFileId })
    .from(documentVersions)
    .where(and(eq(documentVersions.organizationId, organizationId), eq(documentVersions.documentId, documentId)));
  return rows.map((row) => row.storedFileId);
}

/** Of the given stored files, those no version of any other document still points at: safe to remove. */
export async function unreferencedStoredFiles(
  organizationId: string,
  storedFileIds: readonly string[],
  exceptDocumentId: string,
): Promise<string[]> {
  if (storedFileIds.length === 0) return [];
  const rows = await tenantDb(organizationId)
    .selectDistinct({ storedFileId: documentVersions.storedFileId })
    .from(documentVersions)
    .where(
      and(
        eq(documentVersions.organizationId, organizationId),
        inArray(documentVersions.storedFileId, [...storedFileIds]),
        sql`${documentVersions.documentId} <> ${exceptDocumentId}::uuid`,
      ),
    );
  const referenced = new Set(rows.map((row) => row.storedFileId));
  return storedFileIds.filter((id) => !referenced.has(id));
}
