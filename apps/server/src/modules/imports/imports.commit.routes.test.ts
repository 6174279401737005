import { describe, expect, it } from 'vitest';
import type { ImportResult, ImportStreamLine } from '@keel/contract';
import { csvFile, importForm, ninetyRocksWorkbook, useImportsSuite } from '../../test-support/imports-fixture.js';
import { bodyOf, queryAsOwner } from '../../test-support/test-app.js';

const { state: t, commit } = useImportsSuite();

const count = async (table: string) =>
  Number(
    (
      await queryAsOwner<{ n: string }>(
        t.context.database,
        `select count(*) as n from ${table} where organization_id = '${t.owner.user.organizationId}'`,
      )
    )[0]!.n,
  );

describe('POST /organizations/{id}/imports/todos', () => {
  it('imports to-dos as the screen creates them: one per owner, done ones done, default due date', async () => {
    const file = csvFile([
      'Title,Description,Owner(s),Due Date,Completed On,Team,Created Date',
      `Send invoices,Monthly,${t.owner.user.email},2026-04-10,,,2026-01-05`,
      `"Plan offsite","",${t.owner.user.email}; ${t.member.user.email},,03/02/2026,Sales,`,
      `<script>alert(1)</script>,,Ada Lovelace,,,,`,
    ]);
    const response = await commit(t.admin, 'todos', file);
    expect(response.statusCode).toBe(201);
    expect(bodyOf<{ data: ImportResult }>(response).data).toMatchObject({
      kind: 'todos',
      created: 4,
      milestones: 0,
    });
    expect(new Set(bodyOf<{ data: ImportResult }>(response).data.teamIds)).toEqual(new Set([t.teamId, t.salesId]));
    const rows = await queryAsOwner<Record<string, unknown>>(
      t.context.database,
      `select title, details, owner_id, team_id, due_date::text as due, status, done_at, group_id, created_by_id, version, is_private, created_at::date::text as created
       from todos where organization_id = '${t.owner.user.organizationId}' order by title, owner_id`,
    );
    const invoice = rows.find((row) => row.title === 'Send invoices')!;
    expect(invoice).toMatchObject({
      details: 'Monthly',
      due: '2026-04-10',
      status: 'open',
      done_at: null,
      group_id: null,
      version: 1,
      is_private: false,
      created: '2026-01-05',
      created_by_id: t.admin.user.id,
      team_id: t.teamId,
    });
    const offsite = rows.filter((row) => row.title === 'Plan offsite');
    expect(offsite).toHaveLength(2);
    expect(offsite.every((row) => row.status === 'done' && row.done_at !== null && row.team_id === t.salesId)).toBe(
      true,
    );
    expect(offsite[0]!.group_id).not.toBeNull();
    expect(offsite[0]!.group_id).toBe(offsite[1]!.group_id);
    expect(rows.some((row) => row.title === '<script>alert(1)</script>')).toBe(true);
    const audit = await queryAsOwner(
      t.context.database,
      `select summary from audit_events where action = 'import.todos'`,
    );
    expect(audit).toHaveLength(1);
  });

  it('imports the good rows and leaves out a bad one, saying which and why', async () => {
    const before = await count('todos');
    const file = csvFile([
      'Title,Owner',
      `Fine,${t.owner.user.email}`,
      `Foreign owner,${t.other.user.email}`,
      `Also fine,${t.owner.user.email}`,
    ]);
    const response = await commit(t.admin, 'todos', file);
    expect(response.statusCode).toBe(201);
    const { data } = bodyOf<{ data: ImportResult }>(response);
    expect(data).toMatchObject({ created: 2, skippedRows: 1, skippedMilestones: 0 });
    expect(data.skipped).toEqual([
      {
        sheet: 'import',
        rowNumber: 3,
        field: 'owner',
        message: `No member of this organization is named or has the e-mail "${t.other.user.email}"`,
      },
    ]);
    expect(await count('todos')).toBe(before + 2);
  });

  it('writes nothing when no row can be imported, and says why for each', async () => {
    const before = await count('todos');
    const file = csvFile(['Title,Owner', `Foreign owner,${t.other.user.email}`, `,${t.owner.user.email}`]);
    const response = await commit(t.admin, 'todos', file);
    expect(response.statusCode).toBe(400);
    const body = bodyOf<{ code: string; error: string; details: { path: string; message: string }[] }>(response);
    expect(body.code).toBe('import.invalid_rows');
    expect(body.error).toContain('No row can be imported');
    expect(body.details.map((detail) => detail.path)).toEqual(['import!2.owner', 'import!3.title']);
    expect(await count('todos')).toBe(before);
  });

  it('imports 10,000 to-dos in one transaction (its speed: bench/import-load.mjs)', async () => {
    const before = await count('todos');
    const lines = ['Title,Owner,Due Date'];
    for (let index = 0; index < 10_000; index += 1) lines.push(`Task ${index},${t.owner.user.email},2026-06-01`);
    const response = await commit(t.admin, 'todos', csvFile(lines));
    expect(response.statusCode).toBe(201);
    expect(await count('todos')).toBe(before + 10_000);
  });

  it('streams progress then the result when asked for NDJSON, and an error line for a bad file', async () => {
    const lines = ['Title,Owner'];
    for (let index = 0; index < 2500; index += 1) lines.push(`Streamed ${index},${t.owner.user.email}`);
    const response = await commit(t.admin, 'todos', csvFile(lines), { accept: 'application/x-ndjson' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/x-ndjson');
    const parsed = response.body
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as ImportStreamLine);
    const stages = parsed.flatMap((line) => (line.type === 'progress' ? [line.stage] : []));
    expect(new Set(stages)).toEqual(new Set(['reading', 'checking', 'writing']));
    expect(parsed.filter((line) => line.type === 'progress' && line.stage === 'writing').at(-1)).toEqual({
      type: 'progress',
      stage: 'writing',
      done: 2500,
      total: 2500,
    });
    expect(parsed.at(-1)).toMatchObject({ type: 'result', data: { kind: 'todos', created: 2500 } });

    const bad = await commit(t.admin, 'todos', csvFile(['Title,Owner', `,${t.owner.user.email}`]), {
      accept: 'application/x-ndjson',
    });
    expect(JSON.parse(bad.body.trim().split('\n').at(-1)!)).toMatchObject({
      type: 'error',
      status: 400,
      code: 'import.invalid_rows',
      details: [{ path: 'import!2.title', message: 'Title is required' }],
    });
  });

  it('answers 401, 403 to members and observers, 404 for another organization, 413 over 10 MB', async () => {
    const file = csvFile(['Title,Owner', `x,${t.owner.user.email}`]);
    expect((await commit(null, 'todos', file)).statusCode).toBe(401);
    expect((await commit(t.member, 'todos', file)).statusCode).toBe(403);
    expect((await commit(t.observer, 'todos', file)).statusCode).toBe(403);
    const foreign = importForm({ teamId: t.teamId }, file);
    const response = await t.context.app.inject({
      method: 'POST',
      url: `/api/v1/organizations/${t.other.user.organizationId}/imports/todos`,
      headers: { authorization: `Bearer ${t.admin.accessToken}`, ...foreign.headers },
      payload: foreign.payload,
    });
    expect(response.statusCode).toBe(404);
    const huge = await commit(t.admin, 'todos', {
      name: 'huge.csv',
      content: Buffer.alloc(10 * 1024 * 1024 + 10, 0x41),
    });
    expect(huge.statusCode).toBe(413);
    expect(bodyOf<{ error: string }>(huge).error).toBe(
      'This file is larger than 10 MB. Split it and import each part.',
    );
  });
});

describe('POST /organizations/{id}/imports/priorities', () => {
  it('imports a Ninety rocks workbook with its milestones, status, level and quarter', async () => {
    const content = await ninetyRocksWorkbook(
      [
        [
          'Launch v2',
          'Ship it',
          t.owner.user.email,
          new Date(Date.UTC(2026, 5, 30)),
          null,
          '2026-04-01',
          'Sales',
          'Company',
          'Off Track',
        ],
        ['Hire a CFO', '', 'Ada Lovelace', '2026-03-31', '2026-03-20', null, '', 'Individual', 'On Track'],
      ],
      [
        ['LAUNCH V2', 'Beta', t.member.user.email, '2026-05-01', '2026-05-02'],
        ['Launch v2', 'GA', '', '2026-06-15', null],
        ['Hire a CFO', 'Shortlist', '', null, null],
      ],
    );
    const response = await commit(t.member, 'priorities', { name: 'rocks.xlsx', content });
    expect(response.statusCode).toBe(201);
    expect(bodyOf<{ data: ImportResult }>(response).data).toMatchObject({ created: 2, milestones: 3 });
    const rows = await queryAsOwner<Record<string, unknown>>(
      t.context.database,
      `select p.title, p.scope, p.status, p.year, p.quarter, p.due_date::text as due, p.completed_at is not null as completed, p.team_id, p.version, p.progress_type,
              coalesce(json_agg(json_build_object('title', m.title, 'position', m.position, 'done', m.done, 'owner', m.owner_id) order by m.position) filter (where m.id is not null), '[]') as milestones
       from priorities p left join milestones m on m.priority_id = p.id
       where p.organization_id = '${t.owner.user.organizationId}' group by p.id order by p.title`,
    );
    expect(rows).toEqual([
      expect.objectContaining({
        title: 'Hire a CFO',
        scope: 'individual',
        status: 'complete',
        completed: true,
        year: 2026,
        quarter: 1,
        due: '2026-03-31',
        team_id: t.teamId,
        milestones: [{ title: 'Shortlist', position: 0, done: false, owner: t.owner.user.id }],
      }),
      expect.objectContaining({
        title: 'Launch v2',
        scope: 'company',
        status: 'off_track',
        completed: false,
        year: 2026,
        quarter: 2,
        team_id: t.salesId,
        version: 1,
        progress_type: 'status',
        milestones: [
          { title: 'Beta', position: 0, done: true, owner: t.member.user.id },
          { title: 'GA', position: 1, done: false, owner: t.owner.user.id },
        ],
      }),
    ]);
  });

  it('leaves out a milestone that names no rock of the file, and imports the rest', async () => {
    const before = await count('priorities');
    const content = await ninetyRocksWorkbook(
      [['Alone', '', t.owner.user.email, null, null, null, '', '', '']],
      [['Someone else’s rock', 'Orphan', '', null, null]],
    );
    const response = await commit(t.member, 'priorities', { name: 'rocks.xlsx', content });
    expect(response.statusCode).toBe(201);
    const { data } = bodyOf<{ data: ImportResult }>(response);
    expect(data).toMatchObject({ created: 1, milestones: 0, skippedRows: 0, skippedMilestones: 1 });
    expect(data.skipped).toEqual([
      {
        sheet: 'Milestones',
        rowNumber: 2,
        field: 'priority',
        message: 'No priority titled "Someone else’s rock" in this file',
      },
    ]);
    expect(await count('priorities')).toBe(before + 1);
  });

  it('answers 403 to observers and 401 without a token', async () => {
    const file = csvFile(['Title,Owner', `x,${t.owner.user.email}`]);
    expect((await commit(t.observer, 'priorities', file)).statusCode).toBe(403);
    expect((await commit(null, 'priorities', file)).statusCode).toBe(401);
  });
});

describe('POST /organizations/{id}/imports/issues', () => {
  it('imports a Ninety issues export: horizon from Priority, solved, archived, placed last in their list', async () => {
    await queryAsOwner(
      t.context.database,
      `insert into issues (organization_id, team_id, title, raised_by_id, position, priority_rank) values ('${t.owner.user.organizationId}', '${t.teamId}', 'Existing', '${t.owner.user.id}', 5, 1)`,
    );
    const file = csvFile([
      'Title,Owner,Description,Team,Priority,Created Date,Completed On,Archived Date',
      `Churn is up,${t.owner.user.email},Q2,,Long-Term,2026-01-02,,`,
      `Printer,,,,1,,,`,
      `Old one,Ada Lovelace,,,Short-Term,,2026-02-02,2026-02-03`,
      `Second,,,,2,,,`,
    ]);
    const response = await commit(t.member, 'issues', file);
    expect(response.statusCode).toBe(201);
    const rows = await queryAsOwner<Record<string, unknown>>(
      t.context.database,
      `select title, horizon, status, position, priority_rank as rank, solved_at is not null as solved, archived_at is not null as archived, raised_by_id, owner_id, version
       from issues where organization_id = '${t.owner.user.organizationId}' order by title`,
    );
    expect(rows).toEqual([
      expect.objectContaining({
        title: 'Churn is up',
        horizon: 'long_term',
        status: 'open',
        position: 1,
        rank: null,
        owner_id: t.owner.user.id,
        raised_by_id: t.member.user.id,
        version: 1,
      }),
      expect.objectContaining({ title: 'Existing', rank: 1 }),
      expect.objectContaining({ title: 'Old one', status: 'solved', solved: true, archived: true, rank: null }),
      // Rank 1 is held already: the imported one stays unranked rather than displacing it.
      expect.objectContaining({ title: 'Printer', horizon: 'short_term', position: 6, rank: null, owner_id: null }),
      expect.objectContaining({ title: 'Second', position: 7, rank: 2 }),
    ]);
  });

  it('answers 403 to observers', async () => {
    expect((await commit(t.observer, 'issues', csvFile(['Title', 'x']))).statusCode).toBe(403);
  });
});

describe('OpenAPI', () => {
  it('documents both import routes, the multipart form and the streamed answer', async () => {
    const response = await t.context.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    const { paths } = bodyOf<{ paths: Record<string, { post?: { description?: string; responses?: object } }> }>(
      response,
    );
    const commitPath = paths['/api/v1/organizations/{organizationId}/imports/{kind}']?.post;
    const previewPath = paths['/api/v1/organizations/{organizationId}/imports/{kind}/preview']?.post;
    expect(previewPath?.responses).toHaveProperty('200');
    expect(commitPath?.responses).toHaveProperty('201');
    expect(commitPath?.description).toContain('application/x-ndjson');
    expect(commitPath?.description).toContain('multipart/form-data');
  });
});
