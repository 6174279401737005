import type { Document, StorageDriverKind } from '@keel/contract';
import type { MemberScope } from '../organizations/index.js';
import * as errors from './documents.errors.js';
import { linksOfDocuments } from './documents.links.repository.js';
import { linkTitles } from './documents.link-targets.js';
import { toDocument } from './documents.mapping.js';
import { findVisibleDocument, type DocumentRow } from './documents.repository.js';

/** Where each stored file's bytes are, for many files at once; absent: not known. */
export type StoredFileDrivers = (
  organizationId: string,
  storedFileIds: readonly string[],
) => Promise<ReadonlyMap<string, StorageDriverKind>>;

/** Documents as the API shows them: their links (with titles) and storage places fetched in a fixed few queries. */
export async function toDocuments(
  member: MemberScope,
  rows: readonly DocumentRow[],
  drivers: StoredFileDrivers,
): Promise<Document[]> {
  const { organizationId } = member;
  const links = await linksOfDocuments(
    organizationId,
    rows.map((row) => row.id),
  );
  const storedFileIds = rows.flatMap((row) => (row.storedFileId ? [row.storedFileId] : []));
  const [titles, places] = await Promise.all([
    linkTitles(organizationId, links),
    storedFileIds.length > 0 ? drivers(organizationId, storedFileIds) : new Map<string, StorageDriverKind>(),
  ]);
  return rows.map((row) => toDocument(row, { links, titles, drivers: places }));
}

export async function requireVisibleDocument(member: MemberScope, id: string): Promise<DocumentRow> {
  const row = await findVisibleDocument(member.organizationId, member, id);
  if (!row) throw errors.documentNotFound();
  return row;
}

export async function loadDocument(member: MemberScope, id: string, drivers: StoredFileDrivers): Promise<Document> {
  const [document] = await toDocuments(member, [await requireVisibleDocument(member, id)], drivers);
  if (!document) throw errors.documentNotFound();
  return document;
}
