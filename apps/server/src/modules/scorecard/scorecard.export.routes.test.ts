import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { periodStartOf, shiftPeriod, todayIn } from '@keel/contract';
import { useTeamSuite } from '../../test-support/team-fixtures.js';
import { bearer, expectDocumented, queryAsOwner } from '../../test-support/test-app.js';

const { state: t, call } = useTeamSuite();
/** The current week and the one before, of the organization's calendar. */
let thisWeek: string;
let lastWeek: string;

beforeAll(async () => {
  const [organization] = await queryAsOwner<{ timezone: string; week_start_day: number }>(
    t.context.database,
    `select timezone, week_start_day from organizations where id = '${t.orgId}'`,
  );
  const calendar = { weekStartDay: organization!.week_start_day, fiscalYearStartMonth: 1 };
  thisWeek = periodStartOf(todayIn(organization!.timezone), 'weekly', calendar);
  lastWeek = shiftPeriod(thisWeek, 'weekly', -1, calendar);
  const [revenue] = await queryAsOwner<{ id: string }>(
    t.context.database,
    `insert into measurables (organization_id, team_id, position, title, owner_id, frequency, unit, goal_operator, goal_value, starts_on)
     values ('${t.orgId}', '${t.teamId}', 0, 'Close rate', '${t.owner.user.id}', 'weekly', 'percent', '>=', 50, '2026-01-05')
     returning id`,
  );
  await queryAsOwner(
    t.context.database,
    `insert into measurable_scores (organization_id, measurable_id, period_start, value, note, goal_operator, goal_value)
     values ('${t.orgId}', '${revenue!.id}', '${lastWeek}', 40, 'Two deals slipped', '>=', 50)`,
  );
});

const exportOf = (session: Parameters<typeof call>[0], query: string, org?: string) =>
  call(session, 'GET', `/scorecard/export${query}`, undefined, org);

describe('GET /scorecard/export', () => {
  it('answers the grid as an .xlsx download that observers may take too', async () => {
    const response = await exportOf(t.observer, `?teamId=${t.teamId}&view=last_4_weeks`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="leadership[a-z-]*-scorecard-\d{4}-\d{2}-\d{2}\.xlsx"/,
    );

    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const headers = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(headers).toHaveLength(3 + 4 + 2);
    expect(headers.slice(0, 3)).toEqual(['Measurable', 'Owner', 'Goal']);
    // Each week is headed by its first day, a date cell, so the file reads back with its year.
    expect(headers[3 + 2]).toEqual(new Date(`${lastWeek}T00:00:00.000Z`));
    expect(headers.at(-2)).toBe('4-Week Average');
    const line = sheet.getRow(2);
    expect(line.getCell(1).value).toBe('Close rate');
    expect(line.getCell(3).value).toBe('≥ 50%');
    // Last week is the third of four columns: 40% against ≥ 50%, red, with its note.
    const cell = line.getCell(3 + 3);
    expect([cell.value, cell.numFmt]).toEqual([0.4, '0%']);
    expect((cell.fill as ExcelJS.FillPattern).fgColor?.argb).toBe('FFFFC7CE');
    const note = cell.note as string | { texts: { text: string }[] };
    expect(typeof note === 'string' ? note : note.texts.map((part) => part.text).join('')).toContain(
      'Two deals slipped',
    );
    // This week has no number yet: grey.
    expect((line.getCell(3 + 4).fill as ExcelJS.FillPattern).fgColor?.argb).toBe('FFE7E6E6');
  });

  it('asks for sign-in and a team id, and hides other organizations', async () => {
    expect((await exportOf(null, `?teamId=${t.teamId}`)).statusCode).toBe(401);
    expect((await exportOf(t.member, '')).statusCode).toBe(400);
    expect((await exportOf(t.member, `?teamId=${t.teamId}&view=yearly`)).statusCode).toBe(400);
    expect((await exportOf(t.member, `?teamId=${t.otherTeamId}`)).statusCode).toBe(404);
    const foreign = await t.context.app.inject({
      method: 'GET',
      url: `/api/v1/organizations/${t.orgId}/scorecard/export?teamId=${t.teamId}`,
      headers: bearer(t.other),
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('is in the OpenAPI document', async () => {
    await expectDocumented(t.context, [
      '/api/v1/organizations/{organizationId}/scorecard/export',
      '/api/v1/organizations/{organizationId}/imports/scorecard',
      '/api/v1/organizations/{organizationId}/imports/scorecard/preview',
    ]);
  });
});
