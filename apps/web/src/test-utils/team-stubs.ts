import { afterEach, beforeEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';
import type { Department, OrganizationPerson, User } from '@keel/contract';
import { useSession } from '../lib/session-store';
import { signedInFrameRoutes } from './app-stubs';
import { ORG_ID, makeUser } from './fixtures';

/** Set-up shared by the team pages' tests (to-dos, issues, priorities, headlines). */

/** The department most page tests show. */
export const DEPT = '33333333-3333-4333-8333-333333333333';

export function makeDepartment(id: string, name: string, overrides: Partial<Department> = {}): Department {
  return {
    id,
    name,
    description: null,
    color: null,
    parent_team_id: null,
    is_leadership_team: false,
    is_member: true,
    ...overrides,
  };
}

/** The answer of GET /users/departments. */
export const departmentsReply = (departments: Department[], isLeadershipMember = false) => ({
  body: { data: { departments, is_leadership_member: isLeadershipMember } },
});

/** The signed-in test user (makeUser) as the people picker lists them. */
export const ADA: OrganizationPerson = {
  id: makeUser().id,
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  avatarUrl: null,
};

/** The answer of GET /organizations/:id/people. */
export const peopleReply = (people: OrganizationPerson[]) => ({ body: { data: people } });

/**
 * signedInFrameRoutes plus the person's departments (by default: Operations) and the people
 * picker (by default: Ada), then the test's own routes.
 */
export function teamFrameRoutes(
  {
    departments = [makeDepartment(DEPT, 'Operations')],
    people = [ADA],
  }: { departments?: Department[]; people?: OrganizationPerson[] },
  overrides: Record<string, unknown> = {},
) {
  return signedInFrameRoutes({
    'GET /users/departments': departmentsReply(departments),
    [`GET /organizations/${ORG_ID}/people`]: peopleReply(people),
    ...overrides,
  });
}

/** One keyset page holding all the items. */
export const pageReply = <T>(items: T[]) => ({ body: { data: items, page: { nextCursor: null } } });

/**
 * Signs the user in before each test; after it, unmounts before restoring fetch, so no refetch of a
 * leaving page reaches the real network.
 */
export function signedInForEachTest(user: () => User = () => makeUser()) {
  beforeEach(() => useSession.setState({ status: 'signedIn', user: user() }));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
}
