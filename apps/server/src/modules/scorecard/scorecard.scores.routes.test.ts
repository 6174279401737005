import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { measurableHistorySchema, type MeasurableHistory, type PeriodGoal, type ScoreWrite } from '@keel/contract';
import { useScorecardFixture } from '../../test-support/scorecard-fixture.js';
import { auditEvents, bodyOf, queryAsOwner } from '../../test-support/test-app.js';
import { malformedJson } from '../../test-support/team-fixtures.js';
import { statementCounter } from '../../test-support/test-database.js';

const { state: t, call, createMeasurable, writeScore, week } = useScorecardFixture();

type ErrorBody = { code: string; error: string; details?: { path: string; message: string }[] };
const errorOf = (response: { json: <T>() => T }) => response.json<ErrorBody>();

const storedScores = (measurableId: string) =>
  queryAsOwner<{ period_start: string; value: number | null; version: number }>(
    t.context.database,
    `select period_start::text, value, version from measurable_scores where measurable_id = '${measurableId}' order by period_start`,
  );

describe('PUT /measurables/:id/scores/:periodStart', () => {
  it('writes a cell, snapshots the goal in force, audits once and bumps the version on each write', async () => {
    const measurable = await createMeasurable({ goal: { operator: '>=', value: 50 } });
    const first = await writeScore(measurable.id, week(-1), { value: 60, note: 'Good week', version: 0 });
    expect(first).toMatchObject({
      measurableId: measurable.id,
      cell: { periodStart: week(-1), value: 60, note: 'Good week', status: 'green', source: 'entered', version: 1 },
    });
    const second = await writeScore(measurable.id, week(-1), { value: 40, version: 1 });
    expect(second.cell).toMatchObject({ value: 40, note: 'Good week', status: 'red', version: 2 });
    const [goal] = await queryAsOwner<{ goal_operator: string; goal_value: number }>(
      t.context.database,
      `select goal_operator, goal_value from measurable_scores where measurable_id = '${measurable.id}'`,
    );
    expect(goal).toEqual({ goal_operator: '>=', goal_value: 50 });
    const audit = await auditEvents(t.context.database, 'scorecard.score_entered', measurable.id);
    expect(audit).toHaveLength(2);
    expect(audit[0]!.summary).toMatchObject({
      count: 1,
      cells: [{ measurableId: measurable.id, periodStart: week(-1), value: 60 }],
    });
  });

  it('lets the later writer win only if it saw the earlier write: version 0 twice → 409 with the current cell', async () => {
    const measurable = await createMeasurable({ title: 'Conflicts' });
    await writeScore(measurable.id, week(-1), { value: 1, version: 0 });
    const second = await call(t.member, 'PUT', `/measurables/${measurable.id}/scores/${week(-1)}`, {
      value: 2,
      version: 0,
    });
    expect(second.statusCode).toBe(409);
    expect(errorOf(second)).toMatchObject({
      code: 'scorecard.score.stale_version',
      details: [{ path: 'version', message: 'Now 1 (version 1), saved by someone else' }],
    });
    // A system feeding numbers sends no version: it always writes.
    const unconditional = await writeScore(measurable.id, week(-1), { value: 3 }, t.member);
    expect(unconditional.cell).toMatchObject({ value: 3, version: 2 });
    expect(await storedScores(measurable.id)).toEqual([{ period_start: week(-1), value: 3, version: 2 }]);
  });

  it('catches two writers racing with version 0 at the same moment: exactly one wins', async () => {
    const measurable = await createMeasurable({ title: 'Race' });
    const path = `/measurables/${measurable.id}/scores/${week(-2)}`;
    const answers = await Promise.all([
      call(t.owner, 'PUT', path, { value: 10, version: 0 }),
      call(t.member, 'PUT', path, { value: 20, version: 0 }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await storedScores(measurable.id)).toHaveLength(1);
  });

  it.each([
    ['text in a number cell', { value: '12' }, 'value'],
    ['1e308', { value: 1e308 }, 'value'],
    ['a note over 1000 characters', { value: 1, note: 'x'.repeat(1001) }, 'note'],
    ['an unknown key', { value: 1, colour: 'red' }, undefined],
  ])('refuses %s with 400 and changes nothing', async (_case, body, path) => {
    const measurable = await createMeasurable({ title: 'Bad input' });
    const response = await call(t.owner, 'PUT', `/measurables/${measurable.id}/scores/${week(-1)}`, body);
    expect(response.statusCode).toBe(400);
    if (path) expect(errorOf(response).details?.[0]?.path).toBe(path);
    expect(await storedScores(measurable.id)).toEqual([]);
  });

  it('refuses periods that are not period starts, before the start, or not yet begun, with plain messages', async () => {
    const measurable = await createMeasurable({ title: 'Periods', startsOn: week(-4) });
    const put = (periodStart: string) =>
      call(t.owner, 'PUT', `/measurables/${measurable.id}/scores/${periodStart}`, { value: 1 });
    const tuesday = await put(addDaysText(week(-1), 1));
    expect(tuesday.statusCode).toBe(400);
    expect(errorOf(tuesday).error).toBe(
      `Weeks on this scorecard start on Monday; ${addDaysText(week(-1), 1)} is a Tuesday`,
    );
    const before = await put(week(-5));
    expect(errorOf(before).error).toBe(`This measurable starts with the week of ${week(-4)}`);
    const future = await put(week(1));
    expect(errorOf(future).error).toBe('Numbers can only be entered for periods that have started');
    const farFuture = await put('9999-12-27');
    expect(farFuture.statusCode).toBe(400);
    expect((await put('2026-02-30')).statusCode).toBe(400);
    expect(await storedScores(measurable.id)).toEqual([]);
    expect((await put(week(0))).statusCode).toBe(200);
  });

  it('refuses computed and archived measurables', async () => {
    const part = await createMeasurable({ title: 'Part', teamId: t.departmentId });
    const rollup = await createMeasurable({
      title: 'Sum',
      kind: 'rollup',
      rollup: { aggregation: 'sum', partIds: [part.id] },
    });
    const completion = await createMeasurable({ title: 'Done', kind: 'todo_completion' });
    for (const id of [rollup.id, completion.id]) {
      const response = await call(t.owner, 'PUT', `/measurables/${id}/scores/${week(0)}`, { value: 1 });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).code).toBe('scorecard.not_typed');
    }
    const archived = await createMeasurable({ title: 'Old' });
    await call(t.owner, 'POST', `/measurables/${archived.id}/archive`, { version: 1 });
    const response = await call(t.owner, 'PUT', `/measurables/${archived.id}/scores/${week(0)}`, { value: 1 });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).error).toBe('"Old" is archived; restore it before entering numbers');
  });

  it('answers 401, 403 for observers, 400 for malformed JSON and 404 for another organization', async () => {
    const measurable = await createMeasurable({ title: 'Guarded' });
    const path = `/measurables/${measurable.id}/scores/${week(0)}`;
    expect((await call(null, 'PUT', path, { value: 1 })).statusCode).toBe(401);
    expect((await call(t.observer, 'PUT', path, { value: 1 })).statusCode).toBe(403);
    const url = `/api/v1/organizations/${t.orgId}${path}`;
    expect((await t.context.app.inject({ ...malformedJson(url, t.owner), method: 'PUT' })).statusCode).toBe(400);
    expect((await call(t.owner, 'PUT', path, { value: 1 }, t.other.user.organizationId)).statusCode).toBe(404);
    expect((await call(t.other, 'PUT', path, { value: 1 }, t.other.user.organizationId)).statusCode).toBe(404);
    expect(
      (await call(t.owner, 'PUT', `/measurables/${randomUUID()}/scores/${week(0)}`, { value: 1 })).statusCode,
    ).toBe(404);
  });

  it('saves one cell in a fixed, small number of statements', async () => {
    const counter = statementCounter(t.context.database);
    if (!counter) return; // On a PostgreSQL server the benchmarks measure this instead.
    const measurable = await createMeasurable({ title: 'Counted' });
    const statements = await counter.count(async () => {
      await writeScore(measurable.id, week(0), { value: 5, version: 0 });
    });
    // Scope settings, membership, calendar, measurable, stored cells, period goals, upsert, roll-up teams, audit,
    // and the webhook endpoints that asked for entered values.
    expect(statements).toBeLessThanOrEqual(11);
  });
});

