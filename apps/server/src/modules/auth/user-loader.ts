import type { Role, User } from '@keel/contract';
import type { Database } from '../../db/database.js';
import { readInTenant } from '../../db/scope.js';
import { AppError, unauthorized } from '../../http/errors.js';
import { findOrganization, requireActiveMember } from '../organizations/index.js';
import { findProfile, type ProfileRow } from './profile.repository.js';
import type { AccessClaims } from './tokens.js';

function toUser(
  profile: ProfileRow,
  organizationId: string,
  claims?: Pick<AccessClaims, 'originalOrganizationId'>,
): User {
  return {
    id: profile.id,
    email: profile.email,
    firstName: profile.firstName,
    lastName: profile.lastName,
    role: profile.role,
    organizationId,
    organization_id: organizationId,
    organizationName: profile.organizationName,
    avatarUrl: profile.avatarUrl,
    isConsultant: profile.isConsultant,
    teams: profile.teams,
    isImpersonating: Boolean(claims?.originalOrganizationId),
    originalOrganizationId: claims?.originalOrganizationId ?? null,
  };
}

/** The signed-in person as the profile and every session answer show them, member or consultant. */
export function createUserLoader(db: Database) {
  async function loadUser(claims: AccessClaims): Promise<User> {
    if (claims.originalOrganizationId) return loadConsultantUser(claims, claims.originalOrganizationId);
    const profile = await readInTenant(db, { organizationId: claims.organizationId, userId: claims.userId }, () =>
      findProfile(claims.organizationId, claims.userId),
    );
    if (!profile || profile.membershipStatus !== 'active') {
      throw unauthorized('auth.membership_ended', 'Your access to this organization has ended. Please sign in again.');
    }
    return toUser(profile, claims.organizationId, claims);
  }

  /**
   * A consultant inside a client has no membership there: the account comes from their home
   * organization, the role from their grant (decision 0006), the name from the client. A revoked
   * grant still answers (as a read-only observer) so the page can say so and offer the way home;
   * every other request inside the client is refused.
   */
  async function loadConsultantUser(claims: AccessClaims, homeOrganizationId: string): Promise<User> {
    const home = await loadUser({ ...claims, organizationId: homeOrganizationId, originalOrganizationId: null });
    const client = await readInTenant(
      db,
      { organizationId: claims.organizationId, userId: claims.userId },
      async () => {
        const role = await requireActiveMember(claims.organizationId, claims.userId).then(
          (scope): Role => scope.role,
          (error: unknown): Role => {
            if (error instanceof AppError && error.code === 'consultant.access_revoked') return 'observer';
            throw error;
          },
        );
        const organization = await findOrganization(claims.organizationId);
        return { role, name: organization?.name ?? '' };
      },
    );
    return {
      ...home,
      role: client.role,
      organizationId: claims.organizationId,
      organization_id: claims.organizationId,
      organizationName: client.name,
      teams: [],
      isImpersonating: true,
      originalOrganizationId: homeOrganizationId,
    };
  }

  return loadUser;
}
