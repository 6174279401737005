import { describe, expect, it } from 'vitest';
import {
  fiscalQuarterOf,
  nextFiscalQuarter,
  type ClosedQuarter,
  type Priority,
  type PriorityList,
} from '@keel/contract';
import { auditEvents, bodyOf } from '../../test-support/test-app.js';
import { usePrioritiesFixture } from '../../test-support/priorities-fixture.js';

const { state: t, call, addTeam, createPriority } = usePrioritiesFixture();

const current = () => fiscalQuarterOf(new Date(), 1);
const lastYear = () => ({ year: current().year - 1, quarter: current().quarter });

const setStatus = (priority: Priority, status: string) =>
  call(t.owner, 'POST', `/priorities/${priority.id}/status`, { version: priority.version, status });

const listOf = async (teamId: string, quarter: { year: number; quarter: number }, archived = false) => {
  const response = await call(
    t.owner,
    'GET',
    `/priorities?teamId=${teamId}&year=${quarter.year}&quarter=${quarter.quarter}&includeArchived=${archived}`,
  );
  return bodyOf<PriorityList>(response).data;
};

describe('POST /priorities/close-quarter', () => {
  it('marks what was not completed, archives the whole quarter and leaves other teams alone', async () => {
    const teamId = await addTeam('Closing team');
    const otherTeamId = await addTeam('Still open team');
    const past = lastYear();
    const done = await createPriority({ teamId, ...past, title: 'Done one' });
    expect((await setStatus(done, 'complete')).statusCode).toBe(200);
    await createPriority({ teamId, ...past, title: 'Missed one' });
    await createPriority({ teamId: otherTeamId, ...past, title: 'Other team' });

    const response = await call(t.member, 'POST', '/priorities/close-quarter', { teamId, ...past });
    expect(response.statusCode, response.body).toBe(200);
    expect(bodyOf<{ data: ClosedQuarter }>(response).data).toEqual({ closed: 2, notComplete: 1 });

    expect(await listOf(teamId, past)).toEqual([]);
    const archived = await listOf(teamId, past, true);
    expect(Object.fromEntries(archived.map((priority) => [priority.title, priority.status]))).toEqual({
      'Done one': 'complete',
      'Missed one': 'not_complete',
    });
    expect(archived.every((priority) => priority.archivedAt !== null && priority.version > 1)).toBe(true);
    expect(await listOf(otherTeamId, past)).toHaveLength(1);
    const audit = await auditEvents(t.context.database, 'priority.quarter_closed');
    expect(audit).toHaveLength(1);

    const again = await call(t.member, 'POST', '/priorities/close-quarter', { teamId, ...past });
    expect(bodyOf<{ data: ClosedQuarter }>(again).data).toEqual({ closed: 0, notComplete: 0 });
  });

  it('refuses a quarter that is not over yet, saying when it ends', async () => {
    for (const quarter of [current(), nextFiscalQuarter(current())]) {
      const response = await call(t.owner, 'POST', '/priorities/close-quarter', { teamId: t.teamId, ...quarter });
      expect(response.statusCode).toBe(400);
      expect(bodyOf<{ code: string; error: string }>(response)).toMatchObject({ code: 'priority.quarter_not_over' });
      expect(bodyOf<{ error: string }>(response).error).toMatch(/ends on \d{4}-\d{2}-\d{2}/);
    }
  });

  it.each([
    ['no team', { year: 2024, quarter: 1 }],
    ['quarter 5', { quarter: 5 }],
    ['a year in 30000', { year: 30000 }],
    ['an unknown key', { archiveToo: true }],
  ])('answers 400 for %s', async (_case, overrides) => {
    const response = await call(t.owner, 'POST', '/priorities/close-quarter', {
      teamId: t.teamId,
      ...lastYear(),
      ...overrides,
      ...(_case === 'no team' ? { teamId: undefined } : {}),
    });
    expect(response.statusCode).toBe(400);
  });

  it('answers 401 without a token, 403 for an observer, 404 for another organization or its team', async () => {
    const body = { teamId: t.teamId, ...lastYear() };
    expect((await call(null, 'POST', '/priorities/close-quarter', body)).statusCode).toBe(401);
    expect((await call(t.observer, 'POST', '/priorities/close-quarter', body)).statusCode).toBe(403);
    expect((await call(t.other, 'POST', '/priorities/close-quarter', body)).statusCode).toBe(404);
    const foreignTeam = { ...body, teamId: t.otherTeamId };
    expect((await call(t.owner, 'POST', '/priorities/close-quarter', foreignTeam)).statusCode).toBe(404);
  });
});
