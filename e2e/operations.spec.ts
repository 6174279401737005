import type { Page } from '@playwright/test';
import { expect, test } from './support/test.js';
import {
  API,
  expectSignedInFrame,
  openPage,
  openSignedIn,
  registerViaApi,
  settled,
  type Account,
} from './support/app.js';
import { expectNoAxeViolations } from './support/axe.js';
import { expectFitsViewport, PHONE } from './support/layout.js';
import { addMemberViaInvitation } from './support/members.js';
import { authOf } from './support/work.js';

const ALL_PASSED = 'All checks passed: no other organization can see your data.';
const NO_FAILED_OPERATIONS = 'No failed operations. Background work that fails after all its attempts shows here.';

/** The three pages reached from /admin/tools, and what each shows once it has its answer. */
const OPERATIONS_PAGES: Array<{ path: string; heading: string; ready: (page: Page) => Promise<void> }> = [
  {
    path: '/admin/failed-operations',
    heading: 'Failed operations',
    ready: async (page) => {
      // A new organization has nothing that failed: the empty state, and a count of none on the filter.
      await expect(page.getByText(NO_FAILED_OPERATIONS)).toBeVisible();
      await expect(page.getByRole('group', { name: 'Kind' }).getByRole('button', { name: 'All (0)' })).toBeVisible();
    },
  },
  {
    path: '/admin/system-health',
    heading: 'System health',
    ready: async (page) => {
      for (const part of ['Database', 'Mail', 'Job queue', 'File storage', 'Backups', 'Live connections'])
        await expect(page.getByRole('heading', { level: 2, name: part })).toBeVisible();
      await expect(page.getByText(/^Checked (just now|\d+ seconds? ago)$/)).toBeVisible();
      await expect(page.getByText(/^Version \S+/)).toBeVisible();
      // Each part says its level in words, not only in colour.
      await expect(page.getByText(/^(Healthy|Needs attention|Not working)$/)).toHaveCount(6);
    },
  },
  {
    path: '/admin/data-isolation',
    heading: 'Data isolation',
    ready: async (page) => {
      await expect(page.getByText(ALL_PASSED)).toBeVisible({ timeout: 15_000 });
      const checks = page.getByRole('list', { name: 'Checks' }).getByRole('listitem');
      await expect(checks).toHaveCount(3);
      await expect(checks.getByText('Passed', { exact: true })).toHaveCount(3);
      await expect(checks.getByText('Failed', { exact: true })).toHaveCount(0);
    },
  },
];

test.describe('operations pages', () => {
  let owner: Account;
  let admin: Account;
  test.beforeAll(async ({ request }) => {
    owner = await registerViaApi(request);
    admin = await addMemberViaInvitation(request, owner, { role: 'admin', firstName: 'Grace', lastName: 'Admin' });
  });

  test('an admin opens each operations page from /admin/tools; every page passes axe, and the isolation checks pass', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    // A request naming another organization is refused, and shows among the refusals of the admin's organization.
    const other = await registerViaApi(request);
    const refused = await request.get(`${API}/organizations/${other.user.organizationId}/people`, {
      headers: authOf(admin),
    });
    expect(refused.status()).toBe(404);

    await openPage(page, admin, '/admin/tools', 'Admin tools');
    await expect(page).toHaveTitle('Admin tools · Keel');
    const users = page
      .getByRole('main')
      .getByRole('listitem')
      .filter({ has: page.getByRole('link', { name: 'Users' }) });
    await expect(users).toContainText('2 active members · 0 pending invitations');
    await expect(
      page
        .getByRole('main')
        .getByRole('listitem')
        .filter({ has: page.getByRole('link', { name: 'Failed operations' }) }),
    ).toContainText('None failed');
    await settled(page);
    await expectNoAxeViolations(page, '/admin/tools');

    for (const { path, heading, ready } of OPERATIONS_PAGES) {
      await test.step(path, async () => {
        await page.getByRole('main').getByRole('link', { name: heading, exact: true }).click();
        await expect(page).toHaveURL(new RegExp(`${path}$`));
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        await expect(page).toHaveTitle(`${heading} · Keel`);
        await ready(page);
        await settled(page);
        await expectNoAxeViolations(page, path);
        await page.goBack();
        await expect(page.getByRole('heading', { level: 1, name: 'Admin tools' })).toBeVisible();
      });
    }

    await openPage(page, admin, '/admin/data-isolation', 'Data isolation');
    await expect(page.getByText(ALL_PASSED)).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText('Someone here named another organization').first()).toBeVisible();
    // On demand, again: still all passed.
    await page.getByRole('button', { name: 'Run the checks' }).click();
    await expect(page.getByRole('button', { name: 'Run the checks' })).toBeEnabled({ timeout: 15_000 });
    await expect(page.getByText(ALL_PASSED)).toBeVisible();
    await expectNoAxeViolations(page, '/admin/data-isolation with a refusal');

    await openPage(page, admin, '/admin/system-health', 'System health');
    await expect(page.getByRole('heading', { level: 2, name: 'Database' })).toBeVisible();
    const health = page.waitForResponse((response) => response.url().endsWith('/system-health'));
    await page.getByRole('button', { name: 'Refresh' }).click();
    expect((await health).status()).toBe(200);
  });

  test.describe('on a phone', () => {
    test.use({ viewport: PHONE, hasTouch: true, isMobile: true });
    test.beforeEach(async ({ page }) => page.emulateMedia({ reducedMotion: 'reduce' }));

    test('each operations page fits 375 px, with 44 px tap targets', async ({ page }) => {
      test.setTimeout(90_000);
      await openPage(page, admin, '/admin/tools', 'Admin tools');
      await settled(page);
      await expectFitsViewport(page, '/admin/tools', { tapTargets: true });
      for (const { path, heading, ready } of OPERATIONS_PAGES) {
        await test.step(path, async () => {
          await page.goto(path);
          await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
          await ready(page);
          await settled(page);
          await expectFitsViewport(page, path, { tapTargets: true });
        });
      }
    });
  });

  test('a member is sent to the dashboard from each operations page', async ({ page, request }) => {
    const member = await addMemberViaInvitation(request, owner, { role: 'member' });
    await openSignedIn(page, member);
    await expectSignedInFrame(page, member);
    for (const path of ['/admin/tools', ...OPERATIONS_PAGES.map((entry) => entry.path)]) {
      await page.goto(path);
      await expect(page, `${path} sends a member away`).toHaveURL(/\/dashboard$/);
      await expect(page.getByRole('heading', { level: 1, name: 'My dashboard' })).toBeVisible();
    }
  });
});
