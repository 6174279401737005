import type { DocumentLinkProvider, DocumentVisibility } from '@keel/contract';
import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { tenantDb } from '../../db/scope.js';
import { preciseTimestamp, preciseTimestampSchema } from '../../http/pagination.js';
import type { MemberScope } from '../organizations/index.js';
import { personName, personView } from '../people/index.js';
import { teamIdsOfPerson } from '../teams/index.js';
import { documentFolders, documentOpens, documents, documentVersions } from './documents.table.js';
import { visibleTo } from './documents.policy.js';

export type DocumentSort = 'name' | 'updated' | 'size';
export type Direction = 'asc' | 'desc';

/** Each sort pages on its own key and the id; the cursor is the last row's (key, id). */
export const documentCursorShapes = {
  name: z.tuple([
    z
      .string()
      .max(1000)
      .refine((name) => !name.includes('\u0000')),
    z.uuid(),
  ]),
  updated: z.tuple([preciseTimestampSchema, z.uuid()]),
  size: z.tuple([z.number().int().min(-1).max(Number.MAX_SAFE_INTEGER), z.uuid()]),
} as const;
export type DocumentPosition = readonly [string | number, string];

const owners = personView('document_owner');
const parentFolders = alias(documentFolders, 'document_parent_folder');
const currentVersions = alias(documentVersions, 'document_current_version');
/** Links have no size: they sort before every file. */
const sizeKey = sql<number>`coalesce(${documents.bytes}, -1)`;

const memberOfTeam = (member: MemberScope, teamId: typeof documents.teamId) =>
  sql<boolean>`coalesce(${inArray(teamId, teamIdsOfPerson(member.organizationId, member.userId))}, false)`;

const documentColumns = (member: MemberScope) => ({
  id: documents.id,
  folderId: documents.folderId,
  kind: documents.kind,
  name: documents.name,
  visibility: documents.visibility,
  teamId: documents.teamId,
  ownerId: documents.ownerId,
  ownerName: personName(owners),
  currentVersion: documents.currentVersion,
  contentType: documents.contentType,
  bytes: documents.bytes,
  url: documents.url,
  linkProvider: documents.linkProvider,
  storedFileId: currentVersions.storedFileId,
  openedAt: documentOpens.openedAt,
  inTeam: memberOfTeam(member, documents.teamId),
  createdAt: documents.createdAt,
  updatedAt: documents.updatedAt,
  updatedPosition: preciseTimestamp(documents.updatedAt),
  version: documents.version,
});

/** Documents the caller sees (their own rule and their folder's), with owner, current version and last open. */
function selectVisible(member: MemberScope) {
  const { organizationId, userId } = member;
  return tenantDb(organizationId)
    .select(documentColumns(member))
    .from(documents)
    .leftJoin(owners, eq(owners.id, documents.ownerId))
    .leftJoin(parentFolders, eq(parentFolders.id, documents.folderId))
    .leftJoin(
      currentVersions,
      and(eq(currentVersions.documentId, documents.id), eq(currentVersions.number, documents.currentVersion)),
    )
    .leftJoin(documentOpens, and(eq(documentOpens.documentId, documents.id), eq(documentOpens.userId, userId)))
    .$dynamic();
}

const visibleCondition = (member: MemberScope) =>
  and(
    eq(documents.organizationId, member.organizationId),
    visibleTo(member, documents),
    sql`(${documents.folderId} is null or ${visibleTo(member, parentFolders)})`,
  );

export type DocumentRow = NonNullable<Awaited<ReturnType<typeof findVisibleDocument>>>;

