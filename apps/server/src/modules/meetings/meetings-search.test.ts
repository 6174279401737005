import { describe, expect, it } from 'vitest';
import type { Session } from '@keel/contract';
import { meetingListQuerySchema } from '@keel/contract';
import { addTeam, useTeamSuite } from '../../test-support/team-fixtures.js';
import { recordedChanges } from '../../test-support/test-app.js';
import { createMeetingsService } from './meetings.service.js';

const { state: t, call } = useTeamSuite();
const meta = { ipAddress: 'test', userAgent: 'vitest' };

const service = () => createMeetingsService({ db: t.context.database.db, changes: recordedChanges().changes });
const callerOf = (session: Session) => ({ organizationId: session.user.organizationId, userId: session.user.id });

/** A meeting of `teamId` concluded after the team created `todoTitles` while it ran: they are in its recap. */
async function concludedMeeting(session: Session, teamId: string, todoTitles: readonly string[] = []) {
  const meetings = service();
  const started = await meetings.start(callerOf(session), { teamId, typeKey: 'weekly-express' }, meta);
  for (const title of todoTitles) {
    const created = await call(
      session,
      'POST',
      '/todos',
      { teamId, title, ownerIds: [session.user.id] },
      session.user.organizationId,
    );
    expect(created.statusCode, created.body).toBe(201);
  }
  return meetings.conclude(callerOf(session), started.id, meta);
}

/** The ids the history lists for `search` (and other query fields), all pages read. */
async function searched(search: string, extra: Record<string, string> = {}) {
  const ids: string[] = [];
  let cursor: string | undefined;
  do {
    const query = meetingListQuerySchema.parse({ search, ...extra, ...(cursor ? { cursor } : {}) });
    const page = await service().list(callerOf(t.owner), query);
    ids.push(...page.data.map((item) => item.id));
    cursor = page.page.nextCursor ?? undefined;
  } while (cursor);
  return ids;
}

describe('searching the meeting history', () => {
  it('finds a meeting by a to-do title in its recap, whatever the case, and not another organization’s', async () => {
    const team = await addTeam(t.context, t.owner, 'Searchers');
    const match = await concludedMeeting(t.owner, team, ['Renew the Zephyr contract', 'Ship the samples to Łódź']);
    await concludedMeeting(t.owner, team, ['Water the plants']);
    const stranger = await concludedMeeting(t.other, t.otherTeamId, ['Renew the Zephyr contract']);
    expect(match.recap?.newTodos.map((todo) => todo.title).sort()).toEqual([
      'Renew the Zephyr contract',
      'Ship the samples to Łódź',
    ]);

    expect(await searched('zephyr CONTRACT')).toEqual([match.id]);
    expect(await searched('  zephyr  ')).toEqual([match.id]);
    expect(await searched('ŁÓDŹ')).toEqual([match.id]);
    expect(await searched('zephyr', { teamId: team })).toEqual([match.id]);
    expect(await searched('zephyr', { teamId: t.teamId })).toEqual([]);
    expect(await searched('zephyr')).not.toContain(stranger.id);
  });

  it('finds a meeting by a solved issue’s title, by its name and by its team’s name', async () => {
    const team = await addTeam(t.context, t.owner, 'Quillfeather crew');
    const meetings = service();
    const started = await meetings.start(callerOf(t.owner), { teamId: team, typeKey: 'weekly-express' }, meta);
    const issue = await call(t.owner, 'POST', '/issues', { teamId: team, title: 'Invoices go out late' });
    expect(issue.statusCode, issue.body).toBe(201);
    const { id, version } = issue.json<{ data: { id: string; version: number } }>().data;
    expect((await call(t.owner, 'POST', `/issues/${id}/solve`, { version, todos: [] })).statusCode).toBe(200);
    const concluded = await meetings.conclude(callerOf(t.owner), started.id, meta);
    expect(concluded.recap?.solvedIssues).toEqual([{ id, title: 'Invoices go out late' }]);

    expect(await searched('invoices GO')).toEqual([concluded.id]);
    expect(await searched('quillfeather')).toEqual([concluded.id]);
    expect(await searched(concluded.name.toUpperCase(), { teamId: team })).toEqual([concluded.id]);
  });

  it('takes %, _ and \\ literally', async () => {
    const team = await addTeam(t.context, t.owner, 'Wildcards');
    const percent = await concludedMeeting(t.owner, team, ['Grow sales 100% in Q4']);
    const underscore = await concludedMeeting(t.owner, team, ['Rename build_cache_v2']);
    const backslash = await concludedMeeting(t.owner, team, ['Map the C:\\shared drive']);
    await concludedMeeting(t.owner, team, ['Grow sales 1000 in Q4 and build cache v2 on C: shared']);

    expect(await searched('100%', { teamId: team })).toEqual([percent.id]);
    expect(await searched('%', { teamId: team })).toEqual([percent.id]);
    expect(await searched('build_cache', { teamId: team })).toEqual([underscore.id]);
    expect(await searched('_', { teamId: team })).toEqual([underscore.id]);
    expect(await searched('C:\\shared', { teamId: team })).toEqual([backslash.id]);
  });

  it('pages through the matches newest first, skipping the meetings that do not match', async () => {
    const team = await addTeam(t.context, t.owner, 'Pager');
    const matches: string[] = [];
    for (let index = 0; index < 5; index += 1) {
      const meeting = await concludedMeeting(t.owner, team, [index % 2 === 0 ? `Kestrel launch ${index}` : 'Other']);
      if (index % 2 === 0) matches.unshift(meeting.id);
    }
    const first = await service().list(
      callerOf(t.owner),
      meetingListQuerySchema.parse({ search: 'kestrel', limit: '2' }),
    );
    expect(first.data.map((item) => item.id)).toEqual(matches.slice(0, 2));
    expect(first.page.nextCursor).not.toBeNull();
    const second = await service().list(
      callerOf(t.owner),
      meetingListQuerySchema.parse({ search: 'kestrel', limit: '2', cursor: first.page.nextCursor }),
    );
    expect(second.data.map((item) => item.id)).toEqual(matches.slice(2));
    expect(second.page.nextCursor).toBeNull();
  });

  it('refuses a search longer than 200 characters, through the route', async () => {
    const long = await call(t.owner, 'GET', `/meetings?search=${'a'.repeat(201)}`);
    expect(long.statusCode).toBe(400);
    expect(long.body).toContain('at most 200 characters');
    const ok = await call(t.owner, 'GET', `/meetings?search=${encodeURIComponent('50% _off_ \\o/')}`);
    expect(ok.statusCode, ok.body).toBe(200);
  });
});
