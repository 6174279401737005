import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.js';
import { expect, test } from './support/test.js';

const structuredData = async (page: Page) =>
  JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}') as {
    aggregateRating?: { ratingValue: string; ratingCount: number };
  };

test.describe('home page', () => {
  test('shows Sign In and Get Started, Start Executing, and the legal footer links', async ({ page }) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    await expect(header.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/register');
    await expect(page.getByRole('link', { name: /Start Executing/ })).toHaveAttribute('href', '/register');
    await expect(page.getByRole('link', { name: /Start Free Trial/ }).first()).toHaveAttribute('href', '/register');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: /privacy/i }).first()).toHaveAttribute('href', '/privacy');
    await expect(footer.getByRole('link', { name: /terms/i }).first()).toHaveAttribute('href', '/terms');
    // The e2e server has no MARKETING_CONTENT_FILE: it claims nothing it cannot back.
    await expect(page.getByRole('heading', { name: 'Ready for larger organizations' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'What customers say' })).toHaveCount(0);
    await expect(page.getByText(/SOC 2/)).toHaveCount(0);
    await expect(footer).not.toContainText(/patent/i);
    expect((await structuredData(page)).aggregateRating).toBeUndefined();

    await header.getByRole('link', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goBack();
    await page.getByRole('banner').getByRole('link', { name: 'Get Started' }).click();
    await expect(page).toHaveURL(/\/register$/);
  });

  test("shows the operator's claims when the server serves them, readable on a phone", async ({ page }) => {
    // The server side (MARKETING_CONTENT_FILE) is covered by its route tests; here the page renders what it is given.
    await page.route('**/api/v1/marketing-content', (route) =>
      route.fulfill({
        json: {
          data: {
            testimonials: [
              { quote: 'Our leadership meeting has one source of truth.', role: 'Chief Executive Officer', rating: 5 },
              { quote: 'Adoption took days.', role: 'Chief Operating Officer', company: 'Acme', rating: 4 },
            ],
            soc2Type2: 'Audited against SOC 2 Type II by an independent firm in 2026.',
            aggregateRating: { ratingValue: 4.8, ratingCount: 127 },
            patentPending: 'Patent pending.',
          },
        },
      }),
    );
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/');
    const testimonials = page.getByRole('region', { name: 'What customers say' });
    await expect(testimonials.getByRole('img', { name: 'Rated 5 out of 5 stars' })).toBeVisible();
    await expect(testimonials.getByText('Chief Operating Officer, Acme')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'SOC 2 Type II' })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toContainText('Patent pending.');
    expect((await structuredData(page)).aggregateRating).toMatchObject({ ratingValue: '4.8', ratingCount: 127 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectNoAxeViolations(page, 'home page with the operator claims');
  });

  test("'See Framework Switching in Action': five chips, a chip click pauses, Escape closes", async ({ page }) => {
    await page.goto('/');
    const opener = page.getByRole('button', { name: 'See Framework Switching in Action' });
    await opener.click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    const chips = dialog.getByRole('group', { name: 'Methodologies' }).getByRole('button');
    await expect(chips).toHaveCount(5);
    await expect(dialog.getByRole('button', { name: /Auto-Playing/ })).toBeVisible();
    const next = dialog.getByRole('button', { name: 'Next' });
    await expect(next).toBeDisabled();

    const third = chips.nth(2);
    await third.click();
    await expect(third).toHaveAttribute('aria-pressed', 'true');
    await expect(dialog.getByRole('button', { name: /Paused/ })).toBeVisible();
    await expect(next).toBeEnabled();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });
});
