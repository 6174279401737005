import { describe, expect, it } from 'vitest';
import type { Issue } from '@keel/contract';
import { addTeam } from '../../test-support/team-fixtures.js';
import { bodyOf, recordedChanges } from '../../test-support/test-app.js';
import { useIssuesSuite } from '../../test-support/issues-fixture.js';
import { createIssuesService } from './issues.service.js';

const { state: t, call, get, issuesFor } = useIssuesSuite();

const meta = { ipAddress: '127.0.0.1', userAgent: 'vitest' };

/** A new team with issues First, Second and Third ranked 1, 2 and 3. */
async function rankedTeam(name: string) {
  const teamId = await addTeam(t.context, t.owner, name);
  const scoped = issuesFor(teamId);
  const ranked: Issue[] = [];
  for (const [index, title] of ['First', 'Second', 'Third'].entries()) {
    const issue = await scoped.create(t.owner, { title });
    const response = await call(t.owner, 'POST', `/${issue.id}/rank`, { version: issue.version, rank: index + 1 });
    expect(response.statusCode).toBe(200);
    ranked.push(bodyOf<{ data: Issue }>(response).data);
  }
  return { teamId, scoped, ranked: ranked as [Issue, Issue, Issue] };
}

const ranksOf = async (issues: readonly Issue[]) =>
  Promise.all(issues.map(async (issue) => [issue.title, (await get(t.owner, issue.id)).priorityRank]));

describe('top-three ranks stay 1..n without gaps', () => {
  it('renumbers the rest when a ranked issue is solved, and publishes the renumbered ones', async () => {
    const { teamId, ranked } = await rankedTeam('Solve renumber team');
    const [first, second, third] = ranked;
    const { changes: bus, events } = recordedChanges();
    const service = createIssuesService({ db: t.context.database.db, changes: bus });

    await service.solve({ organizationId: t.orgId, userId: t.owner.user.id }, first.id, { version: 2 }, meta);

    expect(await ranksOf(ranked)).toEqual([
      ['First', null],
      ['Second', 1],
      ['Third', 2],
    ]);
    const published = events.filter((event) => event.entity === 'issue');
    expect(published).toHaveLength(1);
    expect(published[0]).toMatchObject({ teamId, action: 'updated' });
    expect([...(published[0]?.ids ?? [])].sort()).toEqual([first.id, second.id, third.id].sort());
  });

  it('renumbers after an unrank, an archive and a send, keeping the order of the rest', async () => {
    const { ranked } = await rankedTeam('Leave renumber team');
    const [first, second, third] = ranked;

    const unranked = await call(t.owner, 'POST', `/${second.id}/rank`, { version: second.version, rank: null });
    expect(unranked.statusCode).toBe(200);
    expect(await ranksOf(ranked)).toEqual([
      ['First', 1],
      ['Second', null],
      ['Third', 2],
    ]);

    const archived = await call(t.owner, 'POST', `/${first.id}/archive`, { version: first.version });
    expect(archived.statusCode).toBe(200);
    expect(await ranksOf([third])).toEqual([['Third', 1]]);

    const elsewhere = await addTeam(t.context, t.owner, 'Leave renumber elsewhere');
    const fresh = await get(t.owner, third.id);
    const sent = await call(t.owner, 'POST', `/${third.id}/send`, { version: fresh.version, teamId: elsewhere });
    expect(sent.statusCode).toBe(200);
    expect(bodyOf<{ data: Issue }>(sent).data.priorityRank).toBeNull();
  });

  it('renumbers when a ranked issue moves to the other horizon', async () => {
    const { ranked } = await rankedTeam('Horizon renumber team');
    const [first] = ranked;
    const moved = await call(t.owner, 'PATCH', `/${first.id}`, { version: first.version, horizon: 'long_term' });
    expect(moved.statusCode).toBe(200);
    expect(await ranksOf(ranked)).toEqual([
      ['First', null],
      ['Second', 1],
      ['Third', 2],
    ]);
  });

  it('swaps ranks when a ranked issue takes another rank, and leaves renumbered versions alone', async () => {
    const { ranked } = await rankedTeam('Swap team');
    const [first, second, third] = ranked;
    const taken = await call(t.owner, 'POST', `/${first.id}/rank`, { version: first.version, rank: 3 });
    expect(taken.statusCode).toBe(200);
    expect(await ranksOf(ranked)).toEqual([
      ['First', 3],
      ['Second', 2],
      ['Third', 1],
    ]);

    // A renumber is nobody's edit: someone editing Third keeps a valid version.
    const thirdBefore = await get(t.owner, third.id);
    await call(t.owner, 'POST', `/${second.id}/rank`, { version: second.version, rank: null });
    const thirdAfter = await get(t.owner, third.id);
    expect(thirdAfter).toMatchObject({ priorityRank: 1, version: thirdBefore.version });
    expect(await ranksOf([first])).toEqual([['First', 2]]);
  });

  it('keeps a rank chosen over a gap until one leaves the top three', async () => {
    const teamId = await addTeam(t.context, t.owner, 'Gap team');
    const issue = await issuesFor(teamId).create(t.owner, { title: 'Only' });
    const ranked = await call(t.owner, 'POST', `/${issue.id}/rank`, { version: 1, rank: 3 });
    expect(bodyOf<{ data: Issue }>(ranked).data.priorityRank).toBe(3);
  });
});
