import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MemberImportPreview, MemberImportResult, MemberImportStreamLine, Session } from '@keel/contract';
import { addTeam } from '../../test-support/team-fixtures.js';
import { bearer, bodyOf, expectDocumented, queryAsOwner, useTenantFixture } from '../../test-support/test-app.js';
import { csvFile, importForm } from '../../test-support/imports-fixture.js';

const t = useTenantFixture(['admin', 'member', 'observer']);
let salesId = '';
beforeAll(async () => {
  salesId = await addTeam(t.context, t.owner, 'Sales');
});

type File = { name: string; content: Buffer; field?: string };
const send = (
  session: Session | null,
  path: '' | '/preview',
  file: File | null,
  options: { org?: string; accept?: string } = {},
) => {
  const org = options.org ?? t.owner.user.organizationId;
  const body = importForm({}, file);
  return t.context.app.inject({
    method: 'POST',
    url: `/api/v1/organizations/${org}/imports/members${path}`,
    headers: {
      ...(session ? bearer(session) : {}),
      ...body.headers,
      ...(options.accept ? { accept: options.accept } : {}),
    },
    payload: body.payload,
  });
};
const preview = (session: Session | null, file: File | null, org?: string) =>
  send(session, '/preview', file, org ? { org } : {});
const commit = (session: Session | null, file: File | null, options: { org?: string; accept?: string } = {}) =>
  send(session, '', file, options);

const count = async (table: string, extra = '') =>
  Number(
    (
      await queryAsOwner<{ n: string }>(
        t.context.database,
        `select count(*) as n from ${table} where organization_id = '${t.owner.user.organizationId}' ${extra}`,
      )
    )[0]!.n,
  );

/** Two new people, one member already there, and one of each problem the issue names. */
const peopleFile = () =>
  csvFile(
    [
      'E-mail,First name,Last name,Role,Teams',
      'new.person@example.com,New,Person,admin,Sales; leadership team',
      'not-an-email,Bad,Mail,,',
      '"=HYPERLINK(""http://evil.example"",""click"")",Evil,Link,,',
      'NEW.person@example.com,Dup,Row,,',
      `${t.members.member.user.email},Already,Here,,`,
      'unknown.team@example.com,Unknown,Team,,Nowhere',
      'bad.role@example.com,Bad,Role,boss,',
      'formula.name@example.com,=1+1,Name,,',
      'Second.Person@Example.com,Second,Person,observer,"Sales,Sales"',
    ],
    'people.csv',
  );

describe('POST /organizations/{id}/imports/members/preview', () => {
  it('lists every row with its status and problems, and writes nothing', async () => {
    const response = await preview(t.members.admin, peopleFile());
    expect(response.statusCode).toBe(200);
    const data = bodyOf<{ data: MemberImportPreview }>(response).data;
    expect(data).toMatchObject({
      fileName: 'people.csv',
      format: 'csv',
      totalRows: 9,
      newCount: 2,
      skippedCount: 1,
      invalidCount: 6,
    });
    expect(data.columns).toEqual({
      email: 'E-mail',
      firstName: 'First name',
      lastName: 'Last name',
      role: 'Role',
      teams: 'Teams',
    });
    const byRow = new Map(data.rows.map((row) => [row.rowNumber, row]));
    expect(byRow.get(2)).toMatchObject({ status: 'new', role: 'admin', teams: ['Sales', 'leadership team'] });
    expect(byRow.get(4)).toMatchObject({ status: 'invalid', email: '=HYPERLINK("http://evil.example","click")' });
    expect(byRow.get(6)).toMatchObject({ status: 'skipped', notice: 'Already a member: skipped' });
    expect(byRow.get(10)).toMatchObject({ status: 'new', role: 'observer' });
    const problems = data.errors.map((error) => `${error.rowNumber}.${error.field}`);
    expect(problems).toEqual(['3.email', '4.email', '5.email', '7.teams', '8.role', '9.firstName']);
    expect(data.errors.find((error) => error.rowNumber === 5)!.message).toContain('row 2');
    expect(data.errors.find((error) => error.rowNumber === 7)!.message).toContain('Nowhere');
    expect(await count('invitations')).toBe(0);
  });

  it('reads .xlsx too; a text cell that looks like a formula stays text', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('People');
    sheet.addRow(['Email', 'First Name', 'Last Name']);
    sheet.addRow(['xlsx.person@example.com', 'Ex', 'Cel']);
    sheet.addRow(['=HYPERLINK("x")', 'Formula', 'Text']);
    const content = Buffer.from(await book.xlsx.writeBuffer());
    const response = await preview(t.owner, { name: 'people.xlsx', content });
    expect(response.statusCode).toBe(200);
    const data = bodyOf<{ data: MemberImportPreview }>(response).data;
    expect(data).toMatchObject({ format: 'xlsx', newCount: 1, invalidCount: 1 });
    expect(data.rows[1]!.email).toBe('=HYPERLINK("x")');
  });

  it('answers 401 without a token, 403 for a member and an observer, 404 for another organization', async () => {
    expect((await preview(null, peopleFile())).statusCode).toBe(401);
    for (const role of ['member', 'observer'] as const) {
      const response = await preview(t.members[role], peopleFile());
      expect(response.statusCode).toBe(403);
    }
    expect((await preview(t.owner, peopleFile(), t.other.user.organizationId)).statusCode).toBe(404);
  });

  it('answers 400 without a file, without an e-mail column, and for a file of another kind', async () => {
    const missing = await preview(t.owner, null);
    expect(missing.statusCode).toBe(400);
    expect(bodyOf<{ code: string }>(missing).code).toBe('member_import.file_missing');
    const noEmail = await preview(t.owner, csvFile(['Name,Team', 'Ada,Sales']));
    expect(noEmail.statusCode).toBe(400);
    expect(bodyOf<{ code: string; error: string }>(noEmail).error).toContain('E-mail');
    const wrongField = await preview(t.owner, { ...peopleFile(), field: 'logo' });
    expect(wrongField.statusCode).toBe(400);
    const notSheet = await preview(t.owner, {
      name: 'photo.png',
      content: Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2]),
    });
    expect(notSheet.statusCode).toBe(415);
  });

  it('is in the OpenAPI document', async () => {
    await expectDocumented(t.context, [
      '/api/v1/organizations/{organizationId}/imports/members/preview',
      '/api/v1/organizations/{organizationId}/imports/members',
    ]);
  });
});

