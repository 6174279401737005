/** A request the organization scope refused because it named another organization. */
export interface TenantRefusal {
  at: Date;
  method: string;
  /** The route pattern (`/api/v1/organizations/:organizationId/todos`), never the ids in it. */
  route: string;
  /** `outgoing`: the caller's organization named another; `incoming`: another organization's caller named this one. */
  direction: 'outgoing' | 'incoming';
}

export interface TenantRefusalLog {
  /** Records the refusal under the caller's organization (outgoing) and under the one they named (incoming). */
  record(refusal: { callerOrganizationId: string; namedOrganizationId: string; method: string; route: string }): void;
  /** The organization's recent refusals, newest first. */
  of(organizationId: string): TenantRefusal[];
}

export const REFUSALS_PER_ORGANIZATION = 20;
export const ORGANIZATIONS_REMEMBERED = 1000;

/**
 * Kept in this process's memory, bounded both ways: the last refusals of each organization, for the
 * organizations refused most recently (the least recent one is forgotten first). Ids named in a path
 * need not exist, so a flood of made-up ids only pushes older entries out; it never grows the log.
 */
export function createTenantRefusalLog(
  limits: { perOrganization: number; organizations: number } = {
    perOrganization: REFUSALS_PER_ORGANIZATION,
    organizations: ORGANIZATIONS_REMEMBERED,
  },
  now: () => Date = () => new Date(),
): TenantRefusalLog {
  // A Map iterates in insertion order: deleting and re-inserting a key makes it the most recent.
  const byOrganization = new Map<string, TenantRefusal[]>();

  const add = (organizationId: string, refusal: TenantRefusal) => {
    const kept = byOrganization.get(organizationId) ?? [];
    byOrganization.delete(organizationId);
    kept.unshift(refusal);
    if (kept.length > limits.perOrganization) kept.length = limits.perOrganization;
    byOrganization.set(organizationId, kept);
    if (byOrganization.size > limits.organizations) {
      const leastRecent = byOrganization.keys().next().value;
      if (leastRecent !== undefined) byOrganization.delete(leastRecent);
    }
  };

  return {
    record({ callerOrganizationId, namedOrganizationId, method, route }) {
      const at = now();
      add(callerOrganizationId, { at, method, route, direction: 'outgoing' });
      add(namedOrganizationId, { at, method, route, direction: 'incoming' });
    },
    of: (organizationId) => [...(byOrganization.get(organizationId) ?? [])],
  };
}
