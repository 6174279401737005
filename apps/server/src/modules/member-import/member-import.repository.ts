import { liveInvitationEmails } from '../members/index.js';
import { allMemberEmails } from '../people/index.js';
import { activeTeamsOfOrganization } from '../teams/index.js';
import type { MemberDirectory } from './member-import.rows.js';

/** Members, open invitations and live teams of the organization: three queries whatever the file's size (one per owner). */
export async function loadMemberDirectory(organizationId: string, now: Date): Promise<MemberDirectory> {
  // One after another on the transaction's connection, as the module that owns each table reads it.
  const memberEmails = await allMemberEmails(organizationId);
  const invitedEmails = await liveInvitationEmails(organizationId, now);
  const teamRows = await activeTeamsOfOrganization(organizationId);
  const directory: MemberDirectory = { memberEmails, invitedEmails, teams: new Map() };
  for (const team of teamRows) {
    const name = team.name.trim().toLowerCase();
    if (!directory.teams.has(name)) directory.teams.set(name, team.id);
  }
  return directory;
}
