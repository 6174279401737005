import type { Role } from '@keel/contract';

export const ROLE_NAMES: Record<Role, string> = {
  owner: 'Owner',
  admin: 'Admin',
  member: 'Member',
  observer: 'Observer',
};

export const ROLES = Object.keys(ROLE_NAMES) as Role[];

/** Roles the signed-in person may hand out: only owners make owners. */
export const assignableRoles = (myRole: Role | undefined): Role[] =>
  myRole === 'owner' ? ROLES : ROLES.filter((role) => role !== 'owner');
