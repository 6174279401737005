import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportPreview, Session } from '@keel/contract';
import { addTeam, leadershipTeamOf } from '../../test-support/team-fixtures.js';
import { csvFile, importForm, ninetyRocksWorkbook, sendImport } from '../../test-support/imports-fixture.js';
import { bodyOf, createTenantFixture, queryAsOwner, type TestContext } from '../../test-support/test-app.js';

let context: TestContext;
let owner: Session;
let other: Session;
let admin: Session;
let member: Session;
let observer: Session;
let teamId: string;
let otherTeamId: string;

beforeAll(async () => {
  ({
    context,
    owner,
    other,
    members: { admin, member, observer },
  } = await createTenantFixture(['admin', 'member', 'observer']));
  teamId = await leadershipTeamOf(context, owner);
  otherTeamId = await leadershipTeamOf(context, other);
  await addTeam(context, owner, 'Sales');
});
afterAll(async () => {
  await context.close();
});

const preview = (
  session: Session | null,
  kind: string,
  fields: Record<string, string>,
  file: { name: string; content: Buffer } = csvFile(['Title', 'One']),
) => sendImport(context, session, `${kind}/preview`, importForm(fields, file));

describe('POST /organizations/{id}/imports/{kind}/preview', () => {
  it('reads a Ninety rocks workbook: suggested mapping, milestones sheet, first rows, no errors', async () => {
    const content = await ninetyRocksWorkbook(
      [
        [
          'Launch v2',
          'Ship it',
          owner.user.email,
          new Date(Date.UTC(2026, 2, 31)),
          null,
          null,
          'Sales',
          'Company',
          'On Track',
        ],
        ['Hire a CFO', '', 'ada lovelace', null, null, null, '', 'Individual', 'Off Track'],
      ],
      [['launch v2', 'Beta', '', null, null]],
    );
    const response = await preview(member, 'priorities', { teamId }, { name: 'rocks.xlsx', content });
    expect(response.statusCode).toBe(200);
    const { data } = bodyOf<{ data: ImportPreview }>(response);
    expect(data).toMatchObject({
      kind: 'priorities',
      format: 'xlsx',
      totalRows: 2,
      milestoneRows: 1,
      errors: [],
      errorCount: 0,
      mapping: {
        sheet: 'Rocks',
        columns: {
          title: 'Title',
          owner: 'Owner',
          dueDate: 'Due Date',
          level: 'Level',
          status: 'Status',
          team: 'Team',
        },
        milestoneSheet: 'Milestones',
        milestoneColumns: { priority: 'Rock', title: 'Title', owner: 'Owner' },
      },
    });
    expect(data.rows[0]!.rowNumber).toBe(2);
    expect(data.rows[0]!.values).toMatchObject({ title: 'Launch v2', dueDate: '2026-03-31', owner: owner.user.email });
  });

  it('checks every row and lists each problem with its row number and field', async () => {
    await queryAsOwner(
      context.database,
      `update memberships set status = 'deactivated' where user_id = '${admin.user.id}'`,
    );
    const lines = ['Title,Owner,Due Date,Team'];
    for (let index = 0; index < 30; index += 1) lines.push(`Fine ${index},${owner.user.email},2026-05-01,`);
    lines.push(
      `,${owner.user.email},,`,
      `Stranger,${other.user.email},,`,
      `Gone,${admin.user.email},,`,
      `Twin,Grace Hopper,,`,
      `Far,${owner.user.email},30000-01-01,`,
      `Nowhere,${owner.user.email},,Marketing`,
      `${'x'.repeat(301)},${owner.user.email},,`,
      `<script>alert(1)</script>,${owner.user.email},,sales`,
    );
    const response = await preview(owner, 'todos', { teamId }, csvFile(lines));
    await queryAsOwner(context.database, `update memberships set status = 'active' where user_id = '${admin.user.id}'`);
    expect(response.statusCode).toBe(200);
    const { data } = bodyOf<{ data: ImportPreview }>(response);
    expect(data.totalRows).toBe(38);
    expect(data.rows).toHaveLength(20);
    expect(data.errors, JSON.stringify(data.errors)).toHaveLength(7);
    expect(data.errorCount).toBe(7);
    expect(data.errors.map(({ rowNumber, field }) => [rowNumber, field])).toEqual([
      [32, 'title'],
      [33, 'owner'],
      [34, 'owner'],
      [35, 'owner'],
      [36, 'dueDate'],
      [37, 'team'],
      [38, 'title'],
    ]);
    expect(data.errors[1]!.message).toBe(
      `No member of this organization is named or has the e-mail "${other.user.email}"`,
    );
    expect(data.errors[2]!.message).toContain('no longer an active member');
    expect(data.errors[3]!.message).toContain('use their e-mail');
    expect(data.errors[4]!.message).toContain('past the year 9999');
  });

  it('follows a mapping the person chose, and refuses one naming a column or sheet the file lacks', async () => {
    const file = csvFile(['Name,Who,Notes', `Call the bank,${owner.user.email},Before Friday`]);
    const chosen = await preview(
      member,
      'issues',
      { teamId, mapping: JSON.stringify({ columns: { title: 'Name', owner: 'Who', description: 'Notes' } }) },
      file,
    );
    expect(chosen.statusCode).toBe(200);
    expect(bodyOf<{ data: ImportPreview }>(chosen).data.rows[0]!.values).toMatchObject({
      title: 'Call the bank',
      owner: owner.user.email,
      description: 'Before Friday',
    });
    for (const [mapping, code] of [
      [{ columns: { title: 'Missing' } }, 'import.unknown_column'],
      [{ sheet: 'Nope' }, 'import.unknown_sheet'],
      [{ columns: { level: 'Name' } }, 'request.invalid'],
      [{ milestoneSheet: 'Name' }, 'request.invalid'],
      [{ columns: { title: 'Name' }, extra: true }, 'request.invalid'],
    ] as const) {
      const response = await preview(member, 'issues', { teamId, mapping: JSON.stringify(mapping) }, file);
      expect(response.statusCode).toBe(400);
      expect(bodyOf<{ code: string }>(response).code).toBe(code);
    }
  });

  it('answers 400 for a bad form: no file, a wrong field, a bad team id, malformed mapping JSON, an unknown kind', async () => {
    expect((await sendImport(context, member, 'issues/preview', importForm({ teamId }, null))).statusCode).toBe(400);
    const wrongField = importForm({ teamId }, { ...csvFile(['Title', 'x']), field: 'upload' });
    expect((await sendImport(context, member, 'issues/preview', wrongField)).statusCode).toBe(400);
    expect((await preview(member, 'issues', { teamId: 'not-a-uuid' })).statusCode).toBe(400);
    expect((await preview(member, 'issues', { teamId, mapping: '{"columns":' })).statusCode).toBe(400);
    expect((await preview(member, 'issues', { teamId, unknown: 'x' })).statusCode).toBe(400);
    expect((await preview(member, 'headlines', { teamId })).statusCode).toBe(400);
  });

  it('answers clearly for files that are not spreadsheets, empty, or not multipart at all', async () => {
    const png = { name: 'photo.png', content: Buffer.from('89504e470d0a1a0a0000000d4948445200', 'hex') };
    const notSheet = await preview(member, 'issues', { teamId }, png);
    expect(notSheet.statusCode).toBe(415);
    expect(bodyOf<{ error: string }>(notSheet).error).toBe('This file is not a CSV or Excel (.xlsx) workbook.');
    expect(
      (await preview(member, 'issues', { teamId }, { name: 'empty.csv', content: Buffer.alloc(0) })).statusCode,
    ).toBe(400);
    const json = await context.app.inject({
      method: 'POST',
      url: `/api/v1/organizations/${owner.user.organizationId}/imports/issues/preview`,
      headers: { authorization: `Bearer ${member.accessToken}`, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(json.statusCode).toBe(415);
  });

  it('answers 401 without a token, 403 to observers and to members previewing to-dos', async () => {
    expect((await preview(null, 'issues', { teamId })).statusCode).toBe(401);
    expect((await preview(observer, 'issues', { teamId })).statusCode).toBe(403);
    expect((await preview(observer, 'priorities', { teamId })).statusCode).toBe(403);
    expect((await preview(member, 'todos', { teamId })).statusCode).toBe(403);
    expect(
      (await preview(admin, 'todos', { teamId, mapping: JSON.stringify({ columns: { owner: null } }) })).statusCode,
    ).toBe(200);
  });

  it('answers 404 for another organization, and for another organization’s team', async () => {
    const foreignPath = await context.app.inject({
      method: 'POST',
      url: `/api/v1/organizations/${other.user.organizationId}/imports/issues/preview`,
      headers: {
        authorization: `Bearer ${member.accessToken}`,
        ...importForm({ teamId }, csvFile(['Title', 'x'])).headers,
      },
      payload: importForm({ teamId }, csvFile(['Title', 'x'])).payload,
    });
    expect(foreignPath.statusCode).toBe(404);
    expect((await preview(member, 'issues', { teamId: otherTeamId })).statusCode).toBe(404);
  });
});
