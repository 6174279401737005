import { isAdmin, type MemberScope } from '../organizations/index.js';
import { teamStrategyAccess } from '../teams/index.js';

/**
 * Who may change a process: administrators, its owner and the members of its team; observers never.
 * A process whose team has been archived stays editable by its owner and the administrators.
 */
export async function mayEditProcess(
  member: MemberScope,
  process: { teamId: string; ownerId: string | null },
): Promise<boolean> {
  if (member.role === 'observer') return false;
  if (isAdmin(member.role) || process.ownerId === member.userId) return true;
  const access = await teamStrategyAccess(member.organizationId, member, process.teamId);
  return access?.canEdit ?? false;
}
