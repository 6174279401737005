import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test.js';
import { openPage, openSignedIn, settled } from './support/app.js';
import { expectNoAxeViolations } from './support/axe.js';
import { expectFitsViewport, PHONE } from './support/layout.js';
import { latestMailTo } from './support/mailbox.js';
import { authOf, nextWrite, orgPath, registerWithTeam } from './support/work.js';

const HEADING = 'Meetings';
const weeklyCard = (page: Page) => page.getByRole('region', { name: 'Meeting types' }).getByRole('listitem').first();

/** Clicks `button` and answers the text of the file the browser downloads. */
async function downloaded(page: Page, click: () => Promise<void>): Promise<{ name: string; text: string }> {
  const download = page.waitForEvent('download');
  await click();
  const file = await download;
  return { name: file.suggestedFilename(), text: await readFile(await file.path(), 'utf8') };
}

test('a team sets its regular meeting day, adds it to a calendar, and is invited to a scheduled meeting; fits a phone; passes axe', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { account, teamId } = await registerWithTeam(request);
  await openPage(page, account, '/meetings', HEADING);
  const weeklyName = (await weeklyCard(page).getByRole('heading').textContent()) ?? '';
  await expect(weeklyCard(page)).toContainText('No regular day yet');

  await weeklyCard(page)
    .getByRole('button', { name: `Regular day…: ${weeklyName}` })
    .click();
  const dialog = page.getByRole('dialog', { name: `Regular day: ${weeklyName}` });
  await expect(dialog).toContainText('Times are in the organization’s time zone');
  await expectNoAxeViolations(page, 'the regular day dialog');
  await dialog.getByLabel('Day').selectOption('Tuesday');
  await dialog.getByLabel('At').fill('09:30');
  await dialog.getByLabel('For (minutes)').fill('2');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('A meeting lasts at least 5 minutes')).toBeVisible();
  await expectNoAxeViolations(page, 'the regular day dialog with an error');
  await dialog.getByLabel('For (minutes)').fill('');
  const saved = nextWrite(page, '/meeting-types/weekly-accountability/schedule');
  await dialog.getByRole('button', { name: 'Save' }).click();
  expect((await saved).status()).toBe(200);
  await expect(dialog).toBeHidden();
  await expect(weeklyCard(page)).toContainText('Meets every Tuesday at 09:30 for 90 minutes');

  const regular = await downloaded(page, () =>
    weeklyCard(page)
      .getByRole('button', { name: `Add to calendar (.ics): ${weeklyName}` })
      .click(),
  );
  expect(regular.name).toMatch(/\.ics$/);
  expect(regular.text).toContain('RRULE:FREQ=WEEKLY;BYDAY=TU');
  expect(regular.text).toMatch(/DTSTART[;:][^\r\n]*T093000/);

  // A meeting scheduled for next week: the team is invited by mail, and the meeting offers its .ics.
  const scheduledAt = new Date(Date.now() + 7 * 86_400_000).toISOString();
  const scheduled = await request.post(orgPath(account, '/meetings'), {
    headers: authOf(account),
    data: { teamId, typeKey: 'weekly-accountability', scheduledAt },
  });
  expect(scheduled.status(), await scheduled.text()).toBe(201);
  const invitation = await latestMailTo(account.email, { subject: /^Invitation: / });
  expect(invitation.subject).toContain(weeklyName);
  expect(invitation.text).toContain('The attached calendar file adds it to your calendar.');

  await openPage(page, account, '/meetings', HEADING);
  const recent = page.getByRole('region', { name: 'Recent meetings' });
  const one = await downloaded(page, () =>
    recent.getByRole('button', { name: `Add to calendar (.ics): ${weeklyName}` }).click(),
  );
  expect(one.text).toContain('BEGIN:VEVENT');
  expect(one.text).not.toContain('RRULE:FREQ=WEEKLY');
  await settled(page);
  await expectNoAxeViolations(page, 'the meetings page with a regular day and a scheduled meeting');

  const phone = await (await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true })).newPage();
  await openSignedIn(phone, account, '/meetings');
  await expect(phone.getByRole('heading', { level: 1, name: HEADING })).toBeVisible({ timeout: 15_000 });
  await settled(phone);
  await expectFitsViewport(phone, '/meetings with a regular day', { tapTargets: true });
  await weeklyCard(phone)
    .getByRole('button', { name: `Regular day…: ${weeklyName}` })
    .click();
  await expect(phone.getByRole('dialog', { name: `Regular day: ${weeklyName}` })).toBeVisible();
  await expectFitsViewport(phone, 'the regular day dialog', { tapTargets: true });
  await expectNoAxeViolations(phone, 'the regular day dialog on a phone');
});
