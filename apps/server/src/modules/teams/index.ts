export {
  createLeadershipTeam,
  createTeamsService,
  listTeamsOfUser,
  LEADERSHIP_TEAM_NAME,
  type TeamsService,
} from './teams.service.js';
export {
  countActiveTeams,
  findActiveTeamOrLeadership,
  findActiveTeams,
  insertTeamMemberships,
  isActiveTeamMember,
  listTeamsWithMembership,
  teamNames,
  teamsOfMembers,
} from './teams.repository.js';
export { teamsRoutes } from './teams.routes.js';
export { createDepartmentsService, type DepartmentsService } from './departments.service.js';
export { departmentsRoutes } from './departments.routes.js';
export { activeTeamSummary, listDepartmentMembers } from './departments.repository.js';
export {
  activeTeamsOfOrganization,
  activeTeamsOfPerson,
  liveTeamsOfPersonJsonSql,
  teamIdsOfPerson,
  teamMembershipsSql,
  teamMemberView,
  teamView,
} from './teams.views.js';
export { teamStrategyAccess, type TeamStrategyAccess } from './team-strategy-access.js';
