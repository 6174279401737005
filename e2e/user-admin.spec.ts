import { readFileSync } from 'node:fs';
import { expect, test } from './support/test.js';
import { expectNoAxeViolations } from './support/axe.js';
import { API, PASSWORD, openPage, registerViaApi, uniqueEmail } from './support/app.js';
import { latestMailTo, linkIn } from './support/mailbox.js';

test('bulk user import: preview with per-row problems, invite the valid rows, the same file again changes nothing; the activity log shows it and exports CSV', async ({
  page,
  request,
}) => {
  const account = await registerViaApi(request);
  const first = uniqueEmail('bulk');
  const second = uniqueEmail('bulk');
  const csv = [
    'E-mail,First name,Last name,Role,Teams',
    `${first},Grace,Hopper,admin,Leadership Team`,
    `${second},Alan,Turing,,`,
    '"=HYPERLINK(""http://evil.example"",""click"")",Evil,Link,,',
    `${account.email},Ada,Lovelace,,`,
    `${uniqueEmail('bulk')},No,Team,,Nowhere`,
  ].join('\n');
  const file = { name: 'people.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) };

  await openPage(page, account, '/admin/bulk-import', 'Bulk user import');
  await page.getByLabel('Spreadsheet file').setInputFiles(file);
  const rows = page.getByRole('table', { name: 'People in people.csv' });
  await expect(rows.getByRole('row').filter({ hasText: first })).toContainText('Will be invited');
  await expect(rows.getByRole('row').filter({ hasText: account.email })).toContainText('Already a member: skipped');
  await expect(rows.getByRole('row').filter({ hasText: '=HYPERLINK' })).toContainText('Has problems');
  await expect(page.getByRole('heading', { name: '2 rows have problems and will be left out' })).toBeVisible();
  await expect(page.getByText('No team is named "Nowhere"')).toBeVisible();
  await expectNoAxeViolations(page, 'bulk import preview');

  await page.getByRole('button', { name: 'Invite 2 people' }).click();
  await expect(page.getByText('2 people invited by e-mail; 1 person skipped')).toBeVisible();
  expect(linkIn(await latestMailTo(first), '/accept-invitation')).toContain('token=');
  await latestMailTo(second);

  // The same file again: everyone is now a member or invited.
  await page.getByLabel('Spreadsheet file').setInputFiles(file);
  await expect(page.getByText('Nobody in this file needs an invitation.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Invite 0 people' })).toBeDisabled();

  // A failed sign-in of the owner is on the log too.
  const failed = await request.post(`${API}/auth/login`, { data: { email: account.email, password: `${PASSWORD}x` } });
  expect(failed.status()).toBe(401);

  await openPage(page, account, '/admin/user-activity', 'User activity');
  const log = page.getByRole('table', { name: 'User activity, newest first' });
  await expect(log).toContainText('Failed sign-in');
  await page.getByLabel('Action').selectOption({ label: 'Invitation sent' });
  await expect(log.getByRole('row')).toHaveCount(3);
  await expect(log).toContainText(first);
  await expectNoAxeViolations(page, 'user activity');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const saved = await download;
  expect(saved.suggestedFilename()).toMatch(/^user-activity-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = readFileSync(await saved.path(), 'utf8');
  expect(text).toContain('"invitation.created"');
  expect(text).toContain(second);
  expect(text).not.toContain('auth.sign_in_failed');
});
