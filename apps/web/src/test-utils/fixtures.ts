import type { User } from '@keel/contract';

export const ORG_ID = '11111111-1111-4111-8111-111111111111';

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: '22222222-2222-4222-8222-222222222222',
    email: 'ada@example.com',
    firstName: 'Ada',
    lastName: 'Lovelace',
    role: 'member',
    organizationId: ORG_ID,
    organization_id: ORG_ID,
    organizationName: 'Analytical Engines',
    avatarUrl: null,
    isConsultant: false,
    teams: [],
    isImpersonating: false,
    originalOrganizationId: null,
    ...overrides,
  };
}
