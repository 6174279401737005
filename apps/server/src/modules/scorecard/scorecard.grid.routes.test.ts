import { describe, expect, it } from 'vitest';
import type { MyNumbers, ScorecardGrid, Todo } from '@keel/contract';
import type { ChangeEvent } from '../../realtime/change-bus.js';
import { useScorecardFixture } from '../../test-support/scorecard-fixture.js';
import { bodyOf } from '../../test-support/test-app.js';
import { statementCounter } from '../../test-support/test-database.js';
import { createScorecardService } from './scorecard.service.js';

const { state: t, call, addTeam, createMeasurable, writeScore, readGrid, rowOf, cellAt, week } = useScorecardFixture();

describe('GET /scorecard', () => {
  it('answers 13 weeks ending with the current one, with colours, average, total and sparkline', async () => {
    const team = await addTeam('Colours');
    const measurable = await createMeasurable({
      teamId: team,
      goal: { operator: '>=', value: 50, band: { kind: 'percent', amount: 10 } },
    });
    await writeScore(measurable.id, week(-2), { value: 60 });
    await writeScore(measurable.id, week(-1), { value: 46 });
    await writeScore(measurable.id, week(0), { value: 10 });
    const grid = await readGrid(`teamId=${team}`);
    expect(grid.periods).toHaveLength(13);
    expect(grid.periods.at(-1)).toMatchObject({ start: week(0), isCurrent: true });
    expect(grid.currentPeriodStart).toBe(week(0));
    expect(grid.canEdit).toBe(true);
    const row = rowOf(grid, measurable.id);
    expect(row.cells.map((cell) => cell.status).slice(-4)).toEqual(['missing', 'green', 'yellow', 'red']);
    expect(cellAt(grid, measurable.id, week(-3))).toMatchObject({
      value: null,
      source: 'none',
      version: 0,
      goalSource: 'current',
    });
    expect(cellAt(grid, measurable.id, week(-2))).not.toHaveProperty('goal');
    expect(row.average).toBeCloseTo(116 / 3);
    expect(row.averageStatus).toBe('red');
    expect(row.total).toBe(116);
    expect(row.sparkline).toHaveLength(13);
    expect(row.sparkline.slice(-3)).toEqual([60, 46, 10]);
  });

  it('serves an unchanged grid from the revision cache, and a typed number makes it be read again', async () => {
    const team = await addTeam('Cached');
    const measurable = await createMeasurable({ teamId: team, goal: { operator: '>=', value: 5 } });
    const get = () => call(t.owner, 'GET', `/scorecard?teamId=${team}`);
    expect((await get()).headers['x-keel-cache']).toBe('miss');
    expect((await get()).headers['x-keel-cache']).toBe('hit');
    await writeScore(measurable.id, week(0), { value: 7 });
    const fresh = await get();
    expect(fresh.headers['x-keel-cache']).toBe('miss');
    expect(cellAt(await readGrid(`teamId=${team}`), measurable.id, week(0))).toMatchObject({
      value: 7,
      status: 'green',
    });
  });

  it('keeps the goal a value was entered under: a goal change never recolours the past', async () => {
    const team = await addTeam('History');
    const measurable = await createMeasurable({ teamId: team, goal: { operator: '>=', value: 30 } });
    await writeScore(measurable.id, week(-1), { value: 40 });
    const changed = await call(t.owner, 'PATCH', `/measurables/${measurable.id}`, {
      goal: { operator: '>=', value: 50 },
      version: measurable.version,
    });
    expect(changed.statusCode).toBe(200);
    await writeScore(measurable.id, week(0), { value: 40 });
    const grid = await readGrid(`teamId=${team}`);
    expect(cellAt(grid, measurable.id, week(-1))).toMatchObject({
      status: 'green',
      goalSource: 'snapshot',
      goal: { operator: '>=', value: 30 },
    });
    expect(cellAt(grid, measurable.id, week(0))).toMatchObject({ status: 'red', goalSource: 'current' });
    expect(cellAt(grid, measurable.id, week(0))).not.toHaveProperty('goal');
  });

  it('colours a cell by the goal set for its period, over the snapshot', async () => {
    const team = await addTeam('Seasons');
    const measurable = await createMeasurable({ teamId: team, goal: { operator: '>=', value: 50 } });
    await writeScore(measurable.id, week(-1), { value: 60 });
    const set = await call(t.owner, 'PUT', `/measurables/${measurable.id}/goals/${week(-1)}`, {
      goal: { operator: '>=', value: 100 },
    });
    expect(set.statusCode).toBe(200);
    const grid = await readGrid(`teamId=${team}`);
    expect(cellAt(grid, measurable.id, week(-1))).toMatchObject({
      status: 'red',
      goalSource: 'period',
      goal: { operator: '>=', value: 100 },
    });
  });

  it('computes formula rows in dependency order, explains empty ones and marks overrides', async () => {
    const team = await addTeam('Formulas');
    const revenue = await createMeasurable({ teamId: team, title: 'Revenue' });
    const costs = await createMeasurable({ teamId: team, title: 'Costs' });
    const ratio = await createMeasurable({
      teamId: team,
      title: 'Ratio',
      kind: 'formula',
      formula: `{${revenue.id}} / {${costs.id}} * 100`,
      goal: { operator: '>=', value: 40 },
    });
    const plusOne = await createMeasurable({
      teamId: team,
      title: 'Ratio + 1',
      kind: 'formula',
      formula: `{${ratio.id}} + 1`,
    });
    await writeScore(revenue.id, week(-2), { value: 50 });
    await writeScore(costs.id, week(-2), { value: 100 });
    await writeScore(revenue.id, week(-1), { value: 50 });
    await writeScore(costs.id, week(-1), { value: 0 });
    await writeScore(costs.id, week(0), { value: 10 });
    let grid = await readGrid(`teamId=${team}`);
    expect(cellAt(grid, ratio.id, week(-2))).toMatchObject({ value: 50, source: 'computed', status: 'green' });
    expect(cellAt(grid, plusOne.id, week(-2))).toMatchObject({ value: 51, source: 'computed' });
    expect(cellAt(grid, ratio.id, week(-1))).toMatchObject({
      value: null,
      computeError: 'division_by_zero',
      status: 'missing',
    });
    expect(cellAt(grid, ratio.id, week(0))).toMatchObject({
      value: null,
      computeError: 'missing_inputs',
      missingInputIds: [revenue.id],
    });

    const override = await writeScore(ratio.id, week(-2), { value: 99, version: 0 });
    expect(override.cell).toMatchObject({ value: 99, source: 'override', version: 1 });
    grid = await readGrid(`teamId=${team}`);
    expect(cellAt(grid, ratio.id, week(-2))).toMatchObject({ value: 99, source: 'override' });
    expect(cellAt(grid, plusOne.id, week(-2))).toMatchObject({ value: 100 });

    const removed = await writeScore(ratio.id, week(-2), { value: null, version: 1 });
    expect(removed.cell).toMatchObject({ value: 50, source: 'computed', version: 0 });
  });

  it('sums a roll-up across two departments, shows its parts and tells the roll-up’s team when a part changes', async () => {
    const ops = await addTeam('Operations');
    const salesPart = await createMeasurable({
      teamId: t.departmentId,
      title: 'Sales revenue',
      ownerId: t.member.user.id,
    });
    const opsPart = await createMeasurable({ teamId: ops, title: 'Ops revenue' });
    const leadership = await addTeam('Board');
    const total = await createMeasurable({
      teamId: leadership,
      title: 'Company revenue',
      kind: 'rollup',
      rollup: { aggregation: 'sum', partIds: [salesPart.id, opsPart.id] },
      goal: { operator: '>=', value: 20 },
    });
    await writeScore(salesPart.id, week(-1), { value: 10 });
    await writeScore(opsPart.id, week(-1), { value: 5 });
    await writeScore(salesPart.id, week(0), { value: 30 });
    let grid = await readGrid(`teamId=${leadership}`);
    const row = rowOf(grid, total.id);
    expect(row.measurable.rollup).toEqual({ aggregation: 'sum', partIds: [salesPart.id, opsPart.id] });
    expect(cellAt(grid, total.id, week(-1))).toMatchObject({ value: 15, status: 'red', source: 'computed' });
    expect(cellAt(grid, total.id, week(0))).toMatchObject({
      value: null,
      computeError: 'missing_inputs',
      missingInputIds: [opsPart.id],
    });
    expect(row.parts?.map((part) => [part.title, part.teamName, part.ownerName])).toEqual([
      ['Sales revenue', 'Sales', salesPart.owner.name],
      ['Ops revenue', 'Operations', 'Ada Lovelace'],
    ]);
    expect(row.parts?.[0]?.cells.at(-1)).toEqual({ periodStart: week(0), value: 30, status: 'no_goal' });

    const events: ChangeEvent[] = [];
    const service = createScorecardService({
      db: t.context.database.db,
      changes: { publish: (event) => events.push(event), subscribe: () => () => undefined },
    });
    await service.writeScore(
      { organizationId: t.orgId, userId: t.owner.user.id },
      opsPart.id,
      week(-1),
      { value: 25, version: 1 },
      { ipAddress: 'test', userAgent: 'vitest' },
    );
    expect(events.map((event) => event.teamId).sort()).toEqual([leadership, ops].sort());
    expect(events.every((event) => event.entity === 'scorecard')).toBe(true);
    grid = await readGrid(`teamId=${leadership}`);
    expect(cellAt(grid, total.id, week(-1))).toMatchObject({ value: 35, status: 'green' });
  });

  it('averages parts and nests roll-ups across teams', async () => {
    const north = await createMeasurable({ teamId: t.departmentId, title: 'North' });
    const south = await createMeasurable({ teamId: t.departmentId, title: 'South' });
    const regions = await createMeasurable({
      teamId: t.departmentId,
      title: 'Regions (average)',
      kind: 'rollup',
      rollup: { aggregation: 'average', partIds: [north.id, south.id] },
    });
    const other = await addTeam('Online');
    const online = await createMeasurable({ teamId: other, title: 'Online' });
    const top = await addTeam('Group board');
    const company = await createMeasurable({
      teamId: top,
      title: 'All channels',
      kind: 'rollup',
      rollup: { aggregation: 'sum', partIds: [regions.id, online.id] },
    });
    await writeScore(north.id, week(-1), { value: 10 });
    await writeScore(south.id, week(-1), { value: 20 });
    await writeScore(online.id, week(-1), { value: 100 });
    const grid = await readGrid(`teamId=${top}`);
    expect(cellAt(grid, company.id, week(-1))).toMatchObject({ value: 115, source: 'computed' });
    expect(rowOf(grid, company.id).parts?.map((part) => part.cells.at(-2)?.value)).toEqual([15, 100]);
  });

  it('computes to-do completion from the real to-dos, per person and per team', async () => {
    const team = await addTeam('Doers');
    const mine = await createMeasurable({ teamId: team, title: 'My to-dos', kind: 'todo_completion' });
    const teams = await createMeasurable({
      teamId: team,
      title: 'Team to-dos',
      kind: 'todo_completion',
      todoCompletionScope: 'team',
    });
    const createTodo = async (dueDate: string, ownerId: string, isPrivate = false) => {
      const response = await call(t.owner, 'POST', '/todos', {
        title: 'Do',
        ownerIds: [ownerId],
        teamId: team,
        dueDate,
        isPrivate,
      });
      expect(response.statusCode, response.body).toBe(201);
      return bodyOf<{ data: Todo[] }>(response).data[0]!;
    };
    const done = await createTodo(week(0), t.owner.user.id);
    await createTodo(addDaysText(week(0), 6), t.owner.user.id);
    await createTodo(week(0), t.member.user.id);
    await createTodo(week(0), t.member.user.id);
    await createTodo(week(0), t.owner.user.id, true);
    expect((await call(t.owner, 'POST', `/todos/${done.id}/complete`, { version: done.version })).statusCode).toBe(200);
    const grid = await readGrid(`teamId=${team}`);
    expect(cellAt(grid, mine.id, week(0))).toMatchObject({ value: 50, source: 'computed', status: 'red' });
    expect(cellAt(grid, teams.id, week(0))).toMatchObject({ value: 25, source: 'computed' });
    expect(cellAt(grid, mine.id, week(-1))).toMatchObject({ value: null, status: 'missing' });
  });

  it('shows observers the grid read-only, and refuses bad ranges, strangers and anonymous callers', async () => {
    const observed = await readGrid(`teamId=${t.teamId}`, t.observer);
    expect(observed.canEdit).toBe(false);
    expect((await call(t.owner, 'GET', `/scorecard?teamId=${t.teamId}&from=${week(-3)}`)).statusCode).toBe(400);
    const reversed = await call(t.owner, 'GET', `/scorecard?teamId=${t.teamId}&from=${week(0)}&to=${week(-3)}`);
    expect(reversed.statusCode).toBe(400);
    expect(bodyOf<{ error: string }>(reversed).error).toBe('The start of the range must not be after its end');
    const custom = await readGrid(`teamId=${t.teamId}&from=${week(-3)}&to=${week(0)}`);
    expect(custom.periods.map((period) => period.start)).toEqual([week(-3), week(-2), week(-1), week(0)]);
    expect((await readGrid(`teamId=${t.teamId}&view=last_4_weeks`)).periods).toHaveLength(4);
    expect((await readGrid(`teamId=${t.teamId}&frequency=monthly`)).frequency).toBe('monthly');
    expect((await call(t.owner, 'GET', `/scorecard?teamId=${t.otherTeamId}`)).statusCode).toBe(404);
    expect(
      (await call(t.owner, 'GET', `/scorecard?teamId=${t.teamId}`, undefined, t.other.user.organizationId)).statusCode,
    ).toBe(404);
    expect((await call(null, 'GET', `/scorecard?teamId=${t.teamId}`)).statusCode).toBe(401);
    expect((await call(t.owner, 'GET', '/scorecard')).statusCode).toBe(400);
  });

  it('hides archived rows unless asked, and orders ungrouped rows before groups', async () => {
    const team = await addTeam('Order');
    const grouped = await createMeasurable({ teamId: team, title: 'Grouped' });
    const groupResponse = await call(t.owner, 'POST', '/measurable-groups', { teamId: team, name: 'G' });
    const groupId = bodyOf<{ data: { id: string } }>(groupResponse).data.id;
    await call(t.owner, 'POST', `/measurables/${grouped.id}/move`, { groupId, index: 0 });
    const loose = await createMeasurable({ teamId: team, title: 'Loose' });
    const old = await createMeasurable({ teamId: team, title: 'Old' });
    await call(t.owner, 'POST', `/measurables/${old.id}/archive`, { version: 1 });
    const grid = await readGrid(`teamId=${team}`);
    expect(grid.rows.map((row) => row.measurable.title)).toEqual(['Loose', 'Grouped']);
    expect(grid.groups.map((group) => group.name)).toEqual(['G']);
    const all = await readGrid(`teamId=${team}&includeArchived=true`);
    expect(all.rows.map((row) => row.measurable.title)).toEqual(['Loose', 'Old', 'Grouped']);
    expect(loose.groupId).toBeNull();
  });

  it('reads a grid of 2 or 30 rows of every kind in the same number of statements', async () => {
    const counter = statementCounter(t.context.database);
    if (!counter) return; // On a PostgreSQL server the benchmarks measure this instead.
    const fill = async (team: string, count: number) => {
      const part = await createMeasurable({ teamId: t.departmentId, title: `Part ${team}` });
      const first = await createMeasurable({ teamId: team, title: 'Base' });
      await writeScore(first.id, week(-1), { value: 1 });
      await createMeasurable({ teamId: team, title: 'Done', kind: 'todo_completion' });
      await createMeasurable({
        teamId: team,
        title: 'Sum',
        kind: 'rollup',
        rollup: { aggregation: 'sum', partIds: [part.id] },
      });
      for (let index = 0; index < count; index += 1) {
        const row = await createMeasurable({
          teamId: team,
          title: `F${index}`,
          kind: 'formula',
          formula: `{${first.id}} * ${index}`,
        });
        await writeScore(row.id, week(-2), { value: index });
      }
    };
    const small = await addTeam('Small');
    const large = await addTeam('Large');
    await fill(small, 1);
    await fill(large, 27);
    const countGrid = async (team: string) => {
      let grid: ScorecardGrid | undefined;
      const statements = await counter.count(async () => {
        grid = await readGrid(`teamId=${team}`);
      });
      return { statements, rows: grid?.rows.length };
    };
    const few = await countGrid(small);
    const lots = await countGrid(large);
    expect(few.rows).toBe(4);
    expect(lots.rows).toBe(30);
    expect(lots.statements).toBe(few.statements);
    // Twelve for the grid, two for the revision check of the cache in front of it (a miss here).
    expect(few.statements).toBeLessThanOrEqual(14);
  });
});

