import { type Page } from '@playwright/test';
import { expect, test } from './support/test.js';
import { expectSignedInFrame, openAsNewAccount } from './support/app.js';

const html = (page: Page) => page.locator('html');

test.describe('dark mode', () => {
  test('the top-bar switch toggles the dark class on <html> and the choice survives a reload', async ({
    page,
    request,
  }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    const account = await openAsNewAccount(page, request);
    await expect(html(page)).not.toHaveClass(/(^|\s)dark(\s|$)/);

    await page.getByRole('button', { name: 'Switch to dark mode' }).click();
    await expect(html(page)).toHaveClass(/(^|\s)dark(\s|$)/);
    expect(await page.evaluate(() => localStorage.getItem('darkMode'))).toBe('true');
    await page.reload();
    await expectSignedInFrame(page, account);
    await expect(html(page)).toHaveClass(/(^|\s)dark(\s|$)/);

    await page.getByRole('button', { name: 'Switch to light mode' }).click();
    await expect(html(page)).not.toHaveClass(/(^|\s)dark(\s|$)/);
    expect(await page.evaluate(() => localStorage.getItem('darkMode'))).toBe('false');
    // A stored choice wins over the system preference.
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.reload();
    await expectSignedInFrame(page, account);
    await expect(html(page)).not.toHaveClass(/(^|\s)dark(\s|$)/);
  });

  test('with nothing stored the system preference decides, and is followed live', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/login');
    expect(await page.evaluate(() => localStorage.getItem('darkMode'))).toBeNull();
    await expect(html(page)).toHaveClass(/(^|\s)dark(\s|$)/);
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(html(page)).not.toHaveClass(/(^|\s)dark(\s|$)/);
  });
});
