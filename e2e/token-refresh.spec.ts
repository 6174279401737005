import { type Page, type Response } from '@playwright/test';
import { expect, test } from './support/test.js';
import { API, expectSignedInFrame, openAsNewAccount, sidebar, topBar } from './support/app.js';
import { junkSignedJwt, jwtExpiry, nowSeconds } from './support/jwt.js';

const tokens = (page: Page) =>
  page.evaluate(() => ({
    accessToken: localStorage.getItem('accessToken'),
    refreshToken: localStorage.getItem('refreshToken'),
  }));

const setAccessToken = (page: Page, token: string) =>
  page.evaluate((value) => localStorage.setItem('accessToken', value), token);

/** Records the API answers (method, path, status) seen by the page from now on. */
function recordApi(page: Page) {
  const seen: Array<{ method: string; path: string; status: number; authorization: string | null }> = [];
  const listener = (response: Response) => {
    const url = new URL(response.url());
    if (!url.pathname.startsWith(API)) return;
    seen.push({
      method: response.request().method(),
      path: url.pathname.slice(API.length),
      status: response.status(),
      authorization: response.request().headers().authorization ?? null,
    });
  };
  page.on('response', listener);
  return { seen, stop: () => page.off('response', listener) };
}

test('token refresh: an expired token is renewed, a 401 is refreshed and retried once, and a dead session goes to /login', async ({
  page,
  request,
  consoleGuard,
}) => {
  // The journey expires and kills the session on purpose: the refused calls are the point.
  consoleGuard.allow(/status of 401 \(Unauthorized\)/);
  const account = await openAsNewAccount(page, request);
  const first = await tokens(page);

  // 1. An expired but well-formed (junk-signed) access token: the page stays signed in with new tokens.
  const expired = junkSignedJwt({
    sub: account.user.id,
    org: account.user.organizationId,
    exp: nowSeconds() - 3600,
    iat: nowSeconds() - 7200,
  });
  await setAccessToken(page, expired);
  let log = recordApi(page);
  await page.reload();
  await expectSignedInFrame(page, account);
  await expect(topBar(page).getByText(account.organizationName, { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  const second = await tokens(page);
  expect(second.accessToken).not.toBe(expired);
  // (The new access token may equal the first one: same session, signed within the same second.)
  expect(jwtExpiry(second.accessToken) ?? 0).toBeGreaterThan(nowSeconds() + 300);
  expect(second.refreshToken).toBeTruthy();
  expect(second.refreshToken).not.toBe(first.refreshToken);
  const refreshes = log.seen.filter((call) => call.path === '/auth/refresh');
  expect(refreshes.map((call) => call.status)).toEqual([200]);
  log.stop();
  // The new access token is accepted by the server.
  const profile = await request.get(`${API}/auth/profile`, {
    headers: { Authorization: `Bearer ${second.accessToken}` },
  });
  expect(profile.status()).toBe(200);

  // 1b. A token expiring within the 300 s margin (not yet expired) is refreshed proactively at start,
  // before the profile check, so no call is ever refused.
  const dueSoon = junkSignedJwt({
    sub: account.user.id,
    org: account.user.organizationId,
    exp: nowSeconds() + 120,
    iat: nowSeconds() - 780,
  });
  await setAccessToken(page, dueSoon);
  log = recordApi(page);
  await page.reload();
  await expectSignedInFrame(page, account);
  expect(log.seen.filter((call) => call.status === 401)).toEqual([]);
  expect(log.seen[0]).toMatchObject({ method: 'POST', path: '/auth/refresh', status: 200 });
  const renewed = await tokens(page);
  expect(renewed.accessToken).not.toBe(dueSoon);
  expect(renewed.refreshToken).not.toBe(second.refreshToken);
  log.stop();

  // 2. A far-future junk-signed token: the next call gets 401, the app refreshes once and retries once.
  const forged = junkSignedJwt({
    sub: account.user.id,
    org: account.user.organizationId,
    exp: nowSeconds() + 10 * 365 * 86400,
    iat: nowSeconds(),
  });
  await setAccessToken(page, forged);
  log = recordApi(page);
  await page.reload();
  await expectSignedInFrame(page, account);
  await expect(page).toHaveURL(/\/dashboard$/);
  const profileCalls = log.seen.filter((call) => call.method === 'GET' && call.path === '/auth/profile');
  expect(profileCalls.map((call) => call.status).slice(0, 2)).toEqual([401, 200]);
  expect(profileCalls[0]?.authorization).toBe(`Bearer ${forged}`);
  expect(log.seen.filter((call) => call.path === '/auth/refresh').map((call) => call.status)).toEqual([200]);
  const third = await tokens(page);
  expect(third.accessToken).not.toBe(forged);
  expect(third.refreshToken).not.toBe(renewed.refreshToken);
  expect(profileCalls[1]?.authorization).toBe(`Bearer ${third.accessToken}`);
  log.stop();
  // The page still works: navigating shows pages.
  await sidebar(page).getByRole('link', { name: 'Headlines' }).click();
  await expect(page).toHaveURL(/\/headlines$/);
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();

  // 3. No refresh token and a broken access token: the next call's 401 cannot be refreshed → /login.
  await page.evaluate(() => {
    localStorage.removeItem('refreshToken');
    localStorage.setItem('accessToken', 'broken.token.value');
  });
  log = recordApi(page);
  // Terminology settings fetch the presets, a call not made before in this page's life.
  await sidebar(page).getByRole('link', { name: 'Terminology' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
  expect(log.seen.some((call) => call.status === 401)).toBe(true);
  expect(log.seen.filter((call) => call.path === '/auth/refresh')).toEqual([]);
  expect(await tokens(page)).toEqual({ accessToken: null, refreshToken: null });
  log.stop();
});
