import { expect, test } from './support/test.js';
import { API, expectSignedInFrame, registerViaApi, topBar } from './support/app.js';

test.describe('sign in and out', () => {
  test("a wrong password shows the server's error banner; the right one (+ Keep me signed in) → /dashboard; Log out → /login", async ({
    page,
    request,
    consoleGuard,
  }) => {
    consoleGuard.allowResponse(401, '/auth/login');
    const account = await registerViaApi(request);
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    const refused = page.waitForResponse((response) => response.url().endsWith(`${API}/auth/login`));
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const response = await refused;
    expect(response.status()).toBe(401);
    const { error } = (await response.json()) as { error?: string };
    expect(error).toBeTruthy();
    await expect(page.getByRole('alert').filter({ hasText: error ?? '' })).toHaveText(error ?? '');
    await expect(page).toHaveURL(/\/login$/);

    // The show/hide toggle.
    const password = page.getByLabel('Password', { exact: true });
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(password).toHaveAttribute('type', 'text');

    await password.fill(account.password);
    await page.getByRole('checkbox', { name: 'Keep me signed in' }).check();
    const accepted = page.waitForRequest((req) => req.url().endsWith(`${API}/auth/login`));
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    expect((await accepted).postDataJSON()).toMatchObject({ email: account.email, rememberMe: true });
    await expect(page).toHaveURL(/\/dashboard$/);
    // Previous errors are cleared at each submit.
    await expect(page.getByText(error ?? '')).toBeHidden();
    await expect(topBar(page).getByText(account.organizationName, { exact: true })).toBeVisible();

    // The organization's theme is cached per organization (spec section 4) — and forgotten at logout.
    await expect
      .poll(() => page.evaluate((id) => localStorage.getItem(`orgTheme_${id}`), account.user.organizationId))
      .not.toBeNull();

    // User menu: one "Profile and settings" entry (both go to /user-settings), Log out to /login.
    const menuButton = page.getByRole('button', { name: `${account.firstName} ${account.lastName} account menu` });
    await menuButton.click();
    await expect(page.getByRole('menuitem')).toHaveText(['Profile and settings', 'Log out']);
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(
      await page.evaluate(() => [
        localStorage.getItem('accessToken'),
        localStorage.getItem('refreshToken'),
        localStorage.getItem('organizationId'),
      ]),
    ).toEqual([null, null, null]);
    expect(await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('orgTheme_')))).toEqual(
      [],
    );
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
  });

  test("the button reads 'Signing in...' while the call is in flight", async ({ page, request }) => {
    const account = await registerViaApi(request);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(`**${API}/auth/login`, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/login');
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const busy = page.getByRole('button', { name: 'Signing in...' });
    await expect(busy).toBeVisible();
    await expect(busy).toBeDisabled();
    release();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expectSignedInFrame(page, account);
  });

  test('validation: e-mail and password messages of spec section 5', async ({ page }) => {
    let loginCalls = 0;
    page.on('request', (req) => {
      if (req.url().endsWith(`${API}/auth/login`)) loginCalls += 1;
    });
    await page.goto('/login');
    await page.getByLabel('Email').fill('not-an-address');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveAccessibleDescription('Please enter a valid email address');
    expect(loginCalls).toBe(0);
  });

  test('the screen offers the spec links and buttons', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
    await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Continue with Microsoft' })).toBeVisible();
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: 'Terms' })).toHaveAttribute('href', '/terms');
    await expect(footer.getByRole('link', { name: 'Privacy' })).toHaveAttribute('href', '/privacy');
    await expect(footer.getByRole('link', { name: 'Support' })).toHaveAttribute('href', /^mailto:/);
  });
});
