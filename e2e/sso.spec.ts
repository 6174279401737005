import { expect, test } from './support/test.js';
import { API, expectSignedInFrame, openSignedIn, registerViaApi } from './support/app.js';
import { useOidcSubject } from './support/oidc-provider.js';

/**
 * Single sign-on against the local OpenID provider that plays Google for the run
 * (support/oidc-provider.ts): it signs whoever asks in at once, as the subject a journey chooses.
 */
test.describe('Single sign-on', () => {
  test('an identity nobody linked lands on the login page with "Account Not Found"', async ({ page, consoleGuard }) => {
    // Refused by the server (404), and logged by the page as spec section 8 asks.
    consoleGuard.allowResponse(404, '/auth/google/callback');
    consoleGuard.allow(/\[keel\] single sign-on callback failed/);
    useOidcSubject(`unlinked-${Date.now()}`);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await expect(page.getByText('Account Not Found')).toBeVisible({ timeout: 15_000 });
    await expect(
      page.getByText(
        'Your account has not been created yet. Please contact your administrator to set up your account.',
      ),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('says plainly that Microsoft is not configured', async ({ page }) => {
    await page.goto('/login');
    await expect(
      page.getByText(
        'Sign-in with Microsoft is not configured on this Keel server. Please use your email and password.',
      ),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Continue with Microsoft' })).toBeDisabled();
  });

  test('a person links Google to their account, then signs in with it', async ({ page, request }) => {
    const account = await registerViaApi(request);
    useOidcSubject(`linked-${Date.now()}`);

    // The settings page's link button does this: post to /link, then hand the window to the authUrl.
    await openSignedIn(page, account, '/dashboard');
    await expectSignedInFrame(page, account);
    const linked = await page.request.post(`${API}/auth/google/link`, {
      headers: { authorization: `Bearer ${account.accessToken}` },
    });
    expect(linked.status()).toBe(200);
    const { authUrl } = ((await linked.json()) as { data: { authUrl: string } }).data;
    await page.evaluate(() => {
      sessionStorage.setItem('ssoProvider', 'google');
      sessionStorage.setItem('ssoLinking', '1');
    });
    await page.goto(authUrl);
    await expect(page).toHaveURL(/\/user-settings$/, { timeout: 15_000 });

    // Signed out (away from the signed-in page, whose calls would be refused), the same Google identity now signs in.
    await page.goto(`${API}/health`);
    await page.evaluate(() => localStorage.clear());
    await page.goto('/login');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 15_000 });
    await expectSignedInFrame(page, account);
  });
});
