import type { DocumentVisibility } from '@keel/contract';
import { DOCUMENT_FOLDER_DEPTH_MAX, DOCUMENT_SUBFOLDERS_MAX } from '@keel/contract';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { tenantDb } from '../../db/scope.js';
import type { MemberScope } from '../organizations/index.js';
import { personName, personView } from '../people/index.js';
import { teamIdsOfPerson } from '../teams/index.js';
import { visibleTo } from './documents.policy.js';
import { documentFolders, documents } from './documents.table.js';

const owners = personView('document_folder_owner');

const folderColumns = (member: MemberScope) => ({
  id: documentFolders.id,
  parentId: documentFolders.parentId,
  name: documentFolders.name,
  visibility: documentFolders.visibility,
  teamId: documentFolders.teamId,
  ownerId: documentFolders.ownerId,
  ownerName: personName(owners),
  inTeam: sql<boolean>`coalesce(${inArray(
    documentFolders.teamId,
    teamIdsOfPerson(member.organizationId, member.userId),
  )}, false)`,
  createdAt: documentFolders.createdAt,
  updatedAt: documentFolders.updatedAt,
  version: documentFolders.version,
});

const selectFolders = (member: MemberScope) =>
  tenantDb(member.organizationId)
    .select(folderColumns(member))
    .from(documentFolders)
    .leftJoin(owners, eq(owners.id, documentFolders.ownerId))
    .$dynamic();

export type FolderRow = Awaited<ReturnType<typeof listSubfolders>>[number];

/** The subfolders the caller sees, by name (bounded). */
export async function listSubfolders(organizationId: string, member: MemberScope, parentId: string | null) {
  return selectFolders(member)
    .where(
      and(
        eq(documentFolders.organizationId, organizationId),
        parentId ? eq(documentFolders.parentId, parentId) : isNull(documentFolders.parentId),
        visibleTo(member, documentFolders),
      ),
    )
    .orderBy(asc(documentFolders.name), asc(documentFolders.id))
    .limit(DOCUMENT_SUBFOLDERS_MAX);
}

export async function findFolder(organizationId: string, member: MemberScope, id: string) {
  const [row] = await selectFolders(member).where(
    and(eq(documentFolders.organizationId, organizationId), eq(documentFolders.id, id)),
  );
  return row;
}

export interface ChainLink {
  id: string;
  name: string;
  visibility: DocumentVisibility;
  teamId: string | null;
  ownerId: string | null;
}

/** The folder and its ancestors, from the top level down to it (empty when there is no such folder). */
export async function folderChain(organizationId: string, id: string): Promise<ChainLink[]> {
  const result = await tenantDb(organizationId).execute(sql`
    with recursive chain(id, parent_id, name, visibility, team_id, owner_id, depth) as (
      select id, parent_id, name, visibility, team_id, owner_id, 1 from ${documentFolders}
       where organization_id = ${organizationId}::uuid and id = ${id}::uuid
      union all
      select f.id, f.parent_id, f.name, f.visibility, f.team_id, f.owner_id, chain.depth + 1
        from ${documentFolders} f join chain on f.id = chain.parent_id
       where f.organization_id = ${organizationId}::uuid and chain.depth <= ${DOCUMENT_FOLDER_DEPTH_MAX * 2}
    )
    select id, name, visibility, team_id as "teamId", owner_id as "ownerId" from chain order by depth desc`);
  return (result as { rows: ChainLink[] }).rows;
}

