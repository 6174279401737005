import { expect, test } from './support/test.js';
import {
  expectSignedInFrame,
  notFoundHeading,
  openSignedIn,
  registerViaApi,
  sidebar,
  type Account,
} from './support/app.js';
import { addMemberViaInvitation } from './support/members.js';

test.describe('redirects and guards, signed out', () => {
  test('/dashboard and other signed-in pages → /login', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/organization-settings');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('/rocks → /quarterly-priorities and /vto → /business-blueprint (then, signed out, /login)', async ({ page }) => {
    const seen: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) seen.push(new URL(frame.url()).pathname);
    });
    await page.goto('/rocks');
    await expect(page).toHaveURL(/\/login$/);
    expect(seen).toContain('/quarterly-priorities');
  });

  test('an unknown path shows the not-found page', async ({ page }) => {
    await page.goto('/no-such-page/at-all');
    await expect(notFoundHeading(page)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });
});

test.describe('redirects and guards, signed in (owner)', () => {
  let owner: Account;
  test.beforeAll(async ({ request }) => {
    owner = await registerViaApi(request);
  });

  test('/login, /register, /forgot-password, /reset-password, /consultant-register and / → /dashboard', async ({
    page,
  }) => {
    await openSignedIn(page, owner);
    await expectSignedInFrame(page, owner);
    for (const path of [
      '/login',
      '/register',
      '/forgot-password',
      '/reset-password?token=x',
      '/consultant-register',
      '/',
    ]) {
      await page.goto(path);
      await expect(page, `${path} sends a signed-in user to /dashboard`).toHaveURL(/\/dashboard$/);
      await expectSignedInFrame(page, owner);
    }
  });

  test('/rocks → /quarterly-priorities, /vto → /business-blueprint', async ({ page }) => {
    await openSignedIn(page, owner, '/rocks');
    await expect(page).toHaveURL(/\/quarterly-priorities$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.goto('/vto');
    await expect(page).toHaveURL(/\/business-blueprint$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('an unknown path shows the not-found page', async ({ page }) => {
    await openSignedIn(page, owner, '/definitely/not/a/page');
    await expect(notFoundHeading(page)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to my dashboard' })).toHaveAttribute('href', '/dashboard');
  });

  test('admin-only routes work for the owner (owner counts as admin)', async ({ page }) => {
    await openSignedIn(page, owner, '/organization-settings');
    await expect(page.getByRole('heading', { name: 'Organization settings', level: 1 })).toBeVisible();
    for (const path of [
      '/terminology-settings',
      '/admin/tools',
      '/organization-settings/storage',
      '/admin/system-health',
      '/admin/data-isolation',
    ]) {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(notFoundHeading(page)).toBeHidden();
    }
  });

  test('admin-only routes send a plain member to /dashboard', async ({ page, request }) => {
    const member = await addMemberViaInvitation(request, owner, {
      role: 'member',
      teamIds: owner.user.teams.map((team) => team.id),
    });
    await openSignedIn(page, member);
    await expectSignedInFrame(page, member);
    for (const path of ['/users', '/departments', '/organization-settings', '/admin/tools', '/admin/user-activity']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/dashboard$/);
    }
  });

  test('variant routes render a page, not the not-found page', async ({ page }) => {
    await openSignedIn(page, owner);
    await expectSignedInFrame(page, owner);
    for (const path of [
      '/dashboard-original',
      '/dashboard-redesigned',
      '/scorecard-debug',
      '/scorecard-original',
      '/issues-original',
      '/quarterly-priorities-redesigned',
    ]) {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
      await expect(notFoundHeading(page)).toBeHidden();
    }
  });

  test('the sidebar lists the spec section 2 entries in order, highlights the current page, and hides in a live meeting', async ({
    page,
  }) => {
    await openSignedIn(page, owner);
    const nav = sidebar(page);
    await expect(nav).toHaveCount(1);
    const expected: Array<[string, string]> = [
      ['My dashboard', '/dashboard'],
      // Renamable concepts carry the organization's terminology: spec section 3's defaults here.
      ['Quarterly Priorities', '/quarterly-priorities'],
      ['Metrics', '/scorecard'],
      ['Tasks', '/todos'],
      ['Headlines', '/headlines'],
      ['Issues', '/issues'],
      ['Meetings', '/meetings'],
      ['Meeting history', '/meeting-history'],
      ['Processes', '/processes'],
      ['2-Page Plan', '/business-blueprint'],
      ['Organizational Chart', '/organizational-chart'],
      ['Documents', '/documents'],
    ];
    const admin: Array<[string, string]> = [
      ['Departments', '/departments'],
      ['Users', '/users'],
      ['Admin Tools', '/admin/tools'],
      ['Organization', '/organization-settings'],
      ['Storage Config', '/organization-settings/storage'],
      ['Terminology', '/terminology-settings'],
      ['Billing', '/billing'],
    ];
    const links = nav.getByRole('link').filter({ hasNotText: /^Keel$/ });
    await expect(links).toHaveCount(expected.length + admin.length);
    const actual = await links.evaluateAll((elements) =>
      elements.map((element) => [element.textContent?.trim() ?? '', element.getAttribute('href') ?? '']),
    );
    expect(actual).toEqual([...expected, ...admin]);
    await expect(nav.getByRole('link', { name: 'My dashboard' })).toHaveAttribute('aria-current', 'page');

    await nav.getByRole('link', { name: 'Headlines' }).click();
    await expect(page).toHaveURL(/\/headlines$/);
    await expect(nav.getByRole('link', { name: 'Headlines' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'My dashboard' })).not.toHaveAttribute('aria-current', 'page');

    const teamId = owner.user.teams[0]?.id ?? '00000000-0000-4000-8000-000000000000';
    await page.goto(`/meetings/weekly-accountability/${teamId}`);
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
    await expect(notFoundHeading(page)).toBeHidden();
    await expect(sidebar(page)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Open navigation' })).toHaveCount(0);
    await page.goto('/meetings');
    await expect(sidebar(page)).toHaveCount(1);
  });
});
