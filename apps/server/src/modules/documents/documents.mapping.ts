import type { Document, DocumentFolder, DocumentLink, DocumentVersion, StorageDriverKind } from '@keel/contract';
import type { FolderRow } from './documents.folders.repository.js';
import type { LinkRow } from './documents.links.repository.js';
import type { DocumentRow } from './documents.repository.js';
import { linkKey } from './documents.link-targets.js';
import type { listVersions } from './documents.versions.repository.js';

const person = (id: string | null, name: string | null) => (id ? { id, name: name ?? '' } : null);

export function toFolder(row: FolderRow): DocumentFolder {
  return {
    id: row.id,
    parentId: row.parentId,
    name: row.name,
    visibility: row.visibility,
    teamId: row.teamId,
    owner: person(row.ownerId, row.ownerName),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  };
}

/** What each document's page needs besides its row: its links with their titles, and where its bytes are. */
export interface DocumentExtras {
  links: readonly LinkRow[];
  titles: ReadonlyMap<string, string>;
  drivers: ReadonlyMap<string, StorageDriverKind>;
}

export function toDocument(row: DocumentRow, extras: DocumentExtras): Document {
  const links: DocumentLink[] = extras.links
    .filter((link) => link.documentId === row.id)
    .flatMap((link) => {
      const title = extras.titles.get(linkKey(link.target, link.targetId));
      return title === undefined ? [] : [{ target: link.target, targetId: link.targetId, title }];
    });
  return {
    id: row.id,
    folderId: row.folderId,
    kind: row.kind,
    name: row.name,
    visibility: row.visibility,
    teamId: row.teamId,
    owner: person(row.ownerId, row.ownerName),
    contentType: row.contentType,
    bytes: row.bytes,
    currentVersion: row.currentVersion,
    storedIn: row.storedFileId ? (extras.drivers.get(row.storedFileId) ?? null) : null,
    url: row.url,
    linkProvider: row.linkProvider,
    links,
    openedAt: row.openedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  };
}

export function toVersion(
  row: Awaited<ReturnType<typeof listVersions>>[number],
  currentVersion: number | null,
): DocumentVersion {
  return {
    number: row.number,
    name: row.name,
    contentType: row.contentType,
    bytes: row.bytes,
    uploadedBy: person(row.uploadedById, row.uploadedByName),
    createdAt: row.createdAt.toISOString(),
    current: row.number === currentVersion,
  };
}
