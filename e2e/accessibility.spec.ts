import { expect, test, type Page } from '@playwright/test';
import { expectSignedInFrame, openSignedIn, registerViaApi, settled, type Account } from './support/app.js';
import { expectNoSeriousViolations } from './support/axe.js';
import { authOf, createTodo, firstTeamId, localDate, orgPath } from './support/work.js';

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
          await expectNoSeriousViolations(page, `${path} (${scheme})`);
        });
      }
    });
  }

  test.describe('signed in', () => {
    let account: Account;
    test.beforeAll(async ({ request }) => {
      account = await registerViaApi(request);
      // Lists with rows (an overdue, a done and a private to-do; a headline of each type) so axe sees
      // checkboxes, due-date colours and groups, not only empty states.
      const teamId = await firstTeamId(request, account);
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
    });
    for (const scheme of SCHEMES) {
      test(`/dashboard, /todos, /headlines, ${scheme}`, async ({ page }) => {
        await useScheme(page, scheme);
        await openSignedIn(page, account);
        await expectSignedInFrame(page, account);
        await settled(page);
        await expectNoSeriousViolations(page, `/dashboard (${scheme})`);
        for (const [path, text] of [
          ['/todos', 'Overdue report'],
          ['/headlines', 'A customer headline'],
        ] as const) {
          await test.step(path, async () => {
            await page.goto(path);
            await expectSignedInFrame(page, account);
            await expect(page.getByText(text)).toBeVisible();
            await settled(page);
            await expectNoSeriousViolations(page, `${path} (${scheme})`);
          });
        }
      });
    }
  });
});
