import type { Page } from '@playwright/test';
import { expect, test } from './support/test.js';
import { expectSignedInFrame, openPage, registerViaApi, uniqueEmail } from './support/app.js';
import { acceptAsNewPerson } from './support/members.js';
import { expectNoAxeViolations } from './support/axe.js';
import { PHONE, expectFitsViewport } from './support/layout.js';
import { NO_MAIL_BASE_URL } from './support/no-mail-server.js';

const NO_MAIL_NOTICE = 'Mail is not set up on this server, so no e-mail was sent. Copy this link and send it yourself:';

// Every page, request and context of this file talks to the server that has no mail set up.
test.use({ baseURL: NO_MAIL_BASE_URL, permissions: ['clipboard-read', 'clipboard-write'] });

/** Copies the link with the button and answers what the clipboard then holds (the field shows the same). */
async function copyLink(page: Page, email: string): Promise<string> {
  const field = page.getByLabel(`Invitation link for ${email}`);
  const shown = await field.inputValue();
  expect(shown).toMatch(new RegExp(`^${NO_MAIL_BASE_URL}/accept-invitation\\?token=[\\w-]{43}$`));
  await page.getByRole('button', { name: `Copy link for ${email}` }).click();
  await expect(page.getByText('Link copied.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shown);
  return shown;
}

test.describe('invitations without mail set up', () => {
  test('the admin is told no mail went out, copies the link, and the invitee joins with it', async ({
    page,
    browser,
    request,
  }) => {
    const owner = await registerViaApi(request);
    await openPage(page, owner, '/users', 'Users');

    const email = uniqueEmail('linked');
    await page.getByRole('button', { name: 'Invite people' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite people' });
    await dialog.getByLabel('E-mail').fill(email);
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect(dialog.getByText(NO_MAIL_NOTICE)).toBeVisible();
    await expect(dialog.getByText(/Invitation sent/)).toHaveCount(0);
    const link = await copyLink(page, email);
    await expectNoAxeViolations(page, '/users invite dialog without mail');
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // Before they have accepted, the team already gives them a to-do: the picker marks them invited.
    await openPage(page, owner, '/todos', 'Tasks');
    const title = `Read the onboarding guide ${Date.now()}`;
    const form = page.getByRole('form', { name: 'New Task' });
    await form.getByLabel('Title').fill(title);
    await form.getByRole('checkbox', { name: `${email} (invited)` }).check();
    await form.getByRole('checkbox', { name: `${owner.firstName} ${owner.lastName}` }).uncheck();
    await form.getByRole('button', { name: 'Add Task' }).click();
    const todo = page.getByRole('list', { name: 'Tasks' }).getByRole('listitem').filter({ hasText: title });
    await expect(todo).toContainText(email);

    // Someone else, in their own browser, with the link the admin passed on.
    const invitee = await browser.newContext({ baseURL: NO_MAIL_BASE_URL });
    const guest = await invitee.newPage();
    await guest.goto(link);
    await expect(guest.getByText(`invites you to join ${owner.organizationName}`)).toBeVisible();
    await acceptAsNewPerson(guest, { firstName: 'Mary', lastName: 'Jackson' });
    await expect(guest).toHaveURL(/\/dashboard$/);
    await expectSignedInFrame(guest, { firstName: 'Mary', lastName: 'Jackson' });
    // The to-do given before they joined is theirs, under the name they gave.
    await page.reload();
    await expect(todo).toContainText('Mary Jackson');

    // The link opened again: a clear page, and (the console guard checks) no failed request behind it.
    await guest.goto(link);
    await expect(guest.getByText('This invitation cannot be used')).toBeVisible();
    await expect(guest.getByText(/already used/)).toBeVisible();
    await expectNoAxeViolations(guest, '/accept-invitation used link');
    await invitee.close();

    await page.goto('/users');
    await expect(page.getByRole('list', { name: 'Users' })).toContainText(email);
    await expect(page.getByRole('list', { name: 'Pending invitations' })).toHaveCount(0);
  });

  test('a resend shows a new link, and the old one says it no longer works', async ({ page, browser, request }) => {
    const owner = await registerViaApi(request);
    await openPage(page, owner, '/users', 'Users');
    const email = uniqueEmail('resent');
    await page.getByRole('button', { name: 'Invite people' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite people' });
    await dialog.getByLabel('E-mail').fill(email);
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    const first = await copyLink(page, email);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    const pending = page.getByRole('list', { name: 'Pending invitations' });
    await pending.getByRole('listitem').filter({ hasText: email }).getByRole('button', { name: 'Resend' }).click();
    await expect(page.getByText(`A new link was made for ${email}; the old one no longer works.`)).toBeVisible();
    await expect(page.getByText(/A new link was sent/)).toHaveCount(0);
    const second = await copyLink(page, email);
    expect(second).not.toBe(first);
    // The long link and its copy button read on a phone too.
    await page.setViewportSize(PHONE);
    await expectFitsViewport(page, '/users with an unmailed link');

    const visitor = await browser.newContext({ baseURL: NO_MAIL_BASE_URL });
    const guest = await visitor.newPage();
    await guest.goto(first);
    await expect(guest.getByText('This invitation cannot be used')).toBeVisible();
    await expect(guest.getByText(/link is not valid/)).toBeVisible();
    await guest.goto(second);
    await expect(guest.getByText(`invites you to join ${owner.organizationName}`)).toBeVisible();
    await visitor.close();
  });
});
