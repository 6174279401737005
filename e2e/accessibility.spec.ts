import { type Page } from '@playwright/test';
import { expect, test } from './support/test.js';
import { expectSignedInFrame, openSignedIn, registerViaApi, settled, sidebar, type Account } from './support/app.js';
import { expectNoAxeViolations } from './support/axe.js';
import { authOf, createTodo, firstTeamId, localDate, orgPath } from './support/work.js';
import { PLACEHOLDER_TEXT, accountAndAdminPages, workPages } from './support/routes.js';

const PUBLIC_PAGES = [
  '/',
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password?token=x',
  '/privacy',
  '/terms',
  '/comparison',
  '/dashboard-comparison',
  '/scorecard-comparison',
  '/consultant-register',
  '/accept-invitation',
];

const SCHEMES = ['light', 'dark'] as const;

/**
 * Dark mode changes colours only, so the dark walks check one page of each kind (lists with rows, a table, forms,
 * the not-found frame) rather than every route again: the whole suite has a ten-minute budget.
 */
const BUILT_IN_DARK = new Set([
  '/dashboard',
  '/quarterly-priorities',
  '/todos',
  '/issues',
  '/users',
  '/organization-settings',
  '/terminology-settings',
  '/admin/user-activity',
  '/no-such-page',
]);
const pagesFor = (scheme: (typeof SCHEMES)[number], paths: readonly string[]) =>
  scheme === 'light' ? paths : paths.filter((path) => BUILT_IN_DARK.has(path));

async function useScheme(page: Page, scheme: (typeof SCHEMES)[number]) {
  await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
}

test.describe('accessibility (axe: wcag2a, wcag2aa, wcag21a, wcag21aa)', () => {
  for (const scheme of SCHEMES) {
    test(`public pages, ${scheme}`, async ({ page }) => {
      await useScheme(page, scheme);
      for (const path of PUBLIC_PAGES) {
        await test.step(path, async () => {
          await page.goto(path);
          await settled(page);
          await expect(page.locator('html')).toHaveClass(scheme === 'dark' ? /(^|\s)dark(\s|$)/ : /^(?!.*\bdark\b).*$/);
          await expectNoAxeViolations(page, `${path} (${scheme})`);
        });
      }
    });
  }

  test.describe('signed in', () => {
    let account: Account;
    let teamId: string;
    test.beforeAll(async ({ request }) => {
      account = await registerViaApi(request);
      // Lists with rows (an overdue, a done and a private to-do; a headline of each type; an issue) so axe
      // sees checkboxes, due-date colours and groups, not only empty states.
      teamId = await firstTeamId(request, account);
      await createTodo(request, account, teamId, { title: 'Overdue report', dueDate: localDate(-2) });
      const done = await createTodo(request, account, teamId, { title: 'Done already', dueDate: localDate(0) });
      await request.post(orgPath(account, `/todos/${done.id}/complete`), {
        headers: authOf(account),
        data: { version: done.version },
      });
      for (const type of ['customer', 'employee', 'other'])
        await request.post(orgPath(account, '/headlines'), {
          headers: authOf(account),
          data: { teamId, type, text: `A ${type} headline`, aboutText: 'Acme Ltd' },
        });
      const issue = await request.post(orgPath(account, '/issues'), {
        headers: authOf(account),
        data: { teamId, title: 'Invoices go out late', ownerId: account.user.id },
      });
      expect(issue.status(), await issue.text()).toBe(201);
    });

    /**
     * Opens each path, checks the page names itself with one word (its <title> is its level-1 heading, and
     * the highlighted sidebar entry is how that heading begins), then runs axe.
     */
    async function walk(page: Page, scheme: (typeof SCHEMES)[number], paths: readonly string[]) {
      await useScheme(page, scheme);
      await openSignedIn(page, account);
      await expectSignedInFrame(page, account);
      let placeholderChecked = false;
      for (const path of pagesFor(scheme, paths)) {
        await test.step(path, async () => {
          await page.goto(path);
          await settled(page);
          const heading = (await page.getByRole('main').getByRole('heading', { level: 1 }).innerText()).trim();
          expect(heading === 'Page not found', `${path} is routed`).toBe(path === '/no-such-page');
          await expect(page).toHaveTitle(`${heading} · Keel`);
          const current = sidebar(page).locator('[aria-current="page"]');
          if ((await current.count()) > 0 && (await current.getAttribute('href')) === path) {
            const entry = (await current.innerText()).trim();
            expect(heading.toLowerCase().startsWith(entry.toLowerCase()), `${path}: "${entry}" / "${heading}"`).toBe(
              true,
            );
          }
          // Every "not built yet" page draws the same placeholder frame: axe checks it once per walk, and each
          // page again as soon as it is built (the placeholder text is gone).
          const placeholder = (await page.getByText(PLACEHOLDER_TEXT).count()) > 0;
          if (placeholder && placeholderChecked) return;
          placeholderChecked ||= placeholder;
          await expectNoAxeViolations(page, `${path} (${scheme})`);
        });
      }
    }

    for (const scheme of SCHEMES) {
      test(`work pages with rows (dashboard, lists, meetings, departments, imports), ${scheme}`, async ({ page }) => {
        test.setTimeout(240_000);
        await walk(page, scheme, workPages(account.user.organizationId, teamId));
        // The rows are on screen (not only empty states) where they were seeded.
        for (const [path, text] of [
          ['/todos', 'Overdue report'],
          ['/headlines', 'A customer headline'],
          ['/issues', 'Invoices go out late'],
        ] as const) {
          await page.goto(path);
          await expect(page.getByText(text).first()).toBeVisible();
          await settled(page);
          await expectNoAxeViolations(page, `${path} with rows (${scheme})`);
        }
      });

      test(`account, settings and admin pages, ${scheme}`, async ({ page }) => {
        test.setTimeout(240_000);
        await walk(page, scheme, accountAndAdminPages);
      });
    }
  });
});
