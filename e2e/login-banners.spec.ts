import { expect, test } from './support/test.js';

// Spec section 8: the login banner for each value of the error query parameter.
const ROWS: Array<{ error: string; message?: string; title: string; text: string }> = [
  {
    error: 'user_not_found',
    title: 'Account Not Found',
    text: 'Your account has not been created yet. Please contact your administrator to set up your account.',
  },
  {
    error: 'user_not_found',
    message: 'Ask Jo in IT for an invitation.',
    title: 'Account Not Found',
    text: 'Ask Jo in IT for an invitation.',
  },
  {
    error: 'oauth_failed',
    title: 'Authentication Failed',
    text: 'There was a problem with Microsoft authentication. Please try again.',
  },
  // The message parameter does not replace the fixed texts.
  {
    error: 'oauth_failed',
    message: 'ignored',
    title: 'Authentication Failed',
    text: 'There was a problem with Microsoft authentication. Please try again.',
  },
  {
    error: 'invalid_token',
    title: 'Invalid Authentication',
    text: 'The authentication token was invalid. Please try signing in again.',
  },
  {
    error: 'no_token',
    title: 'Authentication Incomplete',
    text: 'The authentication process did not complete. Please try again.',
  },
  {
    error: 'invalid_user',
    title: 'User Account Error',
    text: 'There was a problem with your user account. Please contact support.',
  },
  { error: 'auth_failed', title: 'Login Failed', text: 'Please try again or contact support.' },
  {
    error: 'auth_failed',
    message: 'Your tenant is suspended.',
    title: 'Login Failed',
    text: 'Your tenant is suspended.',
  },
  {
    error: 'something_else',
    title: 'Authentication Error',
    text: 'An error occurred during authentication. Please try again.',
  },
  {
    error: 'something_else',
    message: 'Provider said no & went away',
    title: 'Authentication Error',
    text: 'Provider said no & went away',
  },
];

test.describe('login banners from the query string', () => {
  for (const row of ROWS) {
    test(`error=${row.error}${row.message ? ' with a message' : ''} → "${row.title}"`, async ({ page }) => {
      const query = new URLSearchParams({ error: row.error, ...(row.message ? { message: row.message } : {}) });
      await page.goto(`/login?${query.toString()}`);
      const banner = page.getByRole('alert').filter({ hasText: row.title });
      await expect(banner).toBeVisible();
      await expect(banner).toContainText(row.title);
      await expect(banner).toContainText(row.text);
      await expect(banner).toHaveText(`${row.title}${row.text}`);
      // The query string is removed from the address once read.
      await expect(page).toHaveURL(/\/login$/);
      expect(new URL(page.url()).search).toBe('');
    });
  }
});
