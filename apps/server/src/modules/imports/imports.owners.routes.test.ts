import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { ImportPreview, ImportResult } from '@keel/contract';
import { csvFile, ninetyRocksWorkbook, useImportsSuite } from '../../test-support/imports-fixture.js';
import { bodyOf, queryAsOwner } from '../../test-support/test-app.js';

const { state: t, commit, preview } = useImportsSuite();

const prioritiesOf = (titlePrefix: string) =>
  queryAsOwner<{ title: string; owner_id: string; milestones: { title: string; done: boolean; owner: string }[] }>(
    t.context.database,
    `select p.title, p.owner_id,
            coalesce(json_agg(json_build_object('title', m.title, 'done', m.done, 'owner', m.owner_id) order by m.position) filter (where m.id is not null), '[]') as milestones
     from priorities p left join milestones m on m.priority_id = p.id
     where p.organization_id = '${t.owner.user.organizationId}' and p.title like '${titlePrefix}%' group by p.id order by p.title`,
  );

describe('owners that match no member', () => {
  it('previews every unknown owner once, with its rows, and follows the owners chosen for them', async () => {
    const content = await ninetyRocksWorkbook(
      [
        ['Preview known', '', t.owner.user.email, null, null, null, '', '', ''],
        ['Preview stranger', '', 'Sam Stranger', null, null, null, '', '', ''],
        ['Preview gone', '', 'pat@elsewhere.example', null, null, null, '', '', ''],
      ],
      [
        ['Preview stranger', 'Stranger step', '', null, null],
        ['Preview known', 'Known step', 'sam  stranger', null, null],
      ],
    );
    const file = { name: 'rocks.xlsx', content };
    const plain = bodyOf<{ data: ImportPreview }>(
      await preview(t.member, 'priorities', { teamId: t.teamId }, file),
    ).data;
    expect(plain.unmatchedOwners).toEqual([
      {
        name: 'Sam Stranger',
        message: 'No member of this organization is named or has the e-mail "Sam Stranger"',
        rows: 2,
      },
      {
        name: 'pat@elsewhere.example',
        message: 'No member of this organization is named or has the e-mail "pat@elsewhere.example"',
        rows: 1,
      },
    ]);
    expect(plain).toMatchObject({ totalRows: 3, importableRows: 1, importableMilestones: 0, errorCount: 4 });
    expect(plain.errors.find((error) => error.sheet === 'Milestones' && error.rowNumber === 2)?.message).toBe(
      'Left out with its priority (row 3), which has a problem',
    );

    const mapping = { owners: { 'SAM STRANGER': t.member.user.id, 'pat@elsewhere.example': null } };
    const chosen = bodyOf<{ data: ImportPreview }>(
      await preview(t.member, 'priorities', { teamId: t.teamId, mapping: JSON.stringify(mapping) }, file),
    ).data;
    // The chosen names stay listed (the screen keeps their choice), and their rows now import.
    expect(chosen.unmatchedOwners.map((owner) => owner.name)).toEqual(['Sam Stranger', 'pat@elsewhere.example']);
    expect(chosen).toMatchObject({ importableRows: 2, importableMilestones: 2, errorCount: 1 });
    expect(chosen.errors).toEqual([
      {
        sheet: 'Rocks',
        rowNumber: 4,
        field: 'owner',
        message: 'Left out, as chosen for the owner "pat@elsewhere.example"',
      },
    ]);

    const response = await commit(t.member, 'priorities', file, {}, mapping);
    expect(response.statusCode).toBe(201);
    const { data } = bodyOf<{ data: ImportResult }>(response);
    expect(data).toMatchObject({ created: 2, milestones: 2, skippedRows: 1, skippedMilestones: 0 });
    expect(data.skipped.map((row) => `${row.sheet}!${row.rowNumber}`)).toEqual(['Rocks!4']);
    expect(await prioritiesOf('Preview ')).toEqual([
      {
        title: 'Preview known',
        owner_id: t.owner.user.id,
        milestones: [{ title: 'Known step', done: false, owner: t.member.user.id }],
      },
      {
        title: 'Preview stranger',
        owner_id: t.member.user.id,
        milestones: [{ title: 'Stranger step', done: false, owner: t.member.user.id }],
      },
    ]);
  });

  it('refuses a file whose every owner is unknown, writing nothing, until an owner is chosen for each', async () => {
    const file = csvFile(['Title,Owner', 'Unowned one,Kim Nobody', 'Unowned two,lee@nowhere.example']);
    const count = async () =>
      (
        await queryAsOwner(
          t.context.database,
          `select id from issues where organization_id = '${t.owner.user.organizationId}' and title like 'Unowned%'`,
        )
      ).length;
    const refused = await commit(t.member, 'issues', file);
    expect(refused.statusCode).toBe(400);
    const body = bodyOf<{ code: string; error: string; details: { path: string; message: string }[] }>(refused);
    expect(body.code).toBe('import.invalid_rows');
    expect(body.error).toBe(
      'No row can be imported: 2 problems, listed below; nothing was imported. Choose owners for unknown names or fix the file, then try again.',
    );
    expect(body.details.map((detail) => detail.path)).toEqual(['import!2.owner', 'import!3.owner']);
    expect(await count()).toBe(0);

    const allToOwner = { owners: { 'Kim Nobody': t.owner.user.id, 'lee@nowhere.example': t.owner.user.id } };
    const imported = await commit(t.member, 'issues', file, {}, allToOwner);
    expect(imported.statusCode).toBe(201);
    expect(bodyOf<{ data: ImportResult }>(imported).data).toMatchObject({ created: 2, skippedRows: 0, skipped: [] });
    const owners = await queryAsOwner<{ owner_id: string }>(
      t.context.database,
      `select owner_id from issues where organization_id = '${t.owner.user.organizationId}' and title like 'Unowned%'`,
    );
    expect(owners.map((row) => row.owner_id)).toEqual([t.owner.user.id, t.owner.user.id]);
  });

  it('refuses an owner choice that is not an active member of the organization', async () => {
    const file = csvFile(['Title,Owner', 'Chosen badly,Kim Nobody']);
    for (const userId of [t.other.user.id, '00000000-0000-4000-8000-000000000001']) {
      const response = await commit(t.member, 'issues', file, {}, { owners: { 'Kim Nobody': userId } });
      expect(response.statusCode).toBe(400);
      expect(bodyOf<{ code: string; details: { path: string }[] }>(response)).toMatchObject({
        code: 'import.unknown_member',
        details: [{ path: 'mapping.owners.Kim Nobody' }],
      });
    }
    const malformed = await commit(t.member, 'issues', file, {}, { owners: { 'Kim Nobody': 'someone' } });
    expect(malformed.statusCode).toBe(400);
  });
});

