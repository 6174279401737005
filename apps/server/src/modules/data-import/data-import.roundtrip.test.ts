import { describe, expect, it } from 'vitest';
import {
  dataExportManifestSchema,
  type Document,
  type Issue,
  type Measurable,
  type Priority,
  type Session,
  type Todo,
} from '@keel/contract';
import { dumpOrganization, exportArchive, importAndWait } from '../../test-support/data-import-fixture.js';
import { documentsKit, pdfBytes, pngBytes } from '../../test-support/documents-fixture.js';
import { mondayOf } from '../../test-support/scorecard-fixture.js';
import { addTeam, useTeamSuite } from '../../test-support/team-fixtures.js';
import {
  bearer,
  bodyOf,
  mailsTo,
  queryAsOwner,
  registerOrganization,
  TEST_PASSWORD,
} from '../../test-support/test-app.js';
import { zipEntries } from '../../test-support/zip-entries.js';

const { state: t, call } = useTeamSuite(['admin']);
const kit = documentsKit(t);

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
type Row = Record<string, unknown>;

/** A row with every id blanked (and a file's place, which is the copy's): what must survive a round trip. */
function signature(table: string, row: Row): string {
  const kept = Object.fromEntries(
    Object.entries(row)
      .filter(([column]) => !(table === 'stored_files' && column === 'locator'))
      .sort(([a], [b]) => a.localeCompare(b)),
  );
  return JSON.stringify(kept).replace(UUID, '<id>');
}
const signatures = (table: string, rows: Row[]) => rows.map((row) => signature(table, row)).sort();

async function created<T>(session: Session, path: string, payload: unknown): Promise<T> {
  const response = await call(session, 'POST', path, payload);
  expect(response.statusCode, response.body).toBe(201);
  const data = bodyOf<{ data: T | T[] }>(response).data;
  return (Array.isArray(data) ? data[0] : data) as T;
}

/** An organization with a bit of everything: what an import must bring back whole. */
async function seedOrganization() {
  const sales = await addTeam(t.context, t.owner, 'Sales', [t.member.user.id]);
  await queryAsOwner(t.context.database, `update teams set parent_team_id = '${t.teamId}' where id = '${sales}'`);
  const todo = await created<Todo>(t.owner, '/todos', {
    title: 'Shared to-do',
    ownerIds: [t.owner.user.id, t.member.user.id],
    teamId: t.teamId,
  });
  const priority = await created<Priority>(t.owner, '/priorities', {
    title: 'Launch the new website',
    ownerIds: [t.owner.user.id],
    teamId: t.teamId,
    progressType: 'milestones',
  });
  for (const title of ['Design', 'Build']) {
    const response = await call(t.owner, 'POST', `/priorities/${priority.id}/milestones`, { title });
    expect(response.statusCode, response.body).toBe(201);
  }
  const issue = await created<Issue>(t.owner, '/issues', { teamId: sales, title: 'Hiring is slow' });
  await created(t.member, `/issues/${issue.id}/comments`, { body: `See to-do ${todo.id}` });
  const document = await kit.uploadOne(t.owner, 'Handbook.pdf', {}, pdfBytes(300));
  const version = await kit.send(t.owner, `/documents/${document.id}/versions`, {}, [
    { name: 'Handbook v2.png', content: pngBytes },
  ]);
  expect(version.statusCode, version.body).toBe(201);
  const lastWeek = mondayOf(new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10));
  const measurable = await created<Measurable>(t.owner, '/measurables', {
    title: 'Revenue',
    startsOn: mondayOf(new Date(Date.now() - 28 * 86_400_000).toISOString().slice(0, 10)),
    ownerId: t.owner.user.id,
    teamId: t.teamId,
    goal: { operator: '>=', value: 50 },
  });
  const score = await call(t.owner, 'PUT', `/measurables/${measurable.id}/scores/${lastWeek}`, { value: 60 });
  expect(score.statusCode, score.body).toBe(200);
  return { document: bodyOf<{ data: Document }>(version).data };
}