const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (match) => `\\${match}`)}%`;

function sortKey(sort: DocumentSort) {
  if (sort === 'name') return documents.name;
  if (sort === 'updated') return documents.updatedAt;
  return sizeKey;
}

function after(sort: DocumentSort, direction: Direction, position: DocumentPosition): SQL {
  const operator = sql.raw(direction === 'asc' ? '>' : '<');
  const [key, id] = position;
  const value =
    sort === 'updated' ? sql`${key}::timestamptz` : sort === 'size' ? sql`${key}::bigint` : sql`${key}::text`;
  return sql`(${sortKey(sort)}, ${documents.id}) ${operator} (${value}, ${id}::uuid)`;
}

/**
 * One page of a folder's documents (the top level when `folderId` is null), or of a search by name across every
 * folder, in the chosen order; one extra row tells whether more follow.
 */
export async function listDocumentsPage(
  organizationId: string,
  member: MemberScope,
  options: {
    folderId: string | null;
    search: string | undefined;
    sort: DocumentSort;
    direction: Direction;
    limit: number;
    after: DocumentPosition | undefined;
  },
) {
  const order = options.direction === 'asc' ? asc : desc;
  const placement = options.search
    ? sql`lower(${documents.name}) like ${likePattern(options.search)}`
    : options.folderId
      ? eq(documents.folderId, options.folderId)
      : isNull(documents.folderId);
  return selectVisible({ ...member, organizationId })
    .where(
      and(
        visibleCondition(member),
        placement,
        options.after ? after(options.sort, options.direction, options.after) : undefined,
      ),
    )
    .orderBy(order(sortKey(options.sort)), order(documents.id))
    .limit(options.limit + 1);
}

export async function findVisibleDocument(organizationId: string, member: MemberScope, id: string) {
  const [row] = await selectVisible({ ...member, organizationId })
    .where(and(visibleCondition(member), eq(documents.id, id)))
    .limit(1);
  return row;
}

export async function findVisibleDocuments(organizationId: string, member: MemberScope, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return selectVisible({ ...member, organizationId })
    .where(and(visibleCondition(member), inArray(documents.id, [...ids])))
    .orderBy(asc(documents.name), asc(documents.id));
}

/** The caller's most recently opened documents that they still see. */
export async function listRecentDocuments(organizationId: string, member: MemberScope, limit: number) {
  return selectVisible({ ...member, organizationId })
    .where(and(visibleCondition(member), sql`${documentOpens.openedAt} is not null`))
    .orderBy(desc(documentOpens.openedAt), asc(documents.id))
    .limit(limit);
}

/** The row a change starts from, locked so that the check and the write see the same document. */
export async function lockDocument(organizationId: string, id: string) {
  const [row] = await tenantDb(organizationId)
    .select()
    .from(documents)
    .where(and(eq(documents.organizationId, organizationId), eq(documents.id, id)))
    .for('update');
  return row;
}

export type DocumentInsert = {
  folderId: string | null;
  name: string;
  visibility: DocumentVisibility;
  teamId: string | null;
  ownerId: string;
} & (
  | { kind: 'file'; contentType: string; bytes: number }
  | { kind: 'link'; url: string; linkProvider: DocumentLinkProvider }
);

export async function insertDocument(organizationId: string, values: DocumentInsert) {
  const [row] = await tenantDb(organizationId)
    .insert(documents)
    .values({ organizationId, ...values, currentVersion: values.kind === 'file' ? 1 : null })
    .returning({ id: documents.id });
  if (!row) throw new Error('document insert returned nothing');
  return row.id;
}

export type DocumentChanges = Partial<
  Pick<
    typeof documents.$inferInsert,
    'name' | 'folderId' | 'visibility' | 'teamId' | 'currentVersion' | 'contentType' | 'bytes'
  >
>;

/** Applies the change only if the row is still at `version`; false when it was stale. */
export async function updateDocumentAtVersion(
  organizationId: string,
  id: string,
  version: number,
  changes: DocumentChanges,
): Promise<boolean> {
  const rows = await tenantDb(organizationId)
    .update(documents)
    .set({ ...changes, version: sql`${documents.version} + 1` })
    .where(and(eq(documents.organizationId, organizationId), eq(documents.id, id), eq(documents.version, version)))
    .returning({ id: documents.id });
  return rows.length > 0;
}

export async function deleteDocument(organizationId: string, id: string): Promise<void> {
  await tenantDb(organizationId)
    .delete(documents)
    .where(and(eq(documents.organizationId, organizationId), eq(documents.id, id)));
}

/** "Recently used": the caller opened it now. */
export async function recordOpen(organizationId: string, documentId: string, userId: string): Promise<void> {
  await tenantDb(organizationId)
    .insert(documentOpens)
    .values({ organizationId, documentId, userId })
    .onConflictDoUpdate({
      target: [documentOpens.documentId, documentOpens.userId],
      set: { openedAt: sql`now()` },
    });
}

/** Whether a folder holds anything at all, seen by the caller or not. */
export async function folderHasDocuments(organizationId: string, folderId: string): Promise<boolean> {
  const [row] = await tenantDb(organizationId)
    .select({ id: documents.id })
    .from(documents)
    .where(and(eq(documents.organizationId, organizationId), eq(documents.folderId, folderId)))
    .limit(1);
  return row !== undefined;
}
