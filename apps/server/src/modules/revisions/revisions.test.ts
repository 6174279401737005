import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '@keel/contract';
import {
  bearer,
  createTenantFixture,
  queryAsOwner,
  registerOrganization,
  type TestContext,
} from '../../test-support/test-app.js';

let context: TestContext;
let owner: Session;
let member: Session;
let other: Session;
let teamId: string;

beforeAll(async () => {
  const fixture = await createTenantFixture(['member']);
  ({ context, owner, other } = fixture);
  member = fixture.members.member;
  const [team] = await queryAsOwner<{ id: string }>(
    context.database,
    `select id from teams where organization_id = '${owner.user.organizationId}' limit 1`,
  );
  teamId = team!.id;
});
afterAll(async () => {
  await context.close();
});

const revisionOf = async (organizationId: string) => {
  const [row] = await queryAsOwner<{ revision: string }>(
    context.database,
    `select revision from organization_revisions where organization_id = '${organizationId}'`,
  );
  return Number(row?.revision ?? 0);
};

const createTodos = (ownerIds: string[]) =>
  context.app.inject({
    method: 'POST',
    url: `/api/v1/organizations/${owner.user.organizationId}/todos`,
    headers: bearer(owner),
    payload: { title: 'Call the bank', ownerIds, teamId },
  });

/** Tables whose rows no list shows: writing them must not throw cached lists away. */
const NOT_SHOWN_IN_LISTS = [
  'api_keys',
  'assistant_settings',
  'assistant_usage',
  'audit_events',
  'billing_accounts',
  'billing_notices',
  'calendar_feeds',
  'document_opens',
  'failed_operations',
  'feedback',
  'invitations',
  'mail_outbox',
  'organization_exports',
  'organization_revisions',
  'product_events',
  'refresh_tokens',
  'scorecard_team_settings',
  'stored_files',
  'terminology_overrides',
  'ui_states',
  'user_preferences',
  'webhook_deliveries',
];

describe('organization list revision', () => {
  it('rises once per committed transaction, however many rows it writes', async () => {
    const before = await revisionOf(owner.user.organizationId);
    const response = await createTodos([owner.user.id, member.user.id]);
    expect(response.statusCode).toBe(201);
    expect(await revisionOf(owner.user.organizationId)).toBe(before + 1);
  });

  it('stays put on reads and on another organization’s changes', async () => {
    const before = await revisionOf(owner.user.organizationId);
    await context.app.inject({
      method: 'GET',
      url: `/api/v1/organizations/${owner.user.organizationId}/todos?teamId=${teamId}`,
      headers: bearer(owner),
    });
    await queryAsOwner(
      context.database,
      `insert into teams (organization_id, name) values ('${other.user.organizationId}', 'Elsewhere')`,
    );
    expect(await revisionOf(owner.user.organizationId)).toBe(before);
  });

  it('rises in every organization of a person whose name changes', async () => {
    const second = await registerOrganization(context.app, { organizationName: 'Second home' });
    await queryAsOwner(
      context.database,
      `insert into memberships (organization_id, user_id, role) values ('${second.user.organizationId}', '${member.user.id}', 'member')`,
    );
    const before = [await revisionOf(owner.user.organizationId), await revisionOf(second.user.organizationId)];
    const response = await context.app.inject({
      method: 'PUT',
      url: '/api/v1/auth/profile',
      headers: bearer(member),
      payload: { firstName: 'Renamed' },
    });
    expect(response.statusCode).toBe(200);
    expect([await revisionOf(owner.user.organizationId), await revisionOf(second.user.organizationId)]).toEqual([
      before[0]! + 1,
      before[1]! + 1,
    ]);
  });

  it('does not stand in the way of deleting an organization', async () => {
    const doomed = await registerOrganization(context.app, { organizationName: 'Doomed' });
    await queryAsOwner(context.database, `delete from organizations where id = '${doomed.user.organizationId}'`);
    expect(await revisionOf(doomed.user.organizationId)).toBe(0);
  });

  it('is raised by every table carrying organization_id, unless no list shows its rows', async () => {
    const untracked = await queryAsOwner<{ relname: string }>(
      context.database,
      `select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind = 'r'
         and exists (select 1 from information_schema.columns col
                     where col.table_name = c.relname and col.column_name = 'organization_id')
         and not exists (select 1 from pg_trigger t where t.tgrelid = c.oid and t.tgname = 'keel_list_revision')
       order by 1`,
    );
    expect(untracked.map((row) => row.relname)).toEqual(NOT_SHOWN_IN_LISTS);
  });
});
