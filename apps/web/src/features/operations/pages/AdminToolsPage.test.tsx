import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { stubFetch } from '../../../test-utils/fetch-stub';
import { useSession } from '../../../lib/session-store';
import { makeUser, ORG_ID } from '../../../test-utils/fixtures';
import { renderPage } from '../../../test-utils/render';
import { signedInForEachTest, teamFrameRoutes } from '../../../test-utils/team-stubs';
import AdminToolsPage from './AdminToolsPage';

const figuresPath = `/organizations/${ORG_ID}/admin-tools/figures`;
const figures = (failedOperations: number) => ({
  body: { data: { activeMembers: 4, pendingInvitations: 1, failedOperations, teams: 3 } },
});

/** The card of the tool whose link is named `name`. */
const tool = (name: string) => screen.getByRole('link', { name }).closest('li')!;

signedInForEachTest();
afterEach(() => vi.restoreAllMocks());

describe('AdminToolsPage', () => {
  it('links every admin tool and import, named as its page is, with a line on what it does', async () => {
    stubFetch(teamFrameRoutes({}, { [`GET ${figuresPath}`]: figures(0) }));
    renderPage(<AdminToolsPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Admin tools' })).toBeTruthy();
    // The signed-in frame's terminology renames priorities to "Big Goals" and the scorecard to "Numbers".
    await screen.findByRole('link', { name: 'Import Big Goals' });
    const links = screen.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Users', '/users'],
      ['Departments', '/departments'],
      ['Bulk user import', '/admin/bulk-import'],
      ['User activity', '/admin/user-activity'],
      ['Import Tasks', '/admin/import-todos'],
      ['Import Big Goals', '/priorities/import'],
      ['Import Issues', '/issues/import'],
      ['Import Numbers', '/admin/import-scorecard'],
      ['Failed operations', '/admin/failed-operations'],
      ['System health', '/admin/system-health'],
      ['Data isolation', '/admin/data-isolation'],
      ['Active meetings', '/admin/active-meetings'],
      ['Organization settings', '/organization-settings'],
      ['Terminology', '/terminology-settings'],
      ['Storage configuration', '/organization-settings/storage'],
      ['Integrations', '/organization-settings/integrations'],
      ['Billing', '/billing'],
    ]);
    expect(
      within(tool('Import Big Goals')).getByText(/Bring existing Big Goals and their .+ in from a spreadsheet\./),
    ).toBeTruthy();
  });

  it('shows the live figures: members and invitations, departments, and failed operations flagged when there are any', async () => {
    stubFetch(teamFrameRoutes({}, { [`GET ${figuresPath}`]: figures(2) }));
    renderPage(<AdminToolsPage />);
    expect(await screen.findByText('4 active members · 1 pending invitation')).toBeTruthy();
    expect(within(tool('Departments')).getByText('3 Departments')).toBeTruthy();
    const failed = within(tool('Failed operations')).getByText('2 failed operations');
    expect(failed.querySelector('svg')).toBeTruthy();
    expect(failed.className).toMatch(/amber/);
  });

  it('says none failed when the queue is clean, and refreshes the figure on a failed_operation change', async () => {
    const calls = stubFetch(teamFrameRoutes({}, { [`GET ${figuresPath}`]: [figures(0), figures(1)] }));
    const { queryClient } = renderPage(<AdminToolsPage />);
    expect(await within(tool('Failed operations')).findByText('None failed')).toBeTruthy();
    await queryClient.invalidateQueries({ queryKey: ['organizations', ORG_ID, 'failed_operation'] });
    expect(await within(tool('Failed operations')).findByText('1 failed operation')).toBeTruthy();
    expect(calls.callsTo(`GET ${figuresPath}`)).toHaveLength(2);
  });

  it('keeps the tools when the figures cannot be loaded, and says why', async () => {
    stubFetch(
      teamFrameRoutes(
        {},
        {
          [`GET ${figuresPath}`]: {
            status: 403,
            body: { error: 'Only administrators can see these figures', code: 'auth.admin_required' },
          },
        },
      ),
    );
    renderPage(<AdminToolsPage />);
    expect((await screen.findByRole('status')).textContent).toBe(
      'Only administrators can see these figures The tools below work all the same.',
    );
    expect(screen.getByRole('link', { name: 'Users' })).toBeTruthy();
    expect(screen.queryByText(/active members/)).toBeNull();
  });

  it('shows the product interest card to the owner only', async () => {
    const summaryPath = `/organizations/${ORG_ID}/analytics/summary`;
    const summary = {
      body: {
        data: {
          events: [
            { name: 'signed_up', last30Days: 1, last90Days: 1 },
            { name: 'feature_interest', last30Days: 2, last90Days: 5 },
          ],
          features: [{ feature: 'framework_demo', last30Days: 2, last90Days: 5 }],
        },
      },
    };
    const asAdmin = stubFetch(
      teamFrameRoutes({}, { [`GET ${figuresPath}`]: figures(0), [`GET ${summaryPath}`]: summary }),
    );
    useSession.setState({ user: makeUser({ role: 'admin' }) });
    const adminView = renderPage(<AdminToolsPage />);
    await within(tool('Failed operations')).findByText('None failed');
    expect(screen.queryByRole('region', { name: 'Product interest' })).toBeNull();
    expect(asAdmin.callsTo(`GET ${summaryPath}`)).toEqual([]);
    adminView.unmount();

    stubFetch(teamFrameRoutes({}, { [`GET ${figuresPath}`]: figures(0), [`GET ${summaryPath}`]: summary }));
    useSession.setState({ user: makeUser({ role: 'owner' }) });
    renderPage(<AdminToolsPage />);
    const card = await screen.findByRole('region', { name: 'Product interest' });
    expect(await within(card).findByRole('rowheader', { name: 'Framework Switching Demo' })).toBeTruthy();
  });
});
