import { type Page } from '@playwright/test';
import { expect, test } from './support/test.js';
import { Secret, TOTP } from 'otpauth';
import { PASSWORD, expectSignedInFrame, uniqueEmail } from './support/app.js';
import { expectNoAxeViolations } from './support/axe.js';
import { solidPng } from './support/png.js';

/** The code an authenticator app shows for `secret`, `offsetSeconds` from now. */
const codeFor = (secret: string, offsetSeconds = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + offsetSeconds * 1000 });

const FIRST = 'Grace';
const LAST = 'Hopper';

async function signUp(page: Page, email: string) {
  await page.goto('/register');
  await page.getByLabel('First name').fill(FIRST);
  await page.getByLabel('Last name').fill(LAST);
  await page.getByLabel('Work email').fill(email);
  await page.getByLabel('Organization name').fill(`Two-factor ${email.slice(4, 18)}`);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password', { exact: true }).fill(PASSWORD);
  await page.getByRole('checkbox', { name: 'I have read and agree to the Terms of Service' }).check();
  await page.getByRole('checkbox', { name: 'I have read and agree to the Privacy Policy' }).check();
  await page.getByRole('button', { name: 'Start Free Trial' }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 15_000 });
  await expectSignedInFrame(page, { firstName: FIRST, lastName: LAST });
}

async function logOut(page: Page) {
  await page.getByRole('button', { name: `${FIRST} ${LAST} account menu` }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

async function passwordStep(page: Page, email: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Two-factor authentication' })).toBeVisible();
}

async function enterCode(page: Page, code: string) {
  await page.getByLabel('Authentication code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
}

test('2FA sign-in: enrol with a QR code, recovery codes shown once, a code asked at sign-in, each recovery code works once', async ({
  page,
  consoleGuard,
}) => {
  test.setTimeout(90_000);
  // A wrong code and a spent recovery code are refused on purpose.
  consoleGuard.allowResponse(401, '/auth/login/two-factor');
  const email = uniqueEmail('2fa');
  await signUp(page, email);

  await page.goto('/user-settings');
  const section = page.getByRole('heading', { name: 'Two-factor authentication' });
  await expect(section).toBeVisible({ timeout: 15_000 });
  // A profile picture is uploaded like the logo and served to <img> at once.
  await page.getByLabel('Picture file').setInputFiles({
    name: 'me.png',
    mimeType: 'image/png',
    buffer: solidPng(64, 64, [40, 120, 200]),
  });
  const picture = page.getByRole('img', { name: 'Your picture' });
  await expect(picture).toBeVisible();
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(64);

  await page.getByRole('button', { name: 'Set up two-factor authentication' }).click();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await page.getByTestId('two-factor-secret').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await page.getByLabel('Code from your app').fill(codeFor(secret));
  await page.getByRole('button', { name: 'Turn on' }).click();

  const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recoveryCodes = await codes.allTextContents();
  await expectNoAxeViolations(page, '/user-settings with recovery codes');
  await page.getByRole('button', { name: 'I have saved my codes' }).click();
  await expect(page.getByText('10 recovery codes left.')).toBeVisible();
  await expect(page.getByText(recoveryCodes[0] ?? '')).toBeHidden();

  await logOut(page);
  await passwordStep(page, email);
  await expectNoAxeViolations(page, '/login code step');
  await enterCode(page, '000000');
  await expect(page.getByRole('alert')).toContainText('That code is not correct');
  await expect(page).toHaveURL(/\/login$/);
  // The code of the next 30-second step: the one used to turn two-factor on cannot be used again.
  await enterCode(page, codeFor(secret, 30));
  await expect(page).toHaveURL(/\/dashboard$/);
  await expectSignedInFrame(page, { firstName: FIRST, lastName: LAST });

  const recovery = recoveryCodes[0] ?? '';
  await logOut(page);
  await passwordStep(page, email);
  await enterCode(page, recovery);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expectSignedInFrame(page, { firstName: FIRST, lastName: LAST });

  await logOut(page);
  await passwordStep(page, email);
  await enterCode(page, recovery);
  await expect(page.getByRole('alert')).toContainText('That code is not correct');
  await expect(page).toHaveURL(/\/login$/);
});
