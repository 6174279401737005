import { describe, expect, it } from 'vitest';
import type { ImportPreview } from '@keel/contract';
import {
  csvFile,
  importForm,
  ninetyRocksWorkbook,
  sendImport,
  useImportsSuite,
} from '../../test-support/imports-fixture.js';
import { bodyOf, queryAsOwner } from '../../test-support/test-app.js';

const { state: t, preview } = useImportsSuite();

describe('POST /organizations/{id}/imports/{kind}/preview', () => {
  it('reads a Ninety rocks workbook: suggested mapping, milestones sheet, first rows, no errors', async () => {
    const content = await ninetyRocksWorkbook(
      [
        [
          'Launch v2',
          'Ship it',
          t.owner.user.email,
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
    const response = await preview(t.member, 'priorities', { teamId: t.teamId }, { name: 'rocks.xlsx', content });
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
    expect(data.rows[0]!.values).toMatchObject({
      title: 'Launch v2',
      dueDate: '2026-03-31',
      owner: t.owner.user.email,
    });
  });

  it('checks every row and lists each problem with its row number and field', async () => {
    await queryAsOwner(
      t.context.database,
      `update memberships set status = 'deactivated' where user_id = '${t.admin.user.id}'`,
    );
    const lines = ['Title,Owner,Due Date,Team'];
    for (let index = 0; index < 30; index += 1) lines.push(`Fine ${index},${t.owner.user.email},2026-05-01,`);
    lines.push(
      `,${t.owner.user.email},,`,
      `Stranger,${t.other.user.email},,`,
      `Gone,${t.admin.user.email},,`,
      `Twin,Grace Hopper,,`,
      `Far,${t.owner.user.email},30000-01-01,`,
      `Nowhere,${t.owner.user.email},,Marketing`,
      `${'x'.repeat(301)},${t.owner.user.email},,`,
      `<script>alert(1)</script>,${t.owner.user.email},,sales`,
    );
    const response = await preview(t.owner, 'todos', { teamId: t.teamId }, csvFile(lines));
    await queryAsOwner(
      t.context.database,
      `update memberships set status = 'active' where user_id = '${t.admin.user.id}'`,
    );
    expect(response.statusCode).toBe(200);
    const { data } = bodyOf<{ data: ImportPreview }>(response);
    expect(data.totalRows).toBe(38);
    expect(data.rows).toHaveLength(20);
    expect(data.errors, JSON.stringify(data.errors)).toHaveLength(7);
    expect(data.errorCount).toBe(7);
    // Rows with a problem are left out; the rest would import.
    expect(data.importableRows).toBe(31);
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
      `No member of this organization is named or has the e-mail "${t.other.user.email}"`,
    );
    expect(data.errors[2]!.message).toContain('no longer an active member');
    expect(data.errors[3]!.message).toContain('use their e-mail');
    expect(data.errors[4]!.message).toContain('past the year 9999');
  });

  it('follows a mapping the person chose, and refuses one naming a column or sheet the file lacks', async () => {
    const file = csvFile(['Name,Who,Notes', `Call the bank,${t.owner.user.email},Before Friday`]);
    const chosen = await preview(
      t.member,
      'issues',
      { teamId: t.teamId, mapping: JSON.stringify({ columns: { title: 'Name', owner: 'Who', description: 'Notes' } }) },
      file,
    );
    expect(chosen.statusCode).toBe(200);
    expect(bodyOf<{ data: ImportPreview }>(chosen).data.rows[0]!.values).toMatchObject({
      title: 'Call the bank',
      owner: t.owner.user.email,
      description: 'Before Friday',
    });
    for (const [mapping, code] of [
      [{ columns: { title: 'Missing' } }, 'import.unknown_column'],
      [{ sheet: 'Nope' }, 'import.unknown_sheet'],
      [{ columns: { level: 'Name' } }, 'request.invalid'],
      [{ milestoneSheet: 'Name' }, 'request.invalid'],
      [{ columns: { title: 'Name' }, extra: true }, 'request.invalid'],
    ] as const) {
      const response = await preview(t.member, 'issues', { teamId: t.teamId, mapping: JSON.stringify(mapping) }, file);
      expect(response.statusCode).toBe(400);
      expect(bodyOf<{ code: string }>(response).code).toBe(code);
    }
  });

  it('answers 400 for a bad form: no file, a wrong field, a bad team id, malformed mapping JSON, an unknown kind', async () => {
    expect(
      (await sendImport(t.context, t.member, 'issues/preview', importForm({ teamId: t.teamId }, null))).statusCode,
    ).toBe(400);
    const wrongField = importForm({ teamId: t.teamId }, { ...csvFile(['Title', 'x']), field: 'upload' });
    expect((await sendImport(t.context, t.member, 'issues/preview', wrongField)).statusCode).toBe(400);
    expect((await preview(t.member, 'issues', { teamId: 'not-a-uuid' })).statusCode).toBe(400);
    expect((await preview(t.member, 'issues', { teamId: t.teamId, mapping: '{"columns":' })).statusCode).toBe(400);
    expect((await preview(t.member, 'issues', { teamId: t.teamId, unknown: 'x' })).statusCode).toBe(400);
    expect((await preview(t.member, 'headlines', { teamId: t.teamId })).statusCode).toBe(400);
  });

  it('answers clearly for files that are not spreadsheets, empty, or not multipart at all', async () => {
    const png = { name: 'photo.png', content: Buffer.from('89504e470d0a1a0a0000000d4948445200', 'hex') };
    const notSheet = await preview(t.member, 'issues', { teamId: t.teamId }, png);
    expect(notSheet.statusCode).toBe(415);
    expect(bodyOf<{ error: string }>(notSheet).error).toBe('This file is not a CSV or Excel (.xlsx) workbook.');
    expect(
      (await preview(t.member, 'issues', { teamId: t.teamId }, { name: 'empty.csv', content: Buffer.alloc(0) }))
        .statusCode,
    ).toBe(400);
    const json = await t.context.app.inject({
      method: 'POST',
      url: `/api/v1/organizations/${t.owner.user.organizationId}/imports/issues/preview`,
      headers: { authorization: `Bearer ${t.member.accessToken}`, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(json.statusCode).toBe(415);
  });

  it('answers 401 without a token, 403 to observers and to members previewing to-dos', async () => {
    expect((await preview(null, 'issues', { teamId: t.teamId })).statusCode).toBe(401);
    expect((await preview(t.observer, 'issues', { teamId: t.teamId })).statusCode).toBe(403);
    expect((await preview(t.observer, 'priorities', { teamId: t.teamId })).statusCode).toBe(403);
    expect((await preview(t.member, 'todos', { teamId: t.teamId })).statusCode).toBe(403);
    expect(
      (await preview(t.admin, 'todos', { teamId: t.teamId, mapping: JSON.stringify({ columns: { owner: null } }) }))
        .statusCode,
    ).toBe(200);
  });

  it('answers 404 for another organization, and for another organization’s team', async () => {
    const foreignPath = await t.context.app.inject({
      method: 'POST',
      url: `/api/v1/organizations/${t.other.user.organizationId}/imports/issues/preview`,
      headers: {
        authorization: `Bearer ${t.member.accessToken}`,
        ...importForm({ teamId: t.teamId }, csvFile(['Title', 'x'])).headers,
      },
      payload: importForm({ teamId: t.teamId }, csvFile(['Title', 'x'])).payload,
    });
    expect(foreignPath.statusCode).toBe(404);
    expect((await preview(t.member, 'issues', { teamId: t.otherTeamId })).statusCode).toBe(404);
  });
});
