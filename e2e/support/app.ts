import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** The API's base path (README: "The API is under /api/v1"). */
export const API = '/api/v1';

let counter = 0;
/** A fresh address per call: timestamp + process + counter, so reruns against one database never clash. */
export function uniqueEmail(tag = 'user'): string {
  counter += 1;
  return `e2e-${tag}-${Date.now().toString(36)}-${process.pid}-${counter}@example.com`;
}

export const PASSWORD = 'correct-horse-7';

export interface SessionUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: string;
  organizationId: string;
  organizationName: string;
  teams: Array<{ id: string; name: string; is_leadership_team: boolean }>;
}

export interface Account {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  organizationName: string;
  user: SessionUser;
  accessToken: string;
  refreshToken: string;
}

/** Registers an owner with both legal documents accepted, straight through the API (fast set-up for journeys). */
export async function registerViaApi(
  request: APIRequestContext,
  overrides: Partial<Pick<Account, 'email' | 'organizationName'>> = {},
): Promise<Account> {
  const email = overrides.email ?? uniqueEmail('api');
  const organizationName = overrides.organizationName ?? `Org ${email.slice(4, 20)}`;
  const fields = { firstName: 'Ada', lastName: 'Lovelace', email, password: PASSWORD, organizationName };
  const response = await request.post(`${API}/auth/register`, {
    data: {
      ...fields,
      legalAgreement: {
        termsAccepted: true,
        privacyAccepted: true,
        acceptedAt: new Date().toISOString(),
        ipAddress: '127.0.0.1',
        userAgent: 'playwright',
        version: '1.0',
      },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const body = (await response.json()) as { data: { user: SessionUser; accessToken: string; refreshToken: string } };
  return { ...fields, user: body.data.user, accessToken: body.data.accessToken, refreshToken: body.data.refreshToken };
}

/**
 * Opens the app already signed in as the account: writes the tokens the way the web app stores them
 * (localStorage accessToken, refreshToken, organizationId) on a cheap same-origin page, then opens `path`.
 */
export async function openSignedIn(page: Page, account: Account, path = '/dashboard'): Promise<void> {
  await page.goto(`${API}/health`);
  await page.evaluate(
    ({ accessToken, refreshToken, organizationId }) => {
      localStorage.setItem('accessToken', accessToken);
      localStorage.setItem('refreshToken', refreshToken);
      localStorage.setItem('organizationId', organizationId);
    },
    {
      accessToken: account.accessToken,
      refreshToken: account.refreshToken,
      organizationId: account.user.organizationId,
    },
  );
  await page.goto(path);
}

/** The signed-in top bar (the layout's <header>, role banner). */
export const topBar = (page: Page) => page.getByRole('banner');

/** The signed-in sidebar (nav "Main"); on a desktop viewport only the permanent one exists. */
export const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/** Waits until the signed-in frame is on screen: the account menu of the top bar. */
export async function expectSignedInFrame(page: Page, account: Pick<Account, 'firstName' | 'lastName'>): Promise<void> {
  // Generous: the first signed-in page loads the layout chunk and four API calls on a busy 2-core machine.
  await expect(page.getByRole('button', { name: `${account.firstName} ${account.lastName} account menu` })).toBeVisible(
    { timeout: 15_000 },
  );
}

/** Registers a new owner (registerViaApi), opens `path` signed in as them and waits for the signed-in frame. */
export async function openAsNewAccount(page: Page, request: APIRequestContext, path = '/dashboard'): Promise<Account> {
  const account = await registerViaApi(request);
  await openSignedIn(page, account, path);
  await expectSignedInFrame(page, account);
  return account;
}

/** Opens `path` signed in and waits for its level-1 heading (generous: the first load is slow on a busy machine). */
export async function openPage(page: Page, account: Account, path: string, heading: string): Promise<void> {
  await openSignedIn(page, account, path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible({ timeout: 15_000 });
}

/** The page is drawn (a level-1 heading, or an open dialog) and no spinner is left: ready for an axe check. */
export async function settled(page: Page): Promise<void> {
  // An open dialog hides the rest of the page from the accessibility tree, its heading included.
  await expect(page.getByRole('heading', { level: 1 }).or(page.getByRole('dialog')).first()).toBeVisible();
  await expect(page.getByRole('status', { name: /loading/i })).toHaveCount(0);
}

/** The not-found page's heading. */
export const notFoundHeading = (page: Page) => page.getByRole('heading', { name: 'Page not found' });
