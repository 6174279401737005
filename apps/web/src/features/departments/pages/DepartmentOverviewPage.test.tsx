import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TERMINOLOGY_DEFAULTS, type DepartmentOverview, type RealtimeEntity } from '@keel/contract';
import { withDependents } from '../../../lib/dependent-entities';
import { stubFetch } from '../../../test-utils/fetch-stub';
import { ORG_ID } from '../../../test-utils/fixtures';
import { renderPage } from '../../../test-utils/render';
import { DEPT, signedInForEachTest, teamFrameRoutes } from '../../../test-utils/team-stubs';
import DepartmentOverviewPage from './DepartmentOverviewPage';

const path = `/organizations/${ORG_ID}/teams/${DEPT}/overview`;
const TERMS = {
  ...TERMINOLOGY_DEFAULTS,
  priorities_label: 'Rocks',
  scorecard_label: 'Scorecard',
  todos_label: 'To-Dos',
  issues_label: 'Issues',
  quarter_label: 'Quarter',
};

const overview = (overrides: Partial<DepartmentOverview> = {}): DepartmentOverview => ({
  today: '2026-05-12',
  quarter: { year: 2026, quarter: 2, start: '2026-04-01', end: '2026-06-30' },
  team: { id: DEPT, name: 'Operations Europe', isLeadershipTeam: false, memberCount: 6 },
  priorities: { total: 12, onTrack: 9, offTrack: 2, complete: 1, notComplete: 0 },
  todos: { open: 8, overdue: 3 },
  issues: { open: 4 },
  measurables: { active: 1 },
  meetings: {
    running: null,
    next: { id: null, typeKey: 'weekly-accountability', name: 'Weekly Sync', startsAt: '2026-05-14T09:30:00.000Z' },
    lastConcluded: {
      id: '99999999-9999-4999-8999-999999999999',
      typeKey: 'weekly-accountability',
      name: 'Weekly Sync',
      endedAt: '2026-05-07T10:30:00.000Z',
    },
  },
  ...overrides,
});
const empty = overview({
  priorities: { total: 0, onTrack: 0, offTrack: 0, complete: 0, notComplete: 0 },
  todos: { open: 0, overdue: 0 },
  issues: { open: 0 },
  measurables: { active: 0 },
  meetings: { running: null, next: null, lastConcluded: null },
});

const stub = (reply: unknown) =>
  stubFetch(
    teamFrameRoutes({}, { [`GET /terminology/organizations/${ORG_ID}`]: { body: TERMS }, [`GET ${path}`]: reply }),
  );
const render = () =>
  renderPage(<DepartmentOverviewPage />, { route: '/departments/:departmentId', path: `/departments/${DEPT}` });

const tile = async (name: string) => (await screen.findByRole('link', { name })).closest('li')!;

