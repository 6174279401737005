import type { Role, User } from '@keel/contract';

// The contract's roles; listed here (not read from roleSchema) to keep zod out of the first-load bundle.
const ROLES: readonly Role[] = ['owner', 'admin', 'member', 'observer'];
const isRole = (value: unknown): value is Role => ROLES.includes(value as Role);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const text = (value: unknown, fallback = ''): string => (typeof value === 'string' ? value : fallback);

/**
 * Turns a user object from the API into the contract's User, tolerating the spec's alternative
 * spellings (organization_id) and missing optional fields, so a harmless server difference never
 * signs anyone out. Returns null when the essentials (id, e-mail, organization) are absent.
 * Accepts either the user itself or a `{user}` wrapper.
 */
export function normalizeUser(raw: unknown): User | null {
  const candidate = isRecord(raw) && isRecord(raw.user) ? raw.user : raw;
  if (!isRecord(candidate)) return null;
  const id = text(candidate.id);
  const email = text(candidate.email);
  const organizationId = text(candidate.organizationId, text(candidate.organization_id));
  if (!id || !email || !organizationId) return null;
  const teams = Array.isArray(candidate.teams)
    ? candidate.teams.filter(isRecord).map((team) => ({
        id: text(team.id),
        name: text(team.name),
        is_leadership_team: team.is_leadership_team === true,
      }))
    : [];
  return {
    id,
    email,
    firstName: text(candidate.firstName),
    lastName: text(candidate.lastName),
    role: isRole(candidate.role) ? candidate.role : 'member',
    organizationId,
    organization_id: organizationId,
    organizationName: text(candidate.organizationName),
    avatarUrl: typeof candidate.avatarUrl === 'string' ? candidate.avatarUrl : null,
    isConsultant: candidate.isConsultant === true,
    teams,
    isImpersonating: candidate.isImpersonating === true,
    originalOrganizationId:
      typeof candidate.originalOrganizationId === 'string' ? candidate.originalOrganizationId : null,
  };
}

/** Spec section 6: "admin" privileges belong to both the admin and the owner role. */
export const isAdmin = (user: Pick<User, 'role'> | null | undefined): boolean =>
  user?.role === 'admin' || user?.role === 'owner';

export const isAdminOrOwner = isAdmin;

export const displayName = (user: Pick<User, 'firstName' | 'lastName' | 'email'>): string =>
  `${user.firstName} ${user.lastName}`.trim() || user.email;
