import { expect, test } from './support/test.js';
import { API, expectSignedInFrame, openSignedIn, registerViaApi, settled, sidebar, topBar } from './support/app.js';
import { expectNoAxeViolations } from './support/axe.js';
import { solidPng } from './support/png.js';

test.describe('organization and terminology settings (owner)', () => {
  test('name and theme colour persist across a reload, and the top bar shows the new name', async ({
    page,
    request,
  }) => {
    const account = await registerViaApi(request);
    await openSignedIn(page, account, '/organization-settings');
    await expect(page.getByRole('heading', { name: 'Organization settings', level: 1 })).toBeVisible();
    const name = page.getByLabel('Organization name');
    await expect(name).toHaveValue(account.organizationName);

    const newName = `Renamed ${Date.now().toString(36)}`;
    await name.fill(newName);
    await page.getByLabel('Primary colour', { exact: true }).fill('#0f766e');
    const saved = page.waitForResponse(
      (response) => response.url().endsWith(`${API}/organizations/current`) && response.request().method() === 'PUT',
    );
    await page.getByRole('button', { name: 'Save settings' }).click();
    expect((await saved).status()).toBe(200);
    await expect(page.getByText('Organization settings saved')).toBeVisible();
    await expect(topBar(page).getByText(newName, { exact: true })).toBeVisible();

    await page.reload();
    await expect(page.getByLabel('Organization name')).toHaveValue(newName);
    await expect(page.getByLabel('Primary colour', { exact: true })).toHaveValue('#0f766e');
    await expect(page.getByLabel('Pick primary colour')).toHaveValue('#0f766e');
    await expect(topBar(page).getByText(newName, { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save settings' })).toBeDisabled();
  });

  test('a small PNG logo uploads and shows in the top bar', async ({ page, request }) => {
    const account = await registerViaApi(request);
    await openSignedIn(page, account, '/organization-settings');
    await expect(page.getByText('No logo yet.')).toBeVisible();
    await expect(topBar(page).getByRole('img', { name: `${account.organizationName} logo` })).toHaveCount(0);

    await page
      .getByLabel('Logo image')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: solidPng(40, 20, [15, 118, 110]) });
    const uploaded = page.waitForResponse(
      (response) =>
        response.url().endsWith(`${API}/organizations/current/logo`) && response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Upload logo' }).click();
    expect((await uploaded).status()).toBe(200);
    await expect(page.getByText('Logo uploaded')).toBeVisible();

    const logo = topBar(page).getByRole('img', { name: `${account.organizationName} logo` });
    await expect(logo).toBeVisible();
    await expect(logo).toHaveAttribute('src', new RegExp(`/api/v1/organizations/${account.user.organizationId}/logo`));
    // The image really decoded (the server served the PNG back).
    await expect.poll(() => logo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(40);
    await expect(logo).toHaveCSS('height', '96px');

    await page.reload();
    await expect(topBar(page).getByRole('img', { name: `${account.organizationName} logo` })).toBeVisible();
    await page.getByRole('button', { name: 'Remove logo' }).click();
    await expect(topBar(page).getByRole('img', { name: `${account.organizationName} logo` })).toHaveCount(0);
  });

  test('a terminology preset renames the sidebar; reset brings the defaults back', async ({ page, request }) => {
    const account = await registerViaApi(request);
    await openSignedIn(page, account, '/terminology-settings');
    await expect(page.getByRole('heading', { name: 'Terminology', level: 1 })).toBeVisible();
    const nav = sidebar(page);
    await expect(nav.getByRole('link', { name: 'Quarterly Priorities' })).toHaveAttribute(
      'href',
      '/quarterly-priorities',
    );

    await page.getByRole('button', { name: 'Apply EOS' }).click();
    const confirm = page.getByRole('dialog', { name: 'Apply the EOS labels?' });
    await settled(page);
    await expectNoAxeViolations(page, '/terminology-settings preset dialog');
    await confirm.getByRole('button', { name: 'Apply preset' }).click();
    await expect(confirm).toBeHidden();
    await expect(nav.getByRole('link', { name: 'Rocks' })).toHaveAttribute('href', '/quarterly-priorities');
    await expect(nav.getByRole('link', { name: 'To-Dos' })).toHaveAttribute('href', '/todos');
    await expect(nav.getByRole('link', { name: 'V/TO' })).toHaveAttribute('href', '/business-blueprint');
    await expect(nav.getByRole('link', { name: 'Accountability Chart' })).toHaveAttribute(
      'href',
      '/organizational-chart',
    );
    await expect(page.getByLabel('Priorities (plural)')).toHaveValue('Rocks');
    // The meetings entry follows the methodology's meeting name, in its own capitals.
    await expect(nav.getByRole('link', { name: 'Level 10 Meetings', exact: true })).toHaveAttribute(
      'href',
      '/meetings',
    );

    // The labels survive a reload (they are the organization's, not the page's).
    await page.reload();
    await expect(sidebar(page).getByRole('link', { name: 'Rocks' })).toBeVisible();

    // One word per concept: the page's heading, its <title> and the dashboard's cards say what the sidebar says.
    await page.goto('/quarterly-priorities');
    await expect(page.getByRole('main').getByRole('heading', { level: 1, name: 'Rocks', exact: true })).toBeVisible();
    await expect(page).toHaveTitle('Rocks · Keel');
    await expect(sidebar(page).getByRole('link', { name: 'Rocks' })).toHaveAttribute('aria-current', 'page');
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 2, name: /^My Rocks/ })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: /^My To-Dos/ })).toBeVisible();
    // Mid-sentence too, a term keeps the capitals the preset gave it.
    // Both the Rocks card and the Milestones card link to the Rocks page.
    await expect(page.getByRole('link', { name: 'All Rocks', exact: true })).toHaveCount(2);
    await expect(page.getByRole('link', { name: 'All To-Dos', exact: true })).toBeVisible();
    await settled(page);
    await expectNoAxeViolations(page, '/dashboard in the EOS terms');
    await page.goto('/terminology-settings');

    await page.getByRole('button', { name: 'Reset all labels to the defaults' }).click();
    const reset = page.getByRole('dialog', { name: 'Reset all labels?' });
    await reset.getByRole('button', { name: 'Reset labels' }).click();
    await expect(reset).toBeHidden();
    await expect(sidebar(page).getByRole('link', { name: 'Quarterly Priorities' })).toBeVisible();
    await expect(sidebar(page).getByRole('link', { name: 'Rocks' })).toHaveCount(0);
    await expect(sidebar(page).getByRole('link', { name: 'Meetings', exact: true })).toBeVisible();
    await expectSignedInFrame(page, account);
  });
});