async function seriousViolations(context: axe.ElementContext) {
  // happy-dom has no layout or computed colours: contrast is left to the browser journey.
  const result = await axe.run(context, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html.slice(0, 100)).join(' | ')}`);
}

signedInForEachTest();

describe('DepartmentOverviewPage', () => {
  it("heads the page with the department's name and shows each child page's figures in the organization's words", async () => {
    const fetched = stub({ body: { data: overview() } });
    render();
    expect(await screen.findByRole('heading', { level: 1, name: 'Operations Europe' })).toBeTruthy();
    expect(screen.getByText('6 members · Quarter 2 2026')).toBeTruthy();

    const rocks = await tile('Rocks');
    expect(within(rocks).getByRole('link', { name: 'Rocks' }).getAttribute('href')).toBe(
      `/departments/${DEPT}/priorities`,
    );
    expect(within(rocks).getByText('12 this Quarter')).toBeTruthy();
    expect(within(rocks).getByText('9 on track · 2 off track · 1 complete')).toBeTruthy();
    expect(within(await tile('To-Dos')).getByText('8 open · 3 overdue')).toBeTruthy();
    expect(within(await tile('Issues')).getByText('4 open')).toBeTruthy();
    expect(within(await tile('Scorecard')).getByText('1 measurable tracked')).toBeTruthy();
    const meetings = await tile('Meetings');
    expect(within(meetings).getByText(/^Next: Weekly Sync, /)).toBeTruthy();
    expect(within(meetings).getByText(/^Last held: Weekly Sync, ended /)).toBeTruthy();

    const links = screen
      .getAllByRole('listitem')
      .map((item) => within(item).getAllByRole('link')[0]!.getAttribute('href'));
    expect(links).toEqual(
      ['priorities', 'scorecard', 'meetings', 'todos', 'issues'].map((child) => `/departments/${DEPT}/${child}`),
    );
    expect(fetched.calls.find((call) => call.path === path)?.url).toMatch(/\?today=\d{4}-\d{2}-\d{2}$/);
    expect(document.title).toBe('Operations Europe · Keel');
  });

  it('offers to join the meeting running now', async () => {
    const running = {
      id: DEPT,
      typeKey: 'weekly-express',
      name: 'Express Sync',
      startedAt: '2026-05-12T09:00:00.000Z',
    };
    stub({ body: { data: overview({ meetings: { ...overview().meetings, running } }) } });
    render();
    const join = await screen.findByRole('link', { name: 'Join Express Sync' });
    expect(join.getAttribute('href')).toBe(`/meetings/weekly-express/${DEPT}`);
  });

  it('says plainly when the department has nothing yet', async () => {
    stub({ body: { data: empty } });
    render();
    expect(await screen.findByText('No Rocks this Quarter')).toBeTruthy();
    expect(screen.getByText('No open To-Dos')).toBeTruthy();
    expect(screen.getByText('No open Issues')).toBeTruthy();
    expect(screen.getByText('No measurables yet')).toBeTruthy();
    expect(screen.getByText('No meeting scheduled')).toBeTruthy();
    expect(screen.getByText('No meeting held yet')).toBeTruthy();
  });

  it('shows a spinner while loading, then says it could not load and tries again', async () => {
    let answerFirst: (reply: { status: number; body: unknown }) => void = () => undefined;
    const first = new Promise<{ status: number; body: unknown }>((resolve) => (answerFirst = resolve));
    let calls = 0;
    stub(() => (++calls === 1 ? first : { body: { data: overview() } }));
    render();
    await waitFor(() => expect(calls).toBe(1));
    expect(screen.getByText('Loading Department overview')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Operations' })).toBeTruthy();
    answerFirst({ status: 500, body: { error: 'Boom', code: 'internal' } });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain("This Department's overview could not be loaded.");
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('8 open · 3 overdue')).toBeTruthy();
  });

  it('says the department does not exist when the server answers 404', async () => {
    stub({ status: 404, body: { error: 'This team does not exist', code: 'dashboard.team_not_found' } });
    render();
    expect((await screen.findByRole('alert')).textContent).toContain(
      'This Department does not exist or has been archived.',
    );
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('refetches when anything it counts changes, and only then', async () => {
    const fetched = stub({ body: { data: overview() } });
    const { queryClient } = render();
    await screen.findByText('8 open · 3 overdue');
    const changes: RealtimeEntity[] = ['priority', 'todo', 'issue', 'scorecard', 'meeting', 'team'];
    for (const entity of changes) {
      const before = fetched.callsTo(`GET ${path}`).length;
      for (const key of withDependents([entity]))
        await queryClient.invalidateQueries({ queryKey: ['organizations', ORG_ID, key] });
      await waitFor(() => expect(fetched.callsTo(`GET ${path}`).length, entity).toBe(before + 1));
    }
    const before = fetched.callsTo(`GET ${path}`).length;
    await queryClient.invalidateQueries({ queryKey: ['organizations', ORG_ID, 'headline'] });
    expect(fetched.callsTo(`GET ${path}`)).toHaveLength(before);
  });

  it('has no serious or critical axe violations, full or empty', async () => {
    stub({ body: { data: overview() } });
    const full = render();
    await screen.findByText('8 open · 3 overdue');
    expect(await seriousViolations(document.body)).toEqual([]);
    full.unmount();
    stub({ body: { data: empty } });
    render();
    await screen.findByText('No open Issues');
    expect(await seriousViolations(document.body)).toEqual([]);
  });
});
