// A signed-in Chromium page for the benchmarks that measure inside the browser.

const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/**
 * Launches Debian's Chromium (headless, 1440×900), signs `email` in through the sign-in page and hands the page
 * (on /dashboard) to `use`; the browser is closed whatever happens.
 */
export async function withSignedInPage(baseUrl, { email, password }, use) {
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: ['--no-sandbox'] });
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    page.setDefaultTimeout(60_000);
    await page.goto(`${baseUrl}/login`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: /sign in/i }).click();
    await page.waitForURL('**/dashboard');
    return await use(page);
  } finally {
    await browser.close();
  }
}
