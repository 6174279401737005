import { expect, it } from 'vitest';
import type { Session } from '@keel/contract';
import { bodyOf } from './test-app.js';
import { callerOf, malformedJson, type TeamSuiteState } from './team-fixtures.js';

type Case = [string, Record<string, unknown>];

/**
 * The rules the create routes of team-scoped objects share, as tests a suite registers where it wants them,
 * given its path and a valid body (read once the suite is ready): each suite picks the rules its route keeps.
 */
export function createRouteRules(t: TeamSuiteState, path: string, validBody: () => Record<string, unknown>) {
  const call = callerOf(t);
  const post = (overrides: Record<string, unknown>, session: Session | null = t.owner, org?: string) =>
    call(session, 'POST', path, { ...validBody(), ...overrides }, org);

  const expectNotFound = async (teamCode?: string) => {
    expect((await post({}, t.owner, t.other.user.organizationId)).statusCode).toBe(404);
    const team = await post({ teamId: t.otherTeamId });
    expect(team.statusCode).toBe(404);
    if (teamCode !== undefined) expect(bodyOf<{ code: string }>(team).code).toBe(teamCode);
  };

  return {
    /** One test per case, each answered 400 (and with `code`, where the suite checks it). */
    refusesEach(cases: Case[], code?: string) {
      it.each(cases)('answers 400 for %s', async (_case, overrides) => {
        const response = await post(overrides);
        expect(response.statusCode).toBe(400);
        if (code !== undefined) expect(bodyOf<{ code: string }>(response).code).toBe(code);
      });
    },

    refusesYear30000() {
      it('refuses a due date in the year 30000 with a clear message', async () => {
        const response = await post({ dueDate: '30000-01-01' });
        expect(response.statusCode).toBe(400);
        expect(bodyOf<{ error: string }>(response).error).toMatch(/9999/);
      });
    },

    /** For routes with `ownerIds`: the stranger among them is named, with the offending path. */
    refusesForeignOwner(title: string, code: string) {
      it(title, async () => {
        const response = await post({ ownerIds: [t.owner.user.id, t.other.user.id] });
        expect(response.statusCode).toBe(400);
        const body = bodyOf<{ code: string; error: string; details: { path: string }[] }>(response);
        expect(body.code).toBe(code);
        expect(body.error).toContain(t.other.user.id);
        expect(body.details[0]!.path).toBe('ownerIds.1');
      });
    },

    /** Malformed JSON, no token and an observer; with `notFound`, the 404s of `notFound` in the same test. */
    guards(options: { observerCode?: string; notFound?: boolean } = {}) {
      const also404 = options.notFound ? ', 404 for another organization' : '';
      it(`answers 400 for malformed JSON, 401 without a token, 403 for an observer${also404}`, async () => {
        const url = `/api/v1/organizations/${t.orgId}${path}`;
        expect((await t.context.app.inject(malformedJson(url, t.owner))).statusCode).toBe(400);
        expect((await post({}, null)).statusCode).toBe(401);
        const observer = await post({}, t.observer);
        expect(observer.statusCode).toBe(403);
        if (options.observerCode !== undefined) {
          expect(bodyOf<{ code: string }>(observer).code).toBe(options.observerCode);
        }
        if (options.notFound) await expectNotFound();
      });
    },

    /** Another organization in the path, or its team in the body, reads as absent. */
    notFound(title: string, teamCode?: string) {
      it(title, () => expectNotFound(teamCode));
    },
  };
}
