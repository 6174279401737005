import { describe, expect, it } from 'vitest';
import type { AdminToolFigures, Session } from '@keel/contract';
import { tenantDb } from '../../db/scope.js';
import { bearer, bodyOf, expectDocumented, queryAsOwner, useTenantFixture } from '../../test-support/test-app.js';
import { addTeam } from '../../test-support/team-fixtures.js';
import { createAdminToolsService } from './admin-tools.service.js';

const t = useTenantFixture(['admin', 'member', 'observer']);
const orgOf = () => t.owner.user.organizationId;
const get = (session: Session | null, org = orgOf()) =>
  t.context.app.inject({
    method: 'GET',
    url: `/api/v1/organizations/${org}/admin-tools/figures`,
    headers: session ? bearer(session) : {},
  });
const asOwner = <T extends Record<string, unknown>>(query: string) => queryAsOwner<T>(t.context.database, query);
const orNull = (value: string | undefined) => (value ? `'${value}'` : 'null');
const invite = (
  organizationId: string,
  email: string,
  expiresAt: string,
  answered: { acceptedAt?: string; revokedAt?: string } = {},
) =>
  asOwner(
    `insert into invitations (organization_id, email, role, token_hash, expires_at, accepted_at, revoked_at)
     values ('${organizationId}', '${email}', 'member', '${email}-hash', '${expiresAt}',
       ${orNull(answered.acceptedAt)}, ${orNull(answered.revokedAt)})`,
  );

describe('GET /organizations/{id}/admin-tools/figures', () => {
  it('answers 401 without a token, 400 for a malformed id, 404 for another organization, 403 for members', async () => {
    expect((await get(null)).statusCode).toBe(401);
    expect((await get(t.owner, 'not-an-id')).statusCode).toBe(400);
    expect((await get(t.owner, t.other.user.organizationId)).statusCode).toBe(404);
    expect((await get(t.members.member)).statusCode).toBe(403);
    expect((await get(t.members.observer)).statusCode).toBe(403);
    await expectDocumented(t.context, ['/api/v1/organizations/{organizationId}/admin-tools/figures']);
  });

  it("counts the organization's active members, pending invitations and live teams, and nothing of another", async () => {
    const future = new Date(Date.now() + 86_400_000).toISOString();
    const past = new Date(Date.now() - 86_400_000).toISOString();
    await invite(orgOf(), 'pending@example.com', future);
    await invite(orgOf(), 'expired@example.com', past);
    await invite(orgOf(), 'accepted@example.com', future, { acceptedAt: past });
    await invite(orgOf(), 'revoked@example.com', future, { revokedAt: past });
    await invite(t.other.user.organizationId, 'elsewhere@example.com', future);
    await addTeam(t.context, t.owner, 'Finance');
    const archived = await addTeam(t.context, t.owner, 'Old projects');
    await asOwner(`update teams set archived_at = now() where id = '${archived}'`);
    await addTeam(t.context, t.other, 'Not ours');
    await asOwner(`update memberships set status = 'deactivated' where user_id = '${t.members.observer.user.id}'`);

    for (const session of [t.owner, t.members.admin]) {
      const response = await get(session);
      expect(response.statusCode).toBe(200);
      // Owner, admin and member; the observer was deactivated. The leadership team and Finance.
      expect(bodyOf<{ data: AdminToolFigures }>(response).data).toEqual({
        activeMembers: 3,
        pendingInvitations: 1,
        failedOperations: 0,
        teams: 2,
      });
    }
  });

  it('asks for the failed operations inside the organization’s own scope', async () => {
    const asked: string[] = [];
    const service = createAdminToolsService({
      db: t.context.database.db,
      // The job queue's count, from outside this module; tenantDb throws outside the organization's scope.
      countFailedOperations: async (organizationId) => {
        tenantDb(organizationId);
        asked.push(organizationId);
        return 7;
      },
    });
    const figures = await service.figures({ organizationId: orgOf(), userId: t.owner.user.id });
    expect(figures.failedOperations).toBe(7);
    expect(asked).toEqual([orgOf()]);
  });
});