describe('POST /organizations/{id}/imports/members', () => {
  it('refuses a member and an observer (403), no token (401) and another organization (404), inviting no one', async () => {
    expect((await commit(null, peopleFile())).statusCode).toBe(401);
    expect((await commit(t.members.member, peopleFile())).statusCode).toBe(403);
    expect((await commit(t.members.observer, peopleFile())).statusCode).toBe(403);
    expect((await commit(t.owner, peopleFile(), { org: t.other.user.organizationId })).statusCode).toBe(404);
    expect((await commit(t.owner, null)).statusCode).toBe(400);
    expect(await count('invitations')).toBe(0);
  });

  it('invites the valid new rows with their role and teams, mails them, and a second run changes nothing', async () => {
    const response = await commit(t.members.admin, peopleFile());
    expect(response.statusCode).toBe(201);
    const result = bodyOf<{ data: MemberImportResult }>(response).data;
    expect(result).toMatchObject({ invited: 2, skipped: 1, invalid: 6 });
    // No mail set up in this suite: the links come back to the importing admin, one per new invitation.
    expect(result.delivery?.mailed).toBe(false);
    expect(result.delivery?.unmailed.map((item) => item.email).sort()).toEqual([
      'new.person@example.com',
      'second.person@example.com',
    ]);
    for (const item of result.delivery?.unmailed ?? []) {
      expect(item.link).toMatch(/^http:\/\/keel\.test\/accept-invitation\?token=[\w-]{43}$/);
    }
    const rows = await queryAsOwner<{ email: string; role: string; team_ids: string[] }>(
      t.context.database,
      `select email, role, team_ids from invitations where organization_id = '${t.owner.user.organizationId}' order by email`,
    );
    expect(rows.map((row) => [row.email, row.role])).toEqual([
      ['new.person@example.com', 'admin'],
      ['second.person@example.com', 'observer'],
    ]);
    expect(rows[0]!.team_ids).toHaveLength(2);
    expect(rows[1]!.team_ids).toEqual([salesId]);
    await t.context.app.jobs.whenIdle();
    expect(
      await count('mail_outbox', "and to_address in ('new.person@example.com', 'second.person@example.com')"),
    ).toBe(2);
    expect(await count('audit_events', "and action = 'members.imported'")).toBe(1);

    const again = await commit(t.members.admin, peopleFile());
    expect(again.statusCode).toBe(201);
    expect(bodyOf<{ data: MemberImportResult }>(again).data).toEqual({ invited: 0, skipped: 3, invalid: 6 });
    expect(await count('invitations')).toBe(2);
    await t.context.app.jobs.whenIdle();
    expect(await count('mail_outbox')).toBe(2);
    expect(await count('audit_events', "and action in ('members.imported', 'invitation.created')")).toBe(3);

    const shown = bodyOf<{ data: MemberImportPreview }>(await preview(t.owner, peopleFile())).data;
    expect(shown.rows.find((row) => row.rowNumber === 2)).toMatchObject({
      status: 'skipped',
      notice: 'Already invited: skipped',
    });
  });

  it('only an owner invites owners', async () => {
    const file = csvFile(['Email,Role', 'future.owner@example.com,Owner']);
    const byAdmin = bodyOf<{ data: MemberImportPreview }>(await preview(t.members.admin, file)).data;
    expect(byAdmin.errors[0]).toMatchObject({ field: 'role', message: 'Only an owner can invite owners' });
    const byOwner = bodyOf<{ data: MemberImportPreview }>(await preview(t.owner, file)).data;
    expect(byOwner).toMatchObject({ newCount: 1, invalidCount: 0 });
  });

  it('streams progress, then the result, when asked for NDJSON', async () => {
    const response = await commit(t.owner, csvFile(['Email', 'streamed.person@example.com']), {
      accept: 'application/x-ndjson',
    });
    expect(response.statusCode).toBe(200);
    const lines = response.body
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as MemberImportStreamLine);
    expect(new Set(lines.flatMap((line) => (line.type === 'progress' ? [line.stage] : [])))).toEqual(
      new Set(['reading', 'checking', 'writing']),
    );
    expect(lines.at(-1)).toMatchObject({
      type: 'result',
      data: {
        invited: 1,
        skipped: 0,
        invalid: 0,
        delivery: { mailed: false, unmailed: [{ email: 'streamed.person@example.com' }] },
      },
    });
  });
});
