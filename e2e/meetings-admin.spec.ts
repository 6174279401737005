import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test.js';
import { openPage, openSignedIn, settled } from './support/app.js';
import { expectNoAxeViolations } from './support/axe.js';
import { expectFitsViewport, PHONE } from './support/layout.js';
import { nextWrite, registerWithTeam } from './support/work.js';

// A new organization keeps the default terminology: the page is "Meetings", the weekly type is listed first.
const HEADING = 'Meetings';

const typeCards = (page: Page) => page.getByRole('region', { name: 'Meeting types' }).getByRole('listitem');
const weeklyCard = (page: Page) => typeCards(page).first();

test.describe('meetings', () => {
  test('edit the weekly agenda, start a meeting, find it in the history, end it as admin; fits a phone; passes axe', async ({
    browser,
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const { account, teamId } = await registerWithTeam(request);
    await openPage(page, account, '/meetings', HEADING);
    await expect(weeklyCard(page)).toContainText('90 minutes planned');
    const weeklyName = (await weeklyCard(page).getByRole('heading').textContent()) ?? '';
    expect(weeklyName).not.toBe('');
    await settled(page);
    await expectNoAxeViolations(page, 'the meetings page');

    // Edit the weekly agenda: the second section goes from 5 to 10 minutes.
    await weeklyCard(page)
      .getByRole('button', { name: `Edit agenda: ${weeklyName}` })
      .click();
    const editor = page.getByRole('dialog', { name: `Edit agenda: ${weeklyName}` });
    await expect(editor).toBeVisible();
    await expectNoAxeViolations(page, 'the agenda editor');
    const minutes = editor.getByLabel('Section 2 minutes');
    await expect(minutes).toHaveValue('5');
    await minutes.fill('10');
    const saved = nextWrite(page, '/meeting-types/weekly-accountability');
    await editor.getByRole('button', { name: 'Save agenda' }).click();
    expect((await saved).status()).toBe(200);
    await expect(editor).toBeHidden();
    await expect(weeklyCard(page)).toContainText('95 minutes planned');
    await expect(weeklyCard(page)).toContainText('Your agenda');

    // Start it now: the meeting's own page opens.
    const started = nextWrite(page, '/meetings');
    await weeklyCard(page)
      .getByRole('button', { name: `Start now: ${weeklyName}` })
      .click();
    expect((await started).status()).toBe(201);
    await expect(page).toHaveURL(new RegExp(`/meetings/weekly-accountability/${teamId}$`));

    // The history lists it as running, linking to its page.
    await openPage(page, account, '/meeting-history', 'Meeting history');
    const history = page.getByRole('list', { name: 'Meetings' });
    const row = history.getByRole('listitem').filter({ hasText: weeklyName });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Running');
    await expect(row.getByRole('link', { name: weeklyName })).toHaveAttribute(
      'href',
      `/meetings/weekly-accountability/${teamId}`,
    );
    await expect(row).toContainText('1:35 / 0:');
    await settled(page);
    await expectNoAxeViolations(page, 'the meeting history');

    // The owner is an admin: end it from the active meetings.
    await openPage(page, account, '/admin/active-meetings', 'Active meetings');
    const active = page.getByRole('list', { name: 'Active meetings' });
    await expect(active.getByRole('listitem')).toHaveCount(1);
    await expect(active).toContainText(weeklyName);
    await settled(page);
    await expectNoAxeViolations(page, 'the active meetings');
    await active.getByRole('button', { name: /^End meeting: / }).click();
    const confirm = page.getByRole('dialog', { name: `End ${weeklyName}?` });
    await expectNoAxeViolations(page, 'the end-meeting confirmation');
    const ended = nextWrite(page, '/end');
    await confirm.getByRole('button', { name: 'End meeting' }).click();
    expect((await ended).status()).toBe(200);
    await expect(page.getByText('No meeting is running.')).toBeVisible();

    // Ended, it shows its details in place instead of a link.
    await openPage(page, account, '/meeting-history', 'Meeting history');
    const endedRow = page.getByRole('list', { name: 'Meetings' }).getByRole('listitem').filter({ hasText: weeklyName });
    await expect(endedRow).toContainText('Ended');
    await endedRow.getByRole('button', { name: `Show details of ${weeklyName}` }).click();
    await expect(endedRow.getByText('Sections')).toBeVisible();
    await settled(page);
    await expectNoAxeViolations(page, 'the meeting history with details open');

    // Its record downloads as a PDF; a search by a word of its name finds it, a word of nothing finds nothing.
    const download = page.waitForEvent('download');
    await endedRow.getByRole('button', { name: `Download PDF of ${weeklyName}` }).click();
    const pdf = await download;
    expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);
    expect(
      readFileSync(await pdf.path())
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-');
    const search = page.getByLabel('Search');
    await search.fill('nothing-called-this');
    await expect(page.getByText(/^No meeting matches “nothing-called-this”/)).toBeVisible();
    await expect(page).toHaveURL(/search=nothing-called-this/);
    await search.fill(weeklyName.split(' ')[0]!);
    await expect(endedRow).toBeVisible();

    // A phone: every page reads at 375 px, the agenda editor too.
    const phone = await (await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true })).newPage();
    for (const [path, heading] of [
      ['/meetings', HEADING],
      ['/meeting-history', 'Meeting history'],
      ['/admin/active-meetings', 'Active meetings'],
      [`/departments/${teamId}/meetings`, HEADING],
    ] as const) {
      await openSignedIn(phone, account, path);
      await expect(phone.getByRole('heading', { level: 1, name: heading })).toBeVisible({ timeout: 15_000 });
      await settled(phone);
      await expectFitsViewport(phone, path, { tapTargets: true });
      await expectNoAxeViolations(phone, `${path} on a phone`);
    }
    await weeklyCard(phone)
      .getByRole('button', { name: `Edit agenda: ${weeklyName}` })
      .click();
    await expect(phone.getByRole('dialog', { name: `Edit agenda: ${weeklyName}` })).toBeVisible();
    await expectFitsViewport(phone, 'the agenda editor', { tapTargets: true });
  });
});
