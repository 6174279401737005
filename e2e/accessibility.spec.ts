import { expect, test, type Page } from '@playwright/test';
import { expectSignedInFrame, openSignedIn, registerViaApi, type Account } from './support/app.js';
import { expectNoSeriousViolations } from './support/axe.js';

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

/** The page is drawn (a level-1 heading) and no spinner is left. */
async function settled(page: Page) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByRole('status', { name: /loading/i })).toHaveCount(0);
}

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
    });
    for (const scheme of SCHEMES) {
      test(`/dashboard, ${scheme}`, async ({ page }) => {
        await useScheme(page, scheme);
        await openSignedIn(page, account);
        await expectSignedInFrame(page, account);
        await settled(page);
        await expectNoSeriousViolations(page, `/dashboard (${scheme})`);
      });
    }
  });
});
