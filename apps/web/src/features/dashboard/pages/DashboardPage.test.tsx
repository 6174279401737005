import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { realtimeClient } from '../../../lib/realtime-react';
import { signedInFrameRoutes } from '../../../test-utils/app-stubs';
import { stubFetch } from '../../../test-utils/fetch-stub';
import { ORG_ID } from '../../../test-utils/fixtures';
import { renderPage } from '../../../test-utils/render';
import { departmentsReply } from '../../../test-utils/team-stubs';
import {
  DEPARTMENTS,
  DEPT,
  OTHER_DEPT,
  dashboardPath,
  dashboardTestSetup,
  emptyDashboard,
  fullDashboard,
  todo,
} from '../dashboard-test-data';
import { useQuickAdd } from '../quick-add-store';
import { makeListItem } from '../../meetings/meetings-test-data';
import DashboardPage from './DashboardPage';

const routes = (dashboard: unknown, extra: Record<string, unknown> = {}) =>
  signedInFrameRoutes({
    'GET /users/departments': departmentsReply(DEPARTMENTS),
    [`GET ${dashboardPath}`]: { body: { data: dashboard } },
    ...extra,
  });

const section = async (name: RegExp) => screen.findByRole('region', { name });

dashboardTestSetup();

describe('DashboardPage', () => {
  it('asks for each section on its own, with the person’s today', async () => {
    const stub = stubFetch(routes(fullDashboard()));
    renderPage(<DashboardPage />, { path: '/dashboard' });
    await screen.findByText('Churn is up');
    const urls = stub.fetchMock.mock.calls
      .map(([input]) => (input instanceof Request ? input.url : input.toString()))
      .filter((url) => url.includes('/me/dashboard'));
    const sections = urls.map((url) => new URL(url, 'http://localhost').searchParams.get('section')).sort();
    expect(sections).toEqual(['headlines', 'issues', 'priorities', 'todos']);
    expect(new URL(urls[0] ?? '', 'http://localhost').searchParams.get('today')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('lists to-dos overdue first, in red, and highlights the ones due today', async () => {
    stubFetch(routes(fullDashboard()));
    renderPage(<DashboardPage />, { path: '/dashboard' });
    const todos = await section(/My Tasks/);
    await within(todos).findByText('Send the invoice');
    const items = within(todos).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('a')?.textContent)).toEqual([
      'Send the invoice',
      'Call the bank',
      'Book the venue',
    ]);
    expect(items[0]?.dataset.due).toBe('overdue');
    expect(within(items[0]!).getByText(/Overdue/).className).toContain('text-red-700');
    expect(items[1]?.dataset.due).toBe('today');
    expect(within(items[1]!).getByText(/Due today/)).toBeTruthy();
    expect(within(todos).getByText('1 overdue')).toBeTruthy();
    expect(within(todos).getByText('Showing 3 of 7.')).toBeTruthy();
  });

  it('links each item to its page: the main page for the selected team, else the team’s own', async () => {
    stubFetch(routes(fullDashboard()));
    renderPage(<DashboardPage />, { path: '/dashboard' });
    await screen.findByRole('link', { name: 'Call the bank' });
    // Once the departments are known, the selected one's items go to the main pages.
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Call the bank' }).getAttribute('href')).toBe('/todos'),
    );
    expect(screen.getByRole('link', { name: 'Send the invoice' }).getAttribute('href')).toBe(
      `/departments/${OTHER_DEPT}/todos`,
    );
    expect(screen.getByRole('link', { name: 'Churn is up' }).getAttribute('href')).toBe(
      `/departments/${OTHER_DEPT}/issues`,
    );
    expect(screen.getByRole('link', { name: 'Open the Lyon office' }).getAttribute('href')).toBe(
      '/quarterly-priorities',
    );
  });

  it('shows priorities with status in words and colour, progress, milestones, terminology labels', async () => {
    stubFetch(routes(fullDashboard()));
    renderPage(<DashboardPage />, { path: '/dashboard' });
    const priorities = await section(/My Big Goals/);
    expect(await within(priorities).findByText('Off track')).toBeTruthy();
    expect(within(priorities).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('50');
    expect(within(priorities).getByText('1/2 Milestones')).toBeTruthy();
    const milestones = await section(/My Milestones/);
    expect(within(milestones).getByText('Hire a manager')).toBeTruthy();
    // Script in a title is text, never markup.
    expect(await screen.findByText('<script>alert(1)</script> Won Acme')).toBeTruthy();
  });

  it('ticks a to-do done in place through the to-dos API', async () => {
    const stub = stubFetch(
      routes(fullDashboard(), {
        [`POST /organizations/${ORG_ID}/todos/00000000-0000-4000-8000-000000000002/complete`]: {
          body: {
            data: { ...todo(2, 'Call the bank', '2026-11-26'), status: 'done', doneAt: '2026-11-26T09:00:00.000Z' },
          },
        },
      }),
    );
    renderPage(<DashboardPage />, { path: '/dashboard' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Mark “Call the bank” done' }));
    const [call] = stub.callsTo(`POST /organizations/${ORG_ID}/todos/00000000-0000-4000-8000-000000000002/complete`);
    expect(call?.body).toEqual({ version: 2 });
  });

  it('invites creating one in every empty section', async () => {
    stubFetch(routes(emptyDashboard()));
    renderPage(<DashboardPage />, { path: '/dashboard' });
    expect(await screen.findByText(/Nothing open: you are all caught up/)).toBeTruthy();
    expect(await screen.findByText(/No open Big Goals of yours in Quarter 4 of 2026/)).toBeTruthy();
    expect(screen.getByText(/No open Issues owned by you/)).toBeTruthy();
    expect(screen.getByText(/No headlines from you or your teams yet/)).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'New Issue' }));
    expect(useQuickAdd.getState()).toMatchObject({ open: true, kind: 'issue' });
  });

  it('shows skeletons while loading', async () => {
    stubFetch(routes(null, { [`GET ${dashboardPath}`]: () => new Promise(() => undefined) }));
    renderPage(<DashboardPage />, { path: '/dashboard' });
    expect(await screen.findByRole('status', { name: 'Loading My Tasks' })).toBeTruthy();
    expect(await screen.findByRole('status', { name: 'Loading My Big Goals' })).toBeTruthy();
  });

  it('refreshes a section when its kind of object changes anywhere, and follows every team shown', async () => {
    const follow = vi.spyOn(realtimeClient(), 'followTeam');
    const stub = stubFetch(routes(fullDashboard()));
    const { queryClient } = renderPage(<DashboardPage />, { path: '/dashboard' });
    await screen.findByText('Churn is up');
    await waitFor(() =>
      expect(follow.mock.calls.map(([teamId]) => teamId)).toEqual(expect.arrayContaining([DEPT, OTHER_DEPT])),
    );
    const sectionsAsked = () =>
      stub.fetchMock.mock.calls
        .map(([input]) => new URL(input instanceof Request ? input.url : input.toString(), 'http://localhost'))
        .filter((url) => url.pathname.endsWith('/me/dashboard'))
        .map((url) => url.searchParams.get('section'));
    const before = sectionsAsked().length;
    // What the realtime client does when a to-do of any followed team changes.
    await queryClient.invalidateQueries({ queryKey: ['organizations', ORG_ID, 'todo'] });
    expect(sectionsAsked().slice(before)).toEqual(['todos']);
    await queryClient.invalidateQueries({ queryKey: ['organizations', ORG_ID, 'priority'] });
    expect(sectionsAsked().slice(before)).toEqual(['todos', 'priorities']);
    follow.mockRestore();
  });

  it("offers to join a meeting of the person's teams running now, and not another team's", async () => {
    stubFetch(
      routes(fullDashboard(), {
        [`GET /organizations/${ORG_ID}/meetings`]: (call: { url: string }) => ({
          body: {
            data: call.url.includes('status=live')
              ? [
                  makeListItem({ status: 'live', teamId: DEPT, teamName: 'Operations', name: 'Weekly meeting' }),
                  makeListItem({
                    id: '77777777-7777-4777-8777-777777777777',
                    status: 'live',
                    teamId: '88888888-8888-4888-8888-888888888888',
                    teamName: 'Elsewhere',
                  }),
                ]
              : [],
            page: { nextCursor: null },
          },
        }),
      }),
    );
    renderPage(<DashboardPage />, { path: '/dashboard' });
    const running = await screen.findByRole('region', { name: 'Meetings running now' });
    expect(within(running).getByText('Operations: Weekly meeting is running now')).toBeTruthy();
    expect(within(running).getByRole('link', { name: 'Join now' }).getAttribute('href')).toBe(
      `/meetings/weekly-accountability/${DEPT}`,
    );
    expect(within(running).queryByText(/Elsewhere/)).toBeNull();
  });
});
