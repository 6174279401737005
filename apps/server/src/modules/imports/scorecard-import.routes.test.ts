import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  periodStartOf,
  shiftPeriod,
  todayIn,
  type ScorecardImportMapping,
  type ScorecardImportPreview,
  type ScorecardImportResult,
  type Session,
} from '@keel/contract';
import { importForm, sendImport } from '../../test-support/imports-fixture.js';
import { addTeam, useTeamSuite } from '../../test-support/team-fixtures.js';
import { addMember, auditEvents, bodyOf, queryAsOwner } from '../../test-support/test-app.js';

const { state: t } = useTeamSuite(['admin']);
let admin: Session;
/** The organization's last four weeks, oldest first (the current one last). */
let weeks: string[];
let importTeamId: string;

beforeAll(async () => {
  admin = t.members.admin;
  const [organization] = await queryAsOwner<{ timezone: string; week_start_day: number }>(
    t.context.database,
    `select timezone, week_start_day from organizations where id = '${t.orgId}'`,
  );
  const calendar = { weekStartDay: organization!.week_start_day, fiscalYearStartMonth: 1 };
  const current = periodStartOf(todayIn(organization!.timezone), 'weekly', calendar);
  weeks = [-3, -2, -1, 0].map((count) => shiftPeriod(current, 'weekly', count, calendar));
  importTeamId = await addTeam(t.context, t.owner, 'Imported');
  // The team already has a group named Sales: the import reuses it.
  await queryAsOwner(
    t.context.database,
    `insert into measurable_groups (organization_id, team_id, name, position) values ('${t.orgId}', '${importTeamId}', 'Sales', 0)`,
  );
});

const asDate = (iso: string) => new Date(`${iso}T00:00:00Z`);
const usDate = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