/** Signs `session`'s person in again: the import made the new organization the one they land in. */
async function signInTo(session: Session, organizationId: string): Promise<Session> {
  const response = await t.context.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email: session.user.email, password: TEST_PASSWORD },
  });
  expect(response.statusCode, response.body).toBe(200);
  const signedIn = bodyOf<{ data: Session }>(response).data;
  expect(signedIn.user.organizationId).toBe(organizationId);
  return signedIn;
}

describe('export → import round trip', () => {
  it('restores every table row for row into a new organization, ids given anew, files byte for byte', async () => {
    const { document } = await seedOrganization();
    const zip = await exportArchive(t.context, t.owner);
    const entries = await zipEntries(zip);
    const manifest = dataExportManifestSchema.parse(JSON.parse(String(entries.get('manifest.json'))));

    const outcome = await importAndWait(t.context, t.other, zip);
    expect(outcome).toMatchObject({ status: 'done', phase: null, error: null });
    const result = outcome.result;
    if (!result) throw new Error('the import made nothing');
    expect(result).toMatchObject({
      organizationName: manifest.organization.name,
      files: manifest.files,
      filesMissing: 0,
      peopleMatched: 4,
      peopleNew: 0,
      invitationsSent: 4,
    });
    const notRestored = new Set(result.notRestored.map((one) => one.table));
    expect([...notRestored].sort()).toEqual(['product_events', 'refresh_tokens']);
    expect(result.organizationId).not.toBe(t.orgId);

    const restored = await dumpOrganization(t.context, result.organizationId);
    const oldIds = new Set<string>([t.orgId]);
    for (const [table, count] of Object.entries(manifest.tables)) {
      const archived = JSON.parse(String(entries.get(`data/${table}.json`))) as Row[];
      expect(archived).toHaveLength(count);
      for (const row of archived) if (typeof row.id === 'string') oldIds.add(row.id);
      const now = restored.get(table) ?? [];
      if (notRestored.has(table)) {
        expect(now).toEqual([]);
        continue;
      }
      if (table === 'memberships') continue;
      // What the import itself did in the new organization: its audit entry, the invitations and their entries.
      const extra = now.filter((row) => row.actor_user_id === t.other.user.id || row.invited_by_id === t.other.user.id);
      expect(extra.length, table).toBe({ audit_events: 5, invitations: 4 }[table] ?? 0);
      const kept = now.filter((row) => !extra.includes(row));
      expect(signatures(table, kept), table).toEqual(signatures(table, archived));
      expect(result.rows[table] ?? 0, table).toBe(count);
    }
    // Nobody is let in unasked: the importer owns it, the old members are invited with their roles (the old owner
    // as an admin), and each is sent the invitation.
    const memberships = (restored.get('memberships') ?? []).map((row) => [row.user_id, row.role, row.status]);
    expect(memberships.sort()).toEqual(
      [
        [t.other.user.id, 'owner', 'active'],
        [t.owner.user.id, 'admin', 'invited'],
        [t.member.user.id, 'member', 'invited'],
        [t.members.admin.user.id, 'admin', 'invited'],
        [t.observer.user.id, 'observer', 'invited'],
      ].sort(),
    );
    expect(result.rows.memberships ?? 0).toBe(0);
    const mails = await mailsTo(t.context, t.member.user.email);
    expect(mails.some((mail) => mail.subject === `You are invited to ${result.organizationName} on Keel`)).toBe(true);

    // Nothing of the old organization is left, and no id names a row of another organization: the foreign keys
    // resolve, so every reference is inside the new one (people are accounts, shared by every organization).
    const foreign = new Set(oldIds);
    for (const organizationId of [t.orgId, t.other.user.organizationId]) {
      for (const rows of (await dumpOrganization(t.context, organizationId)).values()) {
        for (const row of rows) if (typeof row.id === 'string') foreign.add(row.id);
      }
    }
    for (const [table, rows] of restored) {
      for (const row of rows) {
        for (const id of JSON.stringify(row).match(UUID) ?? []) {
          expect(foreign.has(id), `${table} keeps ${id} of another organization: ${JSON.stringify(row)}`).toBe(false);
        }
      }
    }

    // The new organization works: its owner reads the document's versions, the files are the same bytes.
    const owner = await signInTo(t.other, result.organizationId);
    const leadership = restored.get('teams')?.find((team) => team.is_leadership_team)?.id;
    expect(typeof leadership).toBe('string');
    const documents = await t.context.app.inject({
      method: 'GET',
      url: `/api/v1/organizations/${result.organizationId}/documents?teamId=${String(leadership)}`,
      headers: bearer(owner),
    });
    expect(documents.statusCode, documents.body).toBe(200);
    const copy = bodyOf<{ data: Document[] }>(documents).data.find((one) => one.name === document.name);
    expect(copy).toMatchObject({ currentVersion: 2, contentType: 'image/png' });
    for (const row of restored.get('stored_files') ?? []) {
      const old = (JSON.parse(String(entries.get('data/stored_files.json'))) as Row[]).find(
        (archived) => archived.sha256 === row.sha256,
      );
      expect(old).toBeDefined();
      expect(row.locator).not.toBe(old?.locator);
    }
    const content = await t.context.app.inject({
      method: 'GET',
      url: `/api/v1/organizations/${result.organizationId}/documents/${copy?.id}/content`,
      headers: bearer(owner),
    });
    expect(content.statusCode, content.body).toBe(200);
    expect(content.rawPayload.equals(pngBytes)).toBe(true);
    const todos = await t.context.app.inject({
      method: 'GET',
      url: `/api/v1/organizations/${result.organizationId}/todos?teamId=${String(leadership)}`,
      headers: bearer(owner),
    });
    expect(todos.statusCode, todos.body).toBe(200);
    const shared = bodyOf<{ data: Todo[] }>(todos).data.filter((one) => one.title === 'Shared to-do');
    expect(shared.map((one) => one.ownerId).sort()).toEqual([t.owner.user.id, t.member.user.id].sort());
    expect(new Set(shared.map((one) => one.groupId)).size).toBe(1);
  });

  it('gives people without an account here an invited one, matched again by e-mail', async () => {
    const consultant = await registerOrganization(t.context.app);
    const [grant] = await queryAsOwner<{ id: string }>(
      t.context.database,
      `insert into consultant_access (organization_id, email, consultant_user_id, status)
       values ('${t.orgId}', '${consultant.user.email}', '${consultant.user.id}', 'active') returning id`,
    );
    const zip = await exportArchive(t.context, t.owner);
    const entries = await zipEntries(zip);
    const people = JSON.parse(String(entries.get('people.json'))) as Row[];
    const memberRow = people.find((person) => person.id === t.member.user.id);
    if (!memberRow) throw new Error('member not in people.json');
    await queryAsOwner(
      t.context.database,
      `update users set email = 'moved.${Date.now()}@example.com' where id = '${t.member.user.id}'`,
    );
    try {
      const result = (await importAndWait(t.context, t.other, zip)).result;
      expect(result).toMatchObject({ peopleMatched: 3, peopleNew: 1, invitationsSent: 4 });
      if (!result) throw new Error('the import made nothing');
      const [invited] = await queryAsOwner<{ status: string; account: string; password: string | null }>(
        t.context.database,
        `select m.status, u.status as account, u.password_hash as password from memberships m
           join users u on u.id = m.user_id
          where m.organization_id = '${result.organizationId}' and lower(u.email) = lower('${String(memberRow.email)}')`,
      );
      expect(invited).toEqual({ status: 'invited', account: 'invited', password: null });
      // The consultant is no member: their grant to the old organization is not one to the new.
      const grants = await queryAsOwner<{ status: string; consultant: string | null }>(
        t.context.database,
        `select status, consultant_user_id as consultant from consultant_access
          where organization_id = '${result.organizationId}'`,
      );
      expect(grants).toEqual([{ status: 'revoked', consultant: null }]);
    } finally {
      await queryAsOwner(t.context.database, `delete from consultant_access where id = '${String(grant?.id)}'`);
      await queryAsOwner(
        t.context.database,
        `update users set email = 'placeholder.${Date.now()}@example.com' where lower(email) = lower('${String(memberRow.email)}')`,
      );
      await queryAsOwner(
        t.context.database,
        `update users set email = '${String(memberRow.email)}' where id = '${t.member.user.id}'`,
      );
    }
  });
});
