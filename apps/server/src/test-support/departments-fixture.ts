import type { Session } from '@keel/contract';
import { callerOf } from './team-fixtures.js';
import { useTenantFixture } from './test-app.js';

/**
 * The departments suites' cast (owner, admin, member, observer and another organization's owner, ready at the
 * suite's first test), its organization's id, and a caller of paths below /organizations/:id/departments.
 */
export function useDepartmentsSuite() {
  const t = useTenantFixture(['admin', 'member', 'observer']);
  const orgId = () => t.owner.user.organizationId;
  const call = (
    session: Session | null,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    path: string,
    payload?: unknown,
    org?: string,
  ) => callerOf({ context: t.context, orgId: orgId() })(session, method, `/departments${path}`, payload, org);
  return { t, orgId, call };
}
