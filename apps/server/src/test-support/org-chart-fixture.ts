import { beforeEach, expect } from 'vitest';
import type { OrgChartDraft, OrgChartSeat, Session } from '@keel/contract';
import type { OrgCall, TeamSuiteState } from './team-fixtures.js';
import { addMember, bodyOf, queryAsOwner } from './test-app.js';

/** Each test starts from an empty chart with no publication or history (the chart is the organization's one). */
export function useEmptyChart(t: TeamSuiteState) {
  beforeEach(async () => {
    for (const table of ['org_chart_holder_history', 'org_chart_publications', 'org_chart_seats']) {
      await queryAsOwner(t.context.database, `delete from ${table} where organization_id = '${t.orgId}'`);
    }
  });
}

/** A plain member who is also in the leadership team: they edit the chart like an administrator. */
export async function addLeader(t: TeamSuiteState): Promise<Session> {
  const leader = await addMember(t.context, t.orgId, 'member');
  await queryAsOwner(
    t.context.database,
    `insert into team_members (organization_id, team_id, user_id) values ('${t.orgId}', '${t.teamId}', '${leader.user.id}')`,
  );
  return leader;
}

export function chartCalls(t: TeamSuiteState, call: OrgCall) {
  const createSeat = async (session: Session, body: Record<string, unknown>) => {
    const response = await call(session, 'POST', '/org-chart/seats', { parentId: null, ...body });
    expect(response.statusCode, response.body).toBe(201);
    return bodyOf<{ data: OrgChartSeat }>(response).data;
  };
  const draft = async (session: Session = t.owner) => {
    const response = await call(session, 'GET', '/org-chart/draft');
    expect(response.statusCode, response.body).toBe(200);
    return bodyOf<{ data: OrgChartDraft }>(response).data;
  };
  const move = (seat: OrgChartSeat, parentId: string | null, position = 0, session: Session = t.owner) =>
    call(session, 'POST', `/org-chart/seats/${seat.id}/move`, { version: seat.version, parentId, position });
  /** Titles of the seats reporting to `parentId`, in their order. */
  const titlesUnder = (seats: readonly OrgChartSeat[], parentId: string | null) =>
    seats
      .filter((seat) => seat.parentId === parentId)
      .sort((a, b) => a.position - b.position)
      .map((seat) => seat.title);
  return { createSeat, draft, move, titlesUnder };
}
