export {
  asAdmin,
  asAdminReader,
  asMember,
  asReader,
  asWriter,
  createOrganizationWithOwner,
  createOrganizationsService,
  isAdmin,
  recordMethodology,
  requireActiveMember,
  requireAdmin,
  type Caller,
  type MemberScope,
  type OrganizationsService,
  type RequestMeta,
} from './organizations.service.js';
export { adminRequired } from './organizations.errors.js';
export {
  findActiveMemberIds,
  fiscalYearStartMonth,
  findOrganization,
  listActiveMembershipsOfUser,
  type OrganizationRow,
} from '../people/index.js';
export { organizationsRoutes } from './organizations.routes.js';