describe('GET /scorecard/my-numbers', () => {
  it('lists the caller’s typed and formula measurables with the current cell, and counts the missing ones', async () => {
    const team = await addTeam('Mine');
    const typed = await createMeasurable({
      teamId: team,
      title: 'Typed',
      ownerId: t.member.user.id,
      startsOn: undefined,
    });
    const entered = await createMeasurable({
      teamId: team,
      title: 'Entered for someone',
      dataEntryUserId: t.member.user.id,
      startsOn: undefined,
    });
    await createMeasurable({ teamId: team, title: 'Not mine', startsOn: undefined });
    await createMeasurable({ teamId: team, title: 'Done', kind: 'todo_completion', ownerId: t.member.user.id });
    await writeScore(entered.id, week(0), { value: 3 });
    const response = await call(t.member, 'GET', `/scorecard/my-numbers?teamId=${team}`);
    expect(response.statusCode).toBe(200);
    const mine = bodyOf<MyNumbers>(response);
    expect(mine.data.map((entry) => entry.measurable.title).sort()).toEqual(['Entered for someone', 'Typed']);
    expect(mine.missing).toBe(1);
    const typedEntry = mine.data.find((entry) => entry.measurable.id === typed.id)!;
    expect(typedEntry).toMatchObject({ teamName: 'Mine', periodStart: week(0), cell: { value: null, version: 0 } });
    expect((await call(t.member, 'GET', `/scorecard/my-numbers?teamId=${t.otherTeamId}`)).statusCode).toBe(404);
    expect((await call(null, 'GET', '/scorecard/my-numbers')).statusCode).toBe(401);
  });
});

function addDaysText(date: string, days: number) {
  const value = new Date(`${date}T00:00:00Z`);
  value.setUTCDate(value.getUTCDate() + days);
  return value.toISOString().slice(0, 10);
}
