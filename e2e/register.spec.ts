import { type Page } from '@playwright/test';
import { expect, test } from './support/test.js';
import { API, PASSWORD, expectSignedInFrame, registerViaApi, topBar, uniqueEmail } from './support/app.js';

const LEGAL_REQUIRED = 'You must accept both the Terms of Service and Privacy Policy to create an account';

async function fillRegistration(page: Page, values: { email: string; organizationName: string; confirm?: string }) {
  await page.getByLabel('First name').fill('Grace');
  await page.getByLabel('Last name').fill('Hopper');
  await page.getByLabel('Work email').fill(values.email);
  await page.getByLabel('Organization name').fill(values.organizationName);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password', { exact: true }).fill(values.confirm ?? PASSWORD);
}

const termsBox = (page: Page) => page.getByRole('checkbox', { name: 'I have read and agree to the Terms of Service' });
const privacyBox = (page: Page) => page.getByRole('checkbox', { name: 'I have read and agree to the Privacy Policy' });
const submit = (page: Page) => page.getByRole('button', { name: 'Start Free Trial' });

test.describe('registration', () => {
  test('the screen shows the spec texts', async ({ page }) => {
    await page.goto('/register');
    await expect(page.getByRole('heading', { name: 'Start Your Free Trial', level: 1 })).toBeVisible();
    await expect(page.getByText('30 days free • No credit card required')).toBeVisible();
    await expect(page.getByText('Or register with email')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign up with Google' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign up with Microsoft' })).toBeVisible();
    await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('placeholder', 'At least 6 characters');
    const badges = page.getByRole('list', { name: 'Trial terms' }).getByRole('listitem');
    await expect(badges).toHaveText(['30-day trial', 'No credit card', 'Cancel anytime']);
    await expect(page.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  });

  test('every field and both legal boxes (one through the document dialog) → /dashboard with the organization in the top bar', async ({
    page,
  }) => {
    const email = uniqueEmail('register');
    const organizationName = `Registered ${email.slice(13, 25)}`;
    await page.goto('/register');
    await fillRegistration(page, { email, organizationName });

    // The password toggles show and hide what was typed.
    const password = page.getByLabel('Password', { exact: true });
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    await expect(password).toHaveAttribute('type', 'password');

    await termsBox(page).check();
    // The privacy box is ticked by the document dialog's Accept button.
    await page.getByRole('button', { name: 'Read the Privacy Policy' }).click();
    const dialog = page.getByRole('dialog', { name: 'Privacy Policy' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('region', { name: 'Privacy Policy text' })).not.toBeEmpty();
    await dialog.getByRole('button', { name: 'Accept' }).click();
    await expect(dialog).toBeHidden();
    await expect(privacyBox(page)).toBeChecked();
    await expect(termsBox(page)).toBeChecked();

    // Held in flight so the loading label can be seen.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(`**${API}/auth/register`, async (route) => {
      await held;
      await route.continue();
    });
    const registered = page.waitForResponse((response) => response.url().endsWith(`${API}/auth/register`));
    await submit(page).click();
    await expect(page.getByRole('button', { name: 'Creating account...' })).toBeDisabled();
    release();
    const response = await registered;
    expect(response.status()).toBe(201);
    expect(response.request().postDataJSON()).toMatchObject({
      firstName: 'Grace',
      lastName: 'Hopper',
      email,
      organizationName,
      legalAgreement: { termsAccepted: true, privacyAccepted: true, version: '1.0' },
    });
    expect(response.request().postDataJSON()).not.toHaveProperty('confirmPassword');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(topBar(page).getByText(organizationName, { exact: true })).toBeVisible();
    await expectSignedInFrame(page, { firstName: 'Grace', lastName: 'Hopper' });
  });

  test('the terms dialog: Close leaves the box unticked, Accept ticks it', async ({ page }) => {
    await page.goto('/register');
    await page.getByRole('button', { name: 'Read the Terms of Service' }).click();
    const dialog = page.getByRole('dialog', { name: 'Terms of Service' });
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await expect(dialog).toBeHidden();
    await expect(termsBox(page)).not.toBeChecked();
    await page.getByRole('button', { name: 'Read the Terms of Service' }).click();
    await dialog.getByRole('button', { name: 'Accept' }).click();
    await expect(dialog).toBeHidden();
    await expect(termsBox(page)).toBeChecked();
  });

  test('an empty submit shows every validation message of spec section 5', async ({ page }) => {
    await page.goto('/register');
    await submit(page).click();
    await expect(page.getByText('First name is required')).toBeVisible();
    await expect(page.getByText('Last name is required')).toBeVisible();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    await expect(page.getByText('Organization name is required')).toBeVisible();
    await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
    await expect(page.getByLabel('First name')).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(/\/register$/);
  });

  test('mismatched passwords: "Passwords don\'t match" on the confirm field, re-validated on change', async ({
    page,
  }) => {
    await page.goto('/register');
    await fillRegistration(page, {
      email: uniqueEmail('mismatch'),
      organizationName: 'Mismatch Ltd',
      confirm: 'something-else',
    });
    await termsBox(page).check();
    await privacyBox(page).check();
    let registerCalls = 0;
    page.on('request', (request) => {
      if (request.url().endsWith(`${API}/auth/register`)) registerCalls += 1;
    });
    await submit(page).click();
    const confirm = page.getByLabel('Confirm password', { exact: true });
    await expect(confirm).toHaveAccessibleDescription("Passwords don't match");
    await expect(page.getByText("Passwords don't match")).toBeVisible();
    // Re-validation on change: typing the matching password clears the message.
    await confirm.fill(PASSWORD);
    await expect(page.getByText("Passwords don't match")).toBeHidden();
    expect(registerCalls).toBe(0);
  });

  test('without both legal boxes the legal message shows and nothing is sent', async ({ page }) => {
    await page.goto('/register');
    await fillRegistration(page, { email: uniqueEmail('nolegal'), organizationName: 'No Legal Ltd' });
    let registerCalls = 0;
    page.on('request', (request) => {
      if (request.url().endsWith(`${API}/auth/register`)) registerCalls += 1;
    });
    await submit(page).click();
    await expect(page.getByRole('alert').filter({ hasText: LEGAL_REQUIRED })).toHaveText(LEGAL_REQUIRED);
    // One box is not enough either.
    await termsBox(page).check();
    await submit(page).click();
    await expect(page.getByText(LEGAL_REQUIRED)).toBeVisible();
    await expect(page.getByRole('group', { name: 'Legal agreements' })).toBeInViewport();
    expect(registerCalls).toBe(0);
    // Ticking the second one clears the message.
    await privacyBox(page).check();
    await expect(page.getByText(LEGAL_REQUIRED)).toBeHidden();
  });

  test("a second registration with the same e-mail shows the server's error in the banner", async ({
    page,
    request,
    consoleGuard,
  }) => {
    consoleGuard.allowResponse(409, '/auth/register');
    const existing = await registerViaApi(request);
    await page.goto('/register');
    await fillRegistration(page, { email: existing.email, organizationName: 'Duplicate Ltd' });
    await termsBox(page).check();
    await privacyBox(page).check();
    const answer = page.waitForResponse((response) => response.url().endsWith(`${API}/auth/register`));
    await submit(page).click();
    const response = await answer;
    expect(response.status()).toBeGreaterThanOrEqual(400);
    const { error } = (await response.json()) as { error?: string };
    expect(error, 'the server names the problem').toBeTruthy();
    await expect(page.getByRole('alert').filter({ hasText: error ?? '' })).toHaveText(error ?? '');
    await expect(page).toHaveURL(/\/register$/);
    await expect(submit(page)).toBeEnabled();
  });
});
