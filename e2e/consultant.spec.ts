import { type Page } from '@playwright/test';
import { expect, test } from './support/test.js';
import { PASSWORD, openPage, topBar, uniqueEmail } from './support/app.js';
import { expectNoAxeViolations } from './support/axe.js';
import { latestMailTo, linkIn } from './support/mailbox.js';
import { authOf, orgPath, registerWithTeam } from './support/work.js';

async function registerConsultant(page: Page, email: string, practice: string) {
  await page.goto('/consultant-register');
  await expect(page.getByRole('heading', { level: 1, name: 'Consultant registration' })).toBeVisible();
  await page.getByLabel('First name').fill('Marie');
  await page.getByLabel('Last name').fill('Curie');
  await page.getByLabel('Work email').fill(email);
  await page.getByLabel('Your practice (organization name)').fill(practice);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password', { exact: true }).fill(PASSWORD);
  await page.getByRole('checkbox', { name: 'I have read and agree to the Terms of Service' }).check();
  await page.getByRole('checkbox', { name: 'I have read and agree to the Privacy Policy' }).check();
  await page.getByRole('button', { name: 'Create consultant account' }).click();
}

test.describe('consultants', () => {
  test('a consultant registers, a client grants access by e-mail, the consultant switches in, is refused once revoked and returns with one click', async ({
    page,
    browser,
    request,
    consoleGuard,
  }) => {
    test.setTimeout(90_000);
    const email = uniqueEmail('consultant');
    const practice = `Practice ${email.slice(15, 27)}`;
    await registerConsultant(page, email, practice);
    await expect(page).toHaveURL(/\/consultant$/, { timeout: 15_000 });
    await expect(page.getByText('No client has granted you access yet.', { exact: false })).toBeVisible();

    // The client: its owner in a second browser, with an open issue the consultant will see inside.
    const { account: client, teamId } = await registerWithTeam(request);
    const issueTitle = `Churn is up ${Date.now()}`;
    const issue = await request.post(orgPath(client, '/issues'), {
      headers: authOf(client),
      data: { teamId, title: issueTitle },
    });
    expect(issue.status(), await issue.text()).toBe(201);

    const ownerContext = await browser.newContext();
    const ownerPage = await ownerContext.newPage();
    await openPage(ownerPage, client, '/organization-settings', 'Organization settings');
    const section = ownerPage.getByRole('region', { name: 'Consultants' });
    await section.getByLabel('Consultant e-mail').fill(email);
    await section.getByRole('button', { name: 'Invite consultant' }).click();
    await expect(ownerPage.getByText(`Invitation sent to ${email}.`)).toBeVisible();
    await expect(ownerPage.getByRole('list', { name: 'Consultants' }).getByText('Invitation sent')).toBeVisible();

    // The consultant opens the mailed link (delivered over SMTP to the journey's capture).
    const mail = await latestMailTo(email, { subject: /consultant/i });
    await page.goto(linkIn(mail, '/consultant/accept'));
    await expect(page.getByText(`You can now work in ${client.organizationName}`)).toBeVisible({ timeout: 15_000 });
    await page.getByRole('link', { name: 'Open your clients' }).click();

    const card = page.getByRole('listitem', { name: client.organizationName });
    await expect(card).toBeVisible();
    await expect(card.getByRole('definition')).toHaveText(['1', '1', '0 / 0']);
    await expectNoAxeViolations(page, '/consultant');

    await card.getByRole('button', { name: `Work in ${client.organizationName}` }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    const banner = page.getByRole('region', { name: 'Consultant mode' });
    await expect(banner).toContainText(`You are working in ${client.organizationName} as a consultant.`);
    await expect(topBar(page)).toContainText(client.organizationName);

    // The client's data, with the banner on every page.
    await page.goto('/issues');
    await expect(page.getByRole('button', { name: issueTitle, exact: true })).toBeVisible({ timeout: 15_000 });
    await expect(banner).toBeVisible();
    await expectNoAxeViolations(page, '/issues (consultant mode)');

    // The owner sees the consultant with access.
    await ownerPage.reload();
    await expect(ownerPage.getByText('Marie Curie', { exact: false })).toBeVisible();
    await expect(
      ownerPage.getByRole('list', { name: 'Consultants' }).getByText('Has access', { exact: false }),
    ).toBeVisible();

    // Revoked: the consultant's next page inside the client is refused with a clear message; home stays one click away.
    await ownerPage.getByRole('button', { name: `Revoke access of ${email}` }).click();
    await expect(
      ownerPage.getByRole('list', { name: 'Consultants' }).getByText('Revoked', { exact: false }),
    ).toBeVisible();
    // Every call the page makes inside the client is refused from now on (403), on purpose.
    consoleGuard.allow(/status of 403 \(Forbidden\)/);
    await page.goto('/dashboard');
    await expect(banner).toContainText(`${client.organizationName} has revoked your consultant access.`, {
      timeout: 15_000,
    });
    await expect(page.getByText(issueTitle)).toHaveCount(0);

    await banner.getByRole('button', { name: `Return to ${practice}` }).click();
    await expect(page).toHaveURL(/\/consultant$/);
    await expect(banner).toBeHidden();
    await expect(topBar(page)).toContainText(practice);
    await ownerContext.close();
  });
});
