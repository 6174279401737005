import { describe, expect, it } from 'vitest';
import type {
  Measurable,
  MeasurableGroup,
  ScorecardGrid,
  ScorecardImportPreview,
  ScorecardImportResult,
} from '@keel/contract';
import { importForm, sendImport } from '../../test-support/imports-fixture.js';
import { useScorecardFixture } from '../../test-support/scorecard-fixture.js';
import { bodyOf } from '../../test-support/test-app.js';

const { state: t, call, addTeam, week, createMeasurable, writeScore, readGrid } = useScorecardFixture();

const addGroup = async (teamId: string, name: string) => {
  const response = await call(t.owner, 'POST', '/measurable-groups', { teamId, name });
  expect(response.statusCode, response.body).toBe(201);
  return bodyOf<{ data: MeasurableGroup }>(response).data;
};

/** A team's grid as the import can carry it: per row its group, title, owner, goal, unit and values. */
function comparable(grid: ScorecardGrid) {
  const groupNames = new Map(grid.groups.map((group) => [group.id, group.name]));
  return grid.rows.map(({ measurable, cells }) => ({
    group: measurable.groupId ? groupNames.get(measurable.groupId) : null,
    title: measurable.title,
    ownerId: measurable.owner.id,
    goal: measurable.goal,
    unit: measurable.unit,
    currencyCode: measurable.currencyCode,
    decimals: measurable.decimals,
    values: cells.filter((cell) => cell.value !== null).map(({ periodStart, value }) => ({ periodStart, value })),
  }));
}

const importFile = (path: '' | '/preview', teamId: string, content: Buffer) =>
  sendImport(t.context, t.owner, `scorecard${path}`, importForm({ teamId }, { name: 'export.xlsx', content }));

describe('the scorecard export read back by the scorecard import', () => {
  it('brings titles, groups, owners, goals, units and every value per week into another team', async () => {
    const sales = await addGroup(t.teamId, 'Sales');
    const operations = await addGroup(t.teamId, 'Operations');
    const inTeam = (fields: Record<string, unknown>) => createMeasurable({ startsOn: week(-12), ...fields });
    const created: Measurable[] = [
      await inTeam({ title: 'Headcount', goal: { operator: '>=', value: 10 } }),
      await inTeam({
        title: 'Close rate',
        unit: 'percent',
        decimals: 1,
        groupId: sales.id,
        goal: { operator: '>=', value: 50, band: { kind: 'absolute', amount: 5 } },
      }),
      await inTeam({
        title: 'Revenue',
        unit: 'currency',
        currencyCode: 'EUR',
        decimals: 2,
        groupId: sales.id,
        goal: { operator: 'between', value: 1000, valueMax: 2000 },
      }),
      await inTeam({ title: 'Churn', unit: 'percent', decimals: 2, groupId: sales.id }),
      await inTeam({
        title: 'Call time',
        unit: 'time',
        groupId: operations.id,
        goal: { operator: '<=', value: 90 },
        ownerId: t.member.user.id,
      }),
      await inTeam({
        title: 'Audit passed',
        unit: 'yes_no',
        groupId: operations.id,
        goal: { operator: '=', value: 1 },
      }),
    ];
    const [headcount, closeRate, revenue, churn, callTime, audit] = created.map((measurable) => measurable.id);
    const values: [string | undefined, number, number][] = [
      [headcount, -3, 12],
      [headcount, -1, 9],
      [closeRate, -3, 45.5],
      [closeRate, -2, 60],
      [closeRate, 0, 52.3],
      [revenue, -2, 1200.5],
      [revenue, -1, 950],
      [churn, -3, 3.25],
      [churn, -1, 0],
      [callTime, -2, 75],
      [callTime, -1, 130],
      [audit, -3, 1],
      [audit, -2, 0],
    ];
    for (const [id, count, value] of values) await writeScore(id!, week(count), { value });
    // The goal changes after the first weeks were entered: those cells keep the old goal (a snapshot).
    const raised = await call(t.owner, 'PATCH', `/measurables/${closeRate}`, {
      goal: { operator: '>=', value: 55, band: { kind: 'absolute', amount: 5 } },
      version: created[1]!.version,
    });
    expect(raised.statusCode, raised.body).toBe(200);
    const source = await readGrid(`teamId=${t.teamId}`);
    expect(
      source.rows.find((row) => row.measurable.id === closeRate)?.cells.some((cell) => cell.goalSource === 'snapshot'),
    ).toBe(true);

    const exported = await call(t.owner, 'GET', `/scorecard/export?teamId=${t.teamId}`);
    expect(exported.statusCode).toBe(200);
    const file = exported.rawPayload;
    const copyTeamId = await addTeam('Copy of the scorecard');

    const previewed = await importFile('/preview', copyTeamId, file);
    expect(previewed.statusCode, previewed.body).toBe(200);
    const preview = bodyOf<{ data: ScorecardImportPreview }>(previewed).data;
    expect(preview).toMatchObject({
      format: 'xlsx',
      frequency: 'weekly',
      frequencySource: 'columns',
      columns: { title: 'Measurable', owner: 'Owner', goal: 'Goal', group: null },
      ignoredColumns: ['13-Week Average', 'Total'],
      totalRows: 6,
      importableRows: 6,
      valueCount: values.length,
      newGroups: ['Sales', 'Operations'],
      errorCount: 0,
      unmatchedOwners: [],
    });
    expect(preview.periods.map((period) => period.periodStart)).toEqual(source.periods.map((period) => period.start));
    expect(preview.rows.map((row) => [row.title, row.unit, row.currencyCode])).toEqual([
      ['Headcount', 'number', null],
      ['Close rate', 'percent', null],
      ['Revenue', 'currency', 'EUR'],
      ['Churn', 'percent', null],
      ['Call time', 'time', null],
      ['Audit passed', 'yes_no', null],
    ]);

    const committed = await importFile('', copyTeamId, file);
    expect(committed.statusCode, committed.body).toBe(201);
    expect(bodyOf<{ data: ScorecardImportResult }>(committed).data).toMatchObject({
      created: 6,
      groupsCreated: 2,
      values: values.length,
      skippedRows: 0,
    });

    const copy = await readGrid(`teamId=${copyTeamId}`);
    expect(copy.groups.map((group) => group.name)).toEqual(['Sales', 'Operations']);
    expect(comparable(copy)).toEqual(comparable(source));
    expect(comparable(copy).flatMap((row) => row.values)).toHaveLength(values.length);
  });
});
