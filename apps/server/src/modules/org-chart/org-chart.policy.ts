import { isAdmin, type MemberScope } from '../organizations/index.js';
import { cannotEdit } from './org-chart.errors.js';
import { listTeamsOfUser } from './org-chart.repository.js';

/**
 * The chart is the company's structure, set by its leaders: administrators and owners, and the members of the
 * leadership team. Observers never edit, whatever team they are in.
 */
export async function mayEditChart(member: MemberScope): Promise<boolean> {
  if (member.role === 'observer') return false;
  if (isAdmin(member.role)) return true;
  const teams = await listTeamsOfUser(member.organizationId, member.userId);
  return teams.some((team) => team.is_leadership_team);
}

export async function requireChartEditor(member: MemberScope): Promise<void> {
  if (!(await mayEditChart(member))) throw cannotEdit();
}
