import { LINKED_DOCUMENTS_MAX, type DocumentLinkTarget } from '@keel/contract';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { tenantDb } from '../../db/scope.js';
import { documentLinks } from './documents.table.js';

export interface LinkRow {
  documentId: string;
  target: DocumentLinkTarget;
  targetId: string;
}

/** The links of the given documents, in one query. */
export async function linksOfDocuments(organizationId: string, documentIds: readonly string[]): Promise<LinkRow[]> {
  if (documentIds.length === 0) return [];
  return tenantDb(organizationId)
    .select({ documentId: documentLinks.documentId, target: documentLinks.target, targetId: documentLinks.targetId })
    .from(documentLinks)
    .where(and(eq(documentLinks.organizationId, organizationId), inArray(documentLinks.documentId, [...documentIds])))
    .orderBy(asc(documentLinks.createdAt), asc(documentLinks.target), asc(documentLinks.targetId));
}

/** The documents linked to one item, first linked first (bounded). */
export async function documentsLinkedTo(
  organizationId: string,
  target: DocumentLinkTarget,
  targetId: string,
): Promise<string[]> {
  const rows = await tenantDb(organizationId)
    .select({ documentId: documentLinks.documentId })
    .from(documentLinks)
    .where(
      and(
        eq(documentLinks.organizationId, organizationId),
        eq(documentLinks.target, target),
        eq(documentLinks.targetId, targetId),
      ),
    )
    .orderBy(asc(documentLinks.createdAt), asc(documentLinks.documentId))
    .limit(LINKED_DOCUMENTS_MAX);
  return rows.map((row) => row.documentId);
}

export async function countLinks(organizationId: string, documentId: string): Promise<number> {
  const [row] = await tenantDb(organizationId)
    .select({ count: count() })
    .from(documentLinks)
    .where(and(eq(documentLinks.organizationId, organizationId), eq(documentLinks.documentId, documentId)));
  return row?.count ?? 0;
}

/** Links the document to the item; linking twice is a no-op. */
export async function insertLink(organizationId: string, link: LinkRow, createdById: string): Promise<void> {
  await tenantDb(organizationId)
    .insert(documentLinks)
    .values({ organizationId, ...link, createdById })
    .onConflictDoNothing();
}

export async function deleteLink(organizationId: string, link: LinkRow): Promise<boolean> {
  const rows = await tenantDb(organizationId)
    .delete(documentLinks)
    .where(
      and(
        eq(documentLinks.organizationId, organizationId),
        eq(documentLinks.documentId, link.documentId),
        eq(documentLinks.target, link.target),
        eq(documentLinks.targetId, link.targetId),
      ),
    )
    .returning({ documentId: documentLinks.documentId });
  return rows.length > 0;
}