describe('POST /scorecard/scores (a paste)', () => {
  it('writes every cell in one transaction and publishes once per team', async () => {
    const a = await createMeasurable({ title: 'Paste A' });
    const b = await createMeasurable({ title: 'Paste B' });
    const response = await call(t.owner, 'POST', '/scorecard/scores', {
      scores: [
        { measurableId: a.id, periodStart: week(-2), value: 1 },
        { measurableId: a.id, periodStart: week(-1), value: 2 },
        { measurableId: b.id, periodStart: week(-1), value: 3, version: 0 },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(bodyOf<{ data: ScoreWrite[] }>(response).data.map((write) => write.cell.value)).toEqual([1, 2, 3]);
    const audit = await auditEvents(t.context.database, 'scorecard.score_entered');
    expect(audit.filter((event) => event.summary?.count === 3)).toHaveLength(1);
  });

  it('writes nothing when one cell is wrong, naming that cell', async () => {
    const a = await createMeasurable({ title: 'All or nothing', startsOn: week(-3) });
    const response = await call(t.owner, 'POST', '/scorecard/scores', {
      scores: [
        { measurableId: a.id, periodStart: week(-2), value: 1 },
        { measurableId: a.id, periodStart: week(-1), value: 2 },
        { measurableId: a.id, periodStart: week(-9), value: 3 },
      ],
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).details?.[0]).toEqual({
      path: 'scores.2.periodStart',
      message: `This measurable starts with the week of ${week(-3)}`,
    });
    expect(await storedScores(a.id)).toEqual([]);
    const text = await call(t.owner, 'POST', '/scorecard/scores', {
      scores: [
        { measurableId: a.id, periodStart: week(-2), value: 1 },
        { measurableId: a.id, periodStart: week(-1), value: 'ten' },
      ],
    });
    expect(text.statusCode).toBe(400);
    expect(errorOf(text).details?.[0]?.path).toBe('scores.1.value');
    const foreign = await call(t.owner, 'POST', '/scorecard/scores', {
      scores: [{ measurableId: randomUUID(), periodStart: week(-1), value: 1 }],
    });
    expect(foreign.statusCode).toBe(400);
    expect(errorOf(foreign).details?.[0]?.path).toBe('scores.0.measurableId');
    expect(await storedScores(a.id)).toEqual([]);
  });

  it('answers 409 listing every stale cell, and writes none', async () => {
    const a = await createMeasurable({ title: 'Stale paste' });
    await writeScore(a.id, week(-1), { value: 1 });
    const response = await call(t.owner, 'POST', '/scorecard/scores', {
      scores: [
        { measurableId: a.id, periodStart: week(-2), value: 5, version: 0 },
        { measurableId: a.id, periodStart: week(-1), value: 6, version: 0 },
      ],
    });
    expect(response.statusCode).toBe(409);
    expect(errorOf(response).details?.map((detail) => detail.path)).toEqual(['scores.1.version']);
    expect(await storedScores(a.id)).toEqual([{ period_start: week(-1), value: 1, version: 1 }]);
  });

  it('refuses an observer and an empty paste', async () => {
    expect((await call(t.observer, 'POST', '/scorecard/scores', { scores: [] })).statusCode).toBe(400);
    const a = await createMeasurable({ title: 'Observed' });
    const response = await call(t.observer, 'POST', '/scorecard/scores', {
      scores: [{ measurableId: a.id, periodStart: week(0), value: 1 }],
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('period goals and history', () => {
  it('sets and removes a goal for one period, planned ahead; refuses beyond five years and wrong days', async () => {
    const measurable = await createMeasurable({ title: 'Seasonal', goal: { operator: '>=', value: 10 } });
    const path = (periodStart: string) => `/measurables/${measurable.id}/goals/${periodStart}`;
    const ahead = await call(t.owner, 'PUT', path(week(4)), { goal: { operator: '>=', value: 20 } });
    expect(ahead.statusCode, ahead.body).toBe(200);
    expect(bodyOf<{ data: PeriodGoal }>(ahead).data).toEqual({
      measurableId: measurable.id,
      periodStart: week(4),
      goal: { operator: '>=', value: 20, valueMax: null, band: null },
    });
    expect((await call(t.owner, 'PUT', path(week(52 * 6)), { goal: { operator: '>=', value: 1 } })).statusCode).toBe(
      400,
    );
    expect(
      (await call(t.owner, 'PUT', path(addDaysText(week(1), 2)), { goal: { operator: '>=', value: 1 } })).statusCode,
    ).toBe(400);
    expect(
      (await call(t.owner, 'PUT', path(week(1)), { goal: { operator: 'between', value: 5, valueMax: 1 } })).statusCode,
    ).toBe(400);
    expect((await call(t.observer, 'PUT', path(week(1)), { goal: { operator: '>=', value: 1 } })).statusCode).toBe(403);
    const history = await call(t.owner, 'GET', `/measurables/${measurable.id}/history?from=${week(-2)}&to=${week(5)}`);
    expect(history.statusCode).toBe(200);
    const data = measurableHistorySchema.parse(bodyOf<{ data: MeasurableHistory }>(history).data);
    expect(data.periods).toHaveLength(8);
    expect(data.periodGoals.map((goal) => goal.periodStart)).toEqual([week(4)]);
    expect(data.cells.find((cell) => cell.periodStart === week(4))).toMatchObject({
      goalSource: 'period',
      goal: { value: 20 },
    });
    expect((await call(t.owner, 'DELETE', path(week(4)))).statusCode).toBe(200);
    const after = bodyOf<{ data: MeasurableHistory }>(
      await call(t.owner, 'GET', `/measurables/${measurable.id}/history?from=${week(-2)}&to=${week(5)}`),
    ).data;
    expect(after.periodGoals).toEqual([]);
  });

  it('bounds the history to 520 periods and wants from before to', async () => {
    const measurable = await createMeasurable({ title: 'Long' });
    const long = await call(t.owner, 'GET', `/measurables/${measurable.id}/history?from=2000-01-03&to=2026-01-05`);
    expect(long.statusCode).toBe(400);
    const reversed = await call(t.owner, 'GET', `/measurables/${measurable.id}/history?from=${week(0)}&to=${week(-3)}`);
    expect(reversed.statusCode).toBe(400);
    expect(errorOf(reversed).error).toBe('The start of the range must not be after its end');
    expect((await call(t.owner, 'GET', `/measurables/${measurable.id}/history?from=${week(0)}`)).statusCode).toBe(400);
  });
});

function addDaysText(date: string, days: number) {
  const value = new Date(`${date}T00:00:00Z`);
  value.setUTCDate(value.getUTCDate() + days);
  return value.toISOString().slice(0, 10);
}
