import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TERMINOLOGY_PRESETS } from '@keel/contract';
import { useSession } from '../lib/session-store';
import { signedInFrameRoutes } from '../test-utils/app-stubs';
import { stubFetch } from '../test-utils/fetch-stub';
import { makeUser, ORG_ID } from '../test-utils/fixtures';
import { renderRoutes } from '../test-utils/render';
import { scorecardRoutes } from '../features/scorecard/scorecard-test-data';
import { routes } from './routes';

// happy-dom has no layout or computed colours, so contrast is left to the browser (Playwright) checks.
const options: axe.RunOptions = { rules: { 'color-contrast': { enabled: false } } };

async function seriousViolations(context: axe.ElementContext) {
  const result = await axe.run(context, options);
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html.slice(0, 100)).join(' | ')}`);
}

afterEach(() => vi.unstubAllGlobals());

describe('axe on signed-out pages', () => {
  beforeEach(() => {
    useSession.setState({ status: 'signedOut', user: null });
    // Nothing leaves the test: the pages' public calls (sign-in providers, invitation lookup) answer 404.
    stubFetch({});
  });

  it.each([
    ['/login', 'Sign in to your account'],
    ['/register', 'Start Your Free Trial'],
    ['/forgot-password', 'Reset your password'],
    ['/reset-password?token=abc', 'Choose a new password'],
    ['/reset-password', 'Choose a new password'],
    ['/consultant-register', 'Consultant registration'],
    ['/accept-invitation', 'Accept your invitation'],
  ])('%s has no serious or critical violations', async (path, heading) => {
    renderRoutes(routes, { path });
    await screen.findByRole('heading', { name: heading, level: 1 });
    expect(await seriousViolations(document.body)).toEqual([]);
  });

  it('the registration page with every error shown has none either', async () => {
    renderRoutes(routes, { path: '/register' });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Start Free Trial' }));
    await screen.findByText('First name is required');
    expect(await seriousViolations(document.body)).toEqual([]);
  });
});

describe('axe on signed-in pages', () => {
  beforeEach(() => {
    localStorage.setItem('accessToken', 'a');
    useSession.setState({ status: 'signedIn', user: makeUser({ role: 'owner', isConsultant: true }) });
  });

  const settingsStubs = () =>
    signedInFrameRoutes({
      'GET /auth/profile': { body: { data: makeUser() } },
      'GET /terminology/presets': { body: TERMINOLOGY_PRESETS },
      [`GET /organizations/${ORG_ID}/data-exports`]: { body: { data: [] } },
    });

  it.each([
    ['/dashboard', 'My dashboard'],
    ['/user-settings', 'Profile and settings'],
    ['/organization-settings', 'Organization settings'],
    ['/terminology-settings', 'Terminology'],
    ['/admin/import-scorecard', 'Import Numbers'],
  ])(
    '%s has no serious or critical violations',
    async (path, heading) => {
      stubFetch(settingsStubs());
      renderRoutes(routes, { path });
      await screen.findByRole('heading', { name: heading, level: 1 });
      await screen.findByText('Analytical Engines');
      expect(await seriousViolations(document.body)).toEqual([]);
      // axe walks every node of these long settings pages: seconds on a busy machine.
    },
    15_000,
  );

  it('/scorecard-debug (the grid, with a cell’s popover open) has none', async () => {
    stubFetch(scorecardRoutes());
    renderRoutes(routes, { path: '/scorecard-debug' });
    await screen.findByRole('heading', { name: 'Numbers', level: 1 });
    const grid = await screen.findByRole('grid');
    await userEvent.setup().click(grid.querySelector('td[data-c="0"]') as HTMLElement);
    await screen.findByRole('tooltip');
    expect(await seriousViolations(document.body)).toEqual([]);
  });

  it('/admin/tools with the owner’s product interest card has none', async () => {
    stubFetch(
      signedInFrameRoutes({
        [`GET /organizations/${ORG_ID}/admin-tools/figures`]: {
          body: { data: { activeMembers: 4, pendingInvitations: 1, failedOperations: 0, teams: 3 } },
        },
        [`GET /organizations/${ORG_ID}/analytics/summary`]: {
          body: {
            data: {
              events: [
                { name: 'signed_up', last30Days: 1, last90Days: 1 },
                { name: 'feature_interest', last30Days: 2, last90Days: 5 },
              ],
              features: [{ feature: 'framework_demo', last30Days: 2, last90Days: 5 }],
            },
          },
        },
      }),
    );
    renderRoutes(routes, { path: '/admin/tools' });
    await screen.findByRole('rowheader', { name: 'Framework Switching Demo' });
    expect(await seriousViolations(document.body)).toEqual([]);
  });

  it('the feedback dialog has none', async () => {
    stubFetch(settingsStubs());
    renderRoutes(routes, { path: '/dashboard' });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Help and feedback' }));
    expect(await seriousViolations(await screen.findByRole('dialog'))).toEqual([]);
  });

  it('the blocking legal dialog has none', async () => {
    stubFetch(signedInFrameRoutes({ 'GET /auth/check-agreements': { status: 500 } }));
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderRoutes(routes, { path: '/dashboard' });
    expect(await seriousViolations(await screen.findByRole('dialog'))).toEqual([]);
  });
});
