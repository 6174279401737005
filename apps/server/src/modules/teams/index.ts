export {
  createLeadershipTeam,
  createTeamsService,
  listTeamsOfUser,
  LEADERSHIP_TEAM_NAME,
  type TeamsService,
} from './teams.service.js';
export { findActiveTeams, isActiveTeamMember, listTeamsWithMembership } from './teams.repository.js';
export { teamsRoutes } from './teams.routes.js';
export { teams, teamMembers } from './teams.table.js';
export { createDepartmentsService, type DepartmentsService } from './departments.service.js';
export { departmentsRoutes } from './departments.routes.js';
