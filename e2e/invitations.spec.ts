import { expect, test } from './support/test.js';
import { PASSWORD, expectSignedInFrame, openPage, registerViaApi, uniqueEmail } from './support/app.js';
import { acceptAsNewPerson } from './support/members.js';
import { expectNoAxeViolations } from './support/axe.js';
import { latestMailTo, linkIn } from './support/mailbox.js';

test.describe('invitations', () => {
  test('invite → accept → sign in; the used link says so', async ({ page, browser, request }) => {
    const owner = await registerViaApi(request);
    await openPage(page, owner, '/users', 'Users');
    await expect(page.getByRole('list', { name: 'Users' })).toContainText(owner.email);
    await expectNoAxeViolations(page, '/users');

    const email = uniqueEmail('invitee');
    await page.getByRole('button', { name: 'Invite people' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite people' });
    await dialog.getByLabel('E-mail').fill(email);
    await dialog.getByLabel('Role').selectOption('member');
    await dialog.getByLabel('Leadership Team').check();
    await expectNoAxeViolations(page, '/users invite dialog');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect(dialog.getByText(`Invitation sent to ${email}`)).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('list', { name: 'Pending invitations' })).toContainText(email);

    const link = linkIn(await latestMailTo(email), '/accept-invitation');
    const invitee = await browser.newContext();
    const guest = await invitee.newPage();
    await guest.goto(link);
    await expect(guest.getByText(`invites you to join ${owner.organizationName}`)).toBeVisible();
    await expectNoAxeViolations(guest, '/accept-invitation');
    await acceptAsNewPerson(guest, { firstName: 'Katherine', lastName: 'Johnson' });
    await expect(guest).toHaveURL(/\/dashboard$/);
    const person = { firstName: 'Katherine', lastName: 'Johnson' };
    await expectSignedInFrame(guest, person);

    await guest.getByRole('button', { name: 'Katherine Johnson account menu' }).click();
    await guest.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(guest).toHaveURL(/\/login$/);
    await guest.getByLabel('Email').fill(email);
    await guest.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await guest.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(guest).toHaveURL(/\/dashboard$/);
    await expectSignedInFrame(guest, person);

    await guest.goto(link);
    await expect(guest.getByText(/already used/)).toBeVisible();
    await expect(guest.getByText(/Ask the person who invited you/)).toBeVisible();
    await invitee.close();

    await page.reload();
    const row = page.getByRole('list', { name: 'Users' }).getByRole('listitem').filter({ hasText: email });
    await expect(row).toContainText('Leadership Team');
    await expect(page.getByRole('list', { name: 'Pending invitations' })).toHaveCount(0);
  });
});