describe('milestones sheet', () => {
  it('reads a Done column, and leaves out milestones it cannot read, saying why', async () => {
    const book = new ExcelJS.Workbook();
    const rocks = book.addWorksheet('Rocks');
    rocks.addRow(['Rock', 'Owner', 'Milestones']);
    rocks.addRow(['Done column rock', t.owner.user.email, '2']);
    const milestones = book.addWorksheet('Milestones');
    milestones.addRow(['Rock Name', 'Milestone', 'Due Date', 'Done']);
    milestones.addRow(['Done column rock', 'Finished', '2026-05-01', 'Done']);
    milestones.addRow(['Done column rock', 'Underway', '', 'No']);
    milestones.addRow(['Done column rock', 'Unclear', '', 'maybe']);
    const file = { name: 'rocks.xlsx', content: Buffer.from(await book.xlsx.writeBuffer()) };

    const previewed = bodyOf<{ data: ImportPreview }>(
      await preview(t.member, 'priorities', { teamId: t.teamId }, file),
    ).data;
    expect(previewed.mapping.milestoneColumns).toMatchObject({
      priority: 'Rock Name',
      title: 'Milestone',
      done: 'Done',
    });
    expect(previewed.mapping.columns.title).toBe('Rock');

    const response = await commit(t.member, 'priorities', file);
    expect(response.statusCode).toBe(201);
    const { data } = bodyOf<{ data: ImportResult }>(response);
    expect(data).toMatchObject({ created: 1, milestones: 2, skippedMilestones: 1 });
    expect(data.skipped).toEqual([
      {
        sheet: 'Milestones',
        rowNumber: 4,
        field: 'done',
        message: '"maybe" does not say whether it is done; use Done, or leave it empty when not',
      },
    ]);
    expect((await prioritiesOf('Done column rock'))[0]!.milestones).toEqual([
      { title: 'Finished', done: true, owner: t.owner.user.id },
      { title: 'Underway', done: false, owner: t.owner.user.id },
    ]);
  });
});
