import { expect, test } from '@playwright/test';

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
    await expect(footer).toContainText(/patent pending/i);

    await header.getByRole('link', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goBack();
    await page.getByRole('banner').getByRole('link', { name: 'Get Started' }).click();
    await expect(page).toHaveURL(/\/register$/);
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
