import type { DocumentVisibility } from '@keel/contract';
import { isAdmin, type MemberScope } from '../organizations/index.js';
import { teamIdsOfPerson, teamStrategyAccess } from '../teams/index.js';
import * as errors from './documents.errors.js';
import { folderChain, type ChainLink } from './documents.folders.repository.js';
import { isVisible } from './documents.policy.js';

export interface Placement {
  folderId: string | null;
  visibility: DocumentVisibility;
  teamId: string | null;
}

export async function teamsOfCaller(member: MemberScope): Promise<Set<string>> {
  const rows = await teamIdsOfPerson(member.organizationId, member.userId);
  return new Set(rows.map((row) => row.teamId));
}

/** A folder and its ancestors, top level first, if the caller sees every one of them; otherwise 404. */
export async function requireVisibleChain(member: MemberScope, folderId: string): Promise<ChainLink[]> {
  const chain = await folderChain(member.organizationId, folderId);
  if (chain.length === 0) throw errors.folderNotFound();
  const teams = chain.some((link) => link.visibility === 'team') ? await teamsOfCaller(member) : new Set<string>();
  if (!chain.every((link) => isVisible(member, link, link.teamId !== null && teams.has(link.teamId)))) {
    throw errors.folderNotFound();
  }
  return chain;
}

/**
 * What is in a folder is never seen more widely than the folder: in a team's folder, that team's things or
 * private ones; in a private folder, private ones only (its owner's: nobody else sees the folder). So a
 * search or a link cannot show what the folder around it hides.
 */
export function fitsWithin(child: Pick<Placement, 'visibility' | 'teamId'>, folder: ChainLink): boolean {
  if (folder.visibility === 'company') return true;
  if (child.visibility === 'private') return true;
  return folder.visibility === 'team' && child.visibility === 'team' && child.teamId === folder.teamId;
}

/**
 * Where a new or moved document or folder goes: a folder the caller sees, and for `team` visibility a live team the
 * caller belongs to (administrators: any team); never wider than that folder. The team of another visibility is
 * dropped. Given the `current` placement, only what changes is checked.
 */
export async function requirePlacement(
  member: MemberScope,
  requested: Placement,
  current?: Placement,
): Promise<Placement> {
  const placement = await requireTeamPlacement(member, requested, current);
  const moved = placement.folderId !== null && placement.folderId !== current?.folderId;
  const widened =
    current !== undefined && (placement.visibility !== current.visibility || placement.teamId !== current.teamId);
  if (placement.folderId && (moved || widened)) {
    const chain = moved
      ? await requireVisibleChain(member, placement.folderId)
      : await folderChain(member.organizationId, placement.folderId);
    const folder = chain.at(-1);
    if (folder && !fitsWithin(placement, folder)) throw errors.widerThanFolder(folder.name);
  }
  return placement;
}

async function requireTeamPlacement(
  member: MemberScope,
  placement: Placement,
  current?: Placement,
): Promise<Placement> {
  if (placement.visibility !== 'team') return { ...placement, teamId: null };
  // A document that stays with its team stays where it is, even if the caller has since left the team.
  if (current?.visibility === 'team' && current.teamId === placement.teamId) return placement;
  if (!placement.teamId) throw errors.teamRequired();
  const access = await teamStrategyAccess(member.organizationId, member, placement.teamId);
  if (!access) throw errors.teamNotFound();
  if (!access.canEdit && !isAdmin(member.role)) throw errors.cannotUseTeam();
  return placement;
}
