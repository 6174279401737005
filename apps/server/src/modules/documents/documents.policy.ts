import type { DocumentVisibility } from '@keel/contract';
import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { isAdmin, type MemberScope } from '../organizations/index.js';
import { teamIdsOfPerson } from '../teams/index.js';

/** The columns that decide who sees a document or a folder. */
export interface Placed {
  visibility: DocumentVisibility;
  teamId: string | null;
  ownerId: string | null;
}

interface PlacedColumns {
  visibility: PgColumn;
  teamId: PgColumn;
  ownerId: PgColumn;
}

/**
 * Who sees a row: everyone for `company`; the team's members, and the administrators, for `team`; the owner alone
 * for `private` (administrators included: a private file is nobody else's business).
 */
export function visibleTo(member: MemberScope, columns: PlacedColumns): SQL {
  const teamRule = isAdmin(member.role)
    ? sql`true`
    : inArray(columns.teamId, teamIdsOfPerson(member.organizationId, member.userId));
  return or(
    eq(columns.visibility, 'company'),
    and(eq(columns.visibility, 'private'), eq(columns.ownerId, member.userId)),
    and(eq(columns.visibility, 'team'), teamRule),
  ) as SQL;
}

/** The same rule for a row already read, given the caller's teams. */
export function isVisible(member: MemberScope, row: Placed, memberOfTeam: boolean): boolean {
  if (row.visibility === 'company') return true;
  if (row.visibility === 'private') return row.ownerId === member.userId;
  return isAdmin(member.role) || memberOfTeam;
}

/**
 * Who changes a document or a folder: its owner, the administrators, and for a team's document that team's members;
 * observers never. Everyone else who sees it only reads it.
 */
export function mayEdit(member: MemberScope, row: Placed, memberOfTeam: boolean): boolean {
  if (member.role === 'observer') return false;
  if (isAdmin(member.role) || row.ownerId === member.userId) return true;
  return row.visibility === 'team' && memberOfTeam;
}
