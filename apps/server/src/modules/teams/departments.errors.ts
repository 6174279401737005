import { badRequest, conflict, notFound, staleVersion } from '../../http/errors.js';

export const departmentNotFound = () => notFound('department.not_found', 'This department does not exist');
export const departmentStale = () => staleVersion('department', 'department');
export const invalidParent = () =>
  badRequest('department.invalid_parent', 'The parent must be an active department of this organization', [
    { path: 'parentTeamId', message: 'Choose an active department' },
  ]);
export const wouldCreateCycle = () =>
  badRequest(
    'department.cycle',
    'This parent would create a cycle: a department cannot sit under itself or its own sub-departments',
    [{ path: 'parentTeamId', message: 'would create a cycle' }],
  );
export const leadershipCannotBeArchived = () =>
  badRequest('department.leadership_archive', 'The leadership team cannot be archived');
export const hasActiveChildren = () =>
  conflict(
    'department.has_children',
    'This department has sub-departments. Move them to another parent or archive them first.',
  );
export const parentArchived = () =>
  conflict('department.parent_archived', 'Its parent department is archived. Restore the parent first.');
export const alreadyArchived = () => conflict('department.archived', 'This department is archived. Restore it first.');
export const notAnOrganizationMember = () =>
  badRequest('department.person_not_member', 'Only active members of this organization can join a department', [
    { path: 'userId', message: 'Not an active member of this organization' },
  ]);
export const alreadyAMember = () => conflict('department.already_member', 'This person is already in the department');
export const memberNotFound = () =>
  notFound('department.member_not_found', 'This person is not a member of this department');
