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
 * Where a new or moved document or folder goes: a folder the caller sees, and for `team` visibility a live team the
 * caller belongs to (administrators: any team). The team of another visibility is dropped. Given the `current`
 * placement, only what changes is checked.
 */
export async function requirePlacement(
  member: MemberScope,
  placement: Placement,
  current?: Placement,
): Promise<Placement> {
  if (placement.folderId && placement.folderId !== current?.folderId) {
    await requireVisibleChain(member, placement.folderId);
  }
  if (placement.visibility !== 'team') return { ...placement, teamId: null };
  // A document that stays with its team stays where it is, even if the caller has since left the team.
  if (current?.visibility === 'team' && current.teamId === placement.teamId) return placement;
  if (!placement.teamId) throw errors.teamRequired();
  const access = await teamStrategyAccess(member.organizationId, member, placement.teamId);
  if (!access) throw errors.teamNotFound();
  if (!access.canEdit && !isAdmin(member.role)) throw errors.cannotUseTeam();
  return placement;
}