/** Ninety's scorecard export: date cells for the first weeks, US date text for the last, values as typed. */
async function ninetyWorkbook(rows: (string | number | null)[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Scorecard');
  sheet.addRow([
    'Group',
    'Status',
    'Title',
    'Description',
    'Owner',
    'Goal',
    'Average',
    asDate(weeks[0]!),
    asDate(weeks[1]!),
    usDate(weeks[2]!),
    usDate(weeks[3]!),
  ]);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

const send = (
  session: Session | null,
  path: '' | '/preview',
  file: { name: string; content: Buffer },
  fields: { teamId?: string; mapping?: ScorecardImportMapping } = {},
  org?: string,
) => {
  const form: Record<string, string> = { teamId: fields.teamId ?? importTeamId };
  if (fields.mapping) form.mapping = JSON.stringify(fields.mapping);
  const body = importForm(form, file);
  if (org) {
    return t.context.app.inject({
      method: 'POST',
      url: `/api/v1/organizations/${org}/imports/scorecard${path}`,
      headers: { ...(session ? { authorization: `Bearer ${session.accessToken}` } : {}), ...body.headers },
      payload: body.payload,
    });
  }
  return sendImport(t.context, session, `scorecard${path}`, body);
};

const ninetyRows = () => [
  [
    'Sales',
    'Active',
    'Revenue',
    'Booked revenue',
    t.owner.user.email,
    '>= $1,000',
    '$1,100',
    '$1,200',
    '$900',
    '',
    '$1,500',
  ],
  ['Sales', 'Active', 'Close rate', '', t.owner.user.email, '>= 50%', '45%', '40%', '50%', '60%', ''],
  ['Operations', 'Active', 'Audit passed', '', 'Sam Stranger', '= 1', '', 'Yes', 'No', '', ''],
  ['Operations', 'Active', 'Broken cells', '', t.owner.user.email, '<= 5', '', 'abc', '50%%', '1e308', ''],
  ['', 'Active', 'Odd goal', '', t.owner.user.email, 'more please', '', '1', '', '', ''],
];

describe('scorecard import preview', () => {
  it("reads Ninety's export: layout, weeks, goals, units, owners, and every row's and cell's problems", async () => {
    const response = await send(admin, '/preview', {
      name: 'ninety.xlsx',
      content: await ninetyWorkbook(ninetyRows()),
    });
    expect(response.statusCode).toBe(200);
    const preview = bodyOf<{ data: ScorecardImportPreview }>(response).data;
    expect(preview).toMatchObject({
      format: 'xlsx',
      layout: 'ninety',
      frequency: 'weekly',
      frequencySource: 'columns',
      totalRows: 5,
      importableRows: 2,
      valueCount: 6,
      newGroups: [],
      ignoredColumns: ['Status', 'Average'],
    });
    expect(preview.periods.map((period) => period.periodStart)).toEqual(weeks);
    const byTitle = new Map(preview.rows.map((row) => [row.title, row]));
    expect(byTitle.get('Revenue')).toMatchObject({
      unit: 'currency',
      currencyCode: 'USD',
      goal: { operator: '>=', value: 1000 },
      valueCount: 3,
      ownerMatch: 'member',
      importable: true,
    });
    expect(byTitle.get('Close rate')).toMatchObject({
      unit: 'percent',
      goal: { operator: '>=', value: 50 },
      valueCount: 3,
    });
    expect(byTitle.get('Audit passed')).toMatchObject({ unit: 'yes_no', ownerMatch: 'unmatched', importable: false });
    expect(preview.unmatchedOwners).toEqual([
      {
        name: 'Sam Stranger',
        message: 'No member of this organization is named or has the e-mail "Sam Stranger"',
        rows: 1,
      },
    ]);
    const problems = preview.errors.map(({ rowNumber, field, message }) => ({ rowNumber, field, message }));
    // A "%" among the values makes the row a percentage: each bad cell says so, by the column's header.
    const percent = 'Type a percentage, such as 12.5 or 12.5%';
    expect(problems).toEqual([
      {
        rowNumber: 4,
        field: 'owner',
        message: 'No member of this organization is named or has the e-mail "Sam Stranger"',
      },
      { rowNumber: 5, field: weeks[0], message: percent },
      { rowNumber: 5, field: weeks[1], message: percent },
      { rowNumber: 5, field: usDate(weeks[2]!), message: percent },
      {
        rowNumber: 6,
        field: 'goal',
        message: '"more please" is not a goal this import reads; write it like >= 50% or between 10 and 20',
      },
    ]);
    expect(preview.errorCount).toBe(5);
  });

  it('follows the owner chosen for an unknown name', async () => {
    const mapping = { owners: { 'sam stranger': t.member.user.id } };
    const preview = bodyOf<{ data: ScorecardImportPreview }>(
      await send(admin, '/preview', { name: 'ninety.xlsx', content: await ninetyWorkbook(ninetyRows()) }, { mapping }),
    ).data;
    expect(preview.rows.find((row) => row.title === 'Audit passed')).toMatchObject({
      ownerMatch: 'chosen',
      ownerId: t.member.user.id,
      importable: true,
    });
    expect(preview.newGroups).toEqual(['Operations']);
  });
  it('reads percentages and times that Excel keeps as fractions, and refuses numbers out of range', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Numbers');
    sheet.addRow(['Title', 'Owner', 'Goal', asDate(weeks[0]!), asDate(weeks[1]!)]);
    const percent = sheet.addRow(['Win rate', t.owner.user.email, '>= 50%', 0.55, 0.4]);
    percent.getCell(4).numFmt = '0%';
    percent.getCell(5).numFmt = '0%';
    const time = sheet.addRow(['Call time', t.owner.user.email, '<= 2:00', 90 / 1440, 150 / 1440]);
    time.getCell(4).numFmt = '[h]:mm';
    time.getCell(5).numFmt = '[h]:mm';
    sheet.addRow(['Huge', t.owner.user.email, '<= 5', '1e308', 'twelve']);
    const content = Buffer.from(await book.xlsx.writeBuffer());
    const preview = bodyOf<{ data: ScorecardImportPreview }>(
      await send(admin, '/preview', { name: 'numbers.xlsx', content }),
    ).data;
    expect(
      preview.rows.map(({ title, unit, valueCount, importable }) => ({ title, unit, valueCount, importable })),
    ).toEqual([
      { title: 'Win rate', unit: 'percent', valueCount: 2, importable: true },
      { title: 'Call time', unit: 'time', valueCount: 2, importable: true },
      { title: 'Huge', unit: 'number', valueCount: 0, importable: false },
    ]);
    expect(preview.errors.map(({ rowNumber, field, message }) => ({ rowNumber, field, message }))).toEqual([
      { rowNumber: 4, field: weeks[0], message: 'Type a number, such as 1,250.5' },
      { rowNumber: 4, field: weeks[1], message: 'Type a number, such as 1,250.5' },
    ]);

    await send(admin, '', { name: 'numbers.xlsx', content });
    const values = await queryAsOwner<{ title: string; value: number }>(
      t.context.database,
      `select m.title, s.value from measurable_scores s join measurables m on m.id = s.measurable_id
        where m.team_id = '${importTeamId}' and m.title in ('Win rate', 'Call time') order by m.title, s.period_start`,
    );
    expect(values).toEqual([
      { title: 'Call time', value: 90 },
      { title: 'Call time', value: 150 },
      { title: 'Win rate', value: 55 },
      { title: 'Win rate', value: 40 },
    ]);
  });
});

describe('scorecard import', () => {
  it('writes groups, measurables from their first value and values with the imported goal, in one go', async () => {
    const mapping = { owners: { 'sam stranger': t.member.user.id } };
    const response = await send(
      admin,
      '',
      { name: 'ninety.xlsx', content: await ninetyWorkbook(ninetyRows()) },
      { mapping },
    );
    expect(response.statusCode).toBe(201);
    const result = bodyOf<{ data: ScorecardImportResult }>(response).data;
    expect(result).toMatchObject({
      teamId: importTeamId,
      frequency: 'weekly',
      created: 3,
      groupsCreated: 1,
      values: 8,
      skippedRows: 2,
    });
    expect(result.skipped.map((problem) => problem.rowNumber)).toEqual([5, 5, 5, 6]);

    const measurables = await queryAsOwner<Record<string, unknown>>(
      t.context.database,
      `select m.title, g.name as group_name, m.unit, m.currency_code, m.goal_operator, m.goal_value, m.starts_on::text,
              m.owner_id, m.frequency, m.kind
         from measurables m left join measurable_groups g on g.id = m.group_id
        where m.team_id = '${importTeamId}' and m.title in ('Audit passed', 'Close rate', 'Revenue') order by m.title`,
    );
    expect(measurables).toEqual([
      expect.objectContaining({
        title: 'Audit passed',
        group_name: 'Operations',
        unit: 'yes_no',
        starts_on: weeks[0],
        owner_id: t.member.user.id,
      }),
      expect.objectContaining({
        title: 'Close rate',
        group_name: 'Sales',
        unit: 'percent',
        goal_operator: '>=',
        goal_value: 50,
        starts_on: weeks[0],
      }),
      expect.objectContaining({
        title: 'Revenue',
        group_name: 'Sales',
        unit: 'currency',
        currency_code: 'USD',
        starts_on: weeks[0],
        kind: 'manual',
      }),
    ]);
    const groups = await queryAsOwner<{ name: string }>(
      t.context.database,
      `select name from measurable_groups where team_id = '${importTeamId}' order by position`,
    );
    expect(groups.map((group) => group.name)).toEqual(['Sales', 'Operations']);
    const scores = await queryAsOwner<{
      period_start: string;
      value: number;
      goal_operator: string;
      goal_value: number;
    }>(
      t.context.database,
      `select s.period_start::text, s.value, s.goal_operator, s.goal_value from measurable_scores s
         join measurables m on m.id = s.measurable_id where m.title = 'Revenue' and m.team_id = '${importTeamId}' order by 1`,
    );
    expect(scores).toEqual([
      { period_start: weeks[0], value: 1200, goal_operator: '>=', goal_value: 1000 },
      { period_start: weeks[1], value: 900, goal_operator: '>=', goal_value: 1000 },
      { period_start: weeks[3], value: 1500, goal_operator: '>=', goal_value: 1000 },
    ]);
    const events = await auditEvents(t.context.database, 'import.scorecard');
    const event = events.find((candidate) => candidate.summary?.fileName === 'ninety.xlsx');
    expect(event?.summary).toMatchObject({ created: 3, values: 8, groupsCreated: 1, skippedRows: 2 });
  });

  it('reads a plain CSV of monthly numbers with a Unit column', async () => {
    const content = Buffer.from(
      [
        'Title,Owner,Goal,Unit,Frequency,Aug 2026,Sep 2026,Oct 2026',
        `Cash,${t.owner.user.email},>= 10000,EUR,monthly,"12,000",9500,11000`,
        `Hours billed,${t.owner.user.email},>= 100:00,,monthly,120:30,99:15,`,
      ].join('\n'),
    );
    const response = await send(admin, '', { name: 'plain.csv', content });
    expect(response.statusCode).toBe(201);
    expect(bodyOf<{ data: ScorecardImportResult }>(response).data).toMatchObject({
      frequency: 'monthly',
      created: 2,
      values: 5,
    });
    const rows = await queryAsOwner<{
      title: string;
      unit: string;
      currency_code: string | null;
      frequency: string;
      starts_on: string;
    }>(
      t.context.database,
      `select title, unit, currency_code, frequency, starts_on::text from measurables
        where team_id = '${importTeamId}' and frequency = 'monthly' order by title`,
    );
    expect(rows).toEqual([
      { title: 'Cash', unit: 'currency', currency_code: 'EUR', frequency: 'monthly', starts_on: '2026-08-01' },
      { title: 'Hours billed', unit: 'time', currency_code: null, frequency: 'monthly', starts_on: '2026-08-01' },
    ]);
    const [hours] = await queryAsOwner<{ value: number }>(
      t.context.database,
      `select s.value from measurable_scores s join measurables m on m.id = s.measurable_id
        where m.title = 'Hours billed' and s.period_start = '2026-08-01'`,
    );
    expect(hours?.value).toBe(7230);
  });

  it('refuses a file with no row to import, and a file that only claims to be a workbook', async () => {
    const none = await send(admin, '', { name: 'bad.csv', content: Buffer.from('Title,Owner,Goal\nNo owner,,>= 1\n') });
    expect(none.statusCode).toBe(400);
    expect(bodyOf<{ code: string }>(none).code).toBe('import.invalid_rows');
    const fake = await send(admin, '/preview', {
      name: 'numbers.xlsx',
      content: Buffer.from('PK\u0003\u0004 this is not a zip'),
    });
    expect(fake.statusCode).toBe(400);
    expect(bodyOf<{ code: string }>(fake).code).toBe('spreadsheet.unreadable');
  });
});

describe('scorecard import access', () => {
  const file = () => ({ name: 'plain.csv', content: Buffer.from(`Title,Owner\nOne,${t.owner.user.email}\n`) });

  it('asks for sign-in, a team id, an administrator and a team of the organization', async () => {
    expect((await send(null, '/preview', file(), {}, t.orgId)).statusCode).toBe(401);
    const noTeam = importForm({}, file());
    expect((await sendImport(t.context, admin, 'scorecard/preview', noTeam)).statusCode).toBe(400);
    const badMapping = importForm({ teamId: importTeamId, mapping: '{"frequency":"daily"}' }, file());
    expect((await sendImport(t.context, admin, 'scorecard', badMapping)).statusCode).toBe(400);
    expect((await send(t.member, '/preview', file())).statusCode).toBe(403);
    expect((await send(t.observer, '', file())).statusCode).toBe(403);
    expect((await send(admin, '', file(), { teamId: t.otherTeamId })).statusCode).toBe(404);
    expect((await send(t.other, '/preview', file(), {}, t.orgId)).statusCode).toBe(404);
  });

  it('lets owners and administrators import', async () => {
    const salesId = await addTeam(t.context, t.owner, 'Sales team');
    const response = await send(t.owner, '', file(), { teamId: salesId });
    expect(response.statusCode).toBe(201);
    const another = await addMember(t.context, t.orgId, 'admin');
    expect((await send(another, '/preview', file(), { teamId: salesId })).statusCode).toBe(200);
  });
});
