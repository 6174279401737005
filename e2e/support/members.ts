import type { APIRequestContext, Page } from '@playwright/test';
import { API, PASSWORD, uniqueEmail, type Account, type SessionUser } from './app.js';
import { latestMailTo, linkIn } from './mailbox.js';
import { authOf, orgPath } from './work.js';

type Role = 'owner' | 'admin' | 'member' | 'observer';

/**
 * Adds a new person to the owner's organization the way a real one joins: invited through the API,
 * the link read from the captured mail, accepted with names and a password. Returns their session.
 */
export async function addMemberViaInvitation(
  request: APIRequestContext,
  owner: Account,
  options: { role?: Role; teamIds?: string[]; firstName?: string; lastName?: string } = {},
): Promise<Account> {
  const email = uniqueEmail(options.role ?? 'member');
  const invited = await request.post(orgPath(owner, '/invitations'), {
    headers: authOf(owner),
    data: { email, role: options.role ?? 'member', teamIds: options.teamIds ?? [] },
  });
  if (invited.status() !== 201) throw new Error(`invitation failed: ${invited.status()} ${await invited.text()}`);
  const link = linkIn(await latestMailTo(email), '/accept-invitation');
  const token = new URL(link).searchParams.get('token') ?? '';
  const firstName = options.firstName ?? 'Grace';
  const lastName = options.lastName ?? `Hopper ${Date.now().toString(36)}`;
  const accepted = await request.post(`${API}/invitations/${token}/accept`, {
    data: { firstName, lastName, password: PASSWORD, legalAgreement: { termsAccepted: true, privacyAccepted: true } },
  });
  if (accepted.status() !== 200) throw new Error(`accept failed: ${accepted.status()} ${await accepted.text()}`);
  const body = (await accepted.json()) as { data: { user: SessionUser; accessToken: string; refreshToken: string } };
  return {
    email,
    password: PASSWORD,
    firstName,
    lastName,
    organizationName: owner.organizationName,
    user: body.data.user,
    accessToken: body.data.accessToken,
    refreshToken: body.data.refreshToken,
  };
}

/** Fills the accept-invitation page as a new person (names, password, both legal boxes) and accepts. */
export async function acceptAsNewPerson(page: Page, person: { firstName: string; lastName: string }): Promise<void> {
  await page.getByLabel('First name').fill(person.firstName);
  await page.getByLabel('Last name').fill(person.lastName);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('I have read and agree to the Terms of Service').check();
  await page.getByLabel('I have read and agree to the Privacy Policy').check();
  await page.getByRole('button', { name: 'Accept invitation' }).click();
}