/** How many levels the folder's subtree spans below it (0: no subfolders), and whether `candidate` is in it. */
export async function subtreeOf(organizationId: string, id: string, candidate: string | null) {
  const result = await tenantDb(organizationId).execute(sql`
    with recursive tree(id, depth) as (
      select id, 0 from ${documentFolders} where organization_id = ${organizationId}::uuid and id = ${id}::uuid
      union all
      select f.id, tree.depth + 1 from ${documentFolders} f join tree on f.parent_id = tree.id
       where f.organization_id = ${organizationId}::uuid and tree.depth <= ${DOCUMENT_FOLDER_DEPTH_MAX * 2}
    )
    select coalesce(max(depth), 0)::int as height,
           coalesce(bool_or(id = ${candidate}::uuid), false) as "containsCandidate" from tree`);
  const [row] = (result as { rows: { height: number; containsCandidate: boolean }[] }).rows;
  return { height: row?.height ?? 0, containsCandidate: row?.containsCandidate ?? false };
}

export async function lockFolder(organizationId: string, id: string) {
  const [row] = await tenantDb(organizationId)
    .select()
    .from(documentFolders)
    .where(and(eq(documentFolders.organizationId, organizationId), eq(documentFolders.id, id)))
    .for('update');
  return row;
}

export async function insertFolder(
  organizationId: string,
  values: Pick<typeof documentFolders.$inferInsert, 'parentId' | 'name' | 'visibility' | 'teamId' | 'ownerId'>,
): Promise<string> {
  const [row] = await tenantDb(organizationId)
    .insert(documentFolders)
    .values({ organizationId, ...values })
    .returning({ id: documentFolders.id });
  if (!row) throw new Error('folder insert returned nothing');
  return row.id;
}

export async function updateFolderAtVersion(
  organizationId: string,
  id: string,
  version: number,
  changes: Partial<Pick<typeof documentFolders.$inferInsert, 'parentId' | 'name' | 'visibility' | 'teamId'>>,
): Promise<boolean> {
  const rows = await tenantDb(organizationId)
    .update(documentFolders)
    .set({ ...changes, version: sql`${documentFolders.version} + 1` })
    .where(
      and(
        eq(documentFolders.organizationId, organizationId),
        eq(documentFolders.id, id),
        eq(documentFolders.version, version),
      ),
    )
    .returning({ id: documentFolders.id });
  return rows.length > 0;
}

export async function folderHasSubfolders(organizationId: string, id: string): Promise<boolean> {
  const [row] = await tenantDb(organizationId)
    .select({ id: documentFolders.id })
    .from(documentFolders)
    .where(and(eq(documentFolders.organizationId, organizationId), eq(documentFolders.parentId, id)))
    .limit(1);
  return row !== undefined;
}

export async function deleteFolderAtVersion(organizationId: string, id: string, version: number): Promise<boolean> {
  const rows = await tenantDb(organizationId)
    .delete(documentFolders)
    .where(
      and(
        eq(documentFolders.organizationId, organizationId),
        eq(documentFolders.id, id),
        eq(documentFolders.version, version),
      ),
    )
    .returning({ id: documentFolders.id });
  return rows.length > 0;
}

/**
 * Whether something directly in the folder would be seen more widely than the folder with `reach` (the rule of
 * fitsWithin, in SQL). Deeper things fit their own folders, so the direct content is enough to look at.
 */
export async function hasContentWiderThan(
  organizationId: string,
  folderId: string,
  reach: { visibility: DocumentVisibility; teamId: string | null },
): Promise<boolean> {
  if (reach.visibility === 'company') return false;
  const wider =
    reach.visibility === 'team'
      ? sql`(visibility = 'company' or (visibility = 'team' and team_id is distinct from ${reach.teamId}::uuid))`
      : sql`visibility <> 'private'`;
  const result = await tenantDb(organizationId).execute(sql`
    select exists (
      select 1 from ${documentFolders}
       where organization_id = ${organizationId}::uuid and parent_id = ${folderId}::uuid and ${wider}
    ) or exists (
      select 1 from ${documents}
       where organization_id = ${organizationId}::uuid and folder_id = ${folderId}::uuid and ${wider}
    ) as wider
  `);
  return Boolean((result as { rows: { wider: boolean }[] }).rows[0]?.wider);
}
