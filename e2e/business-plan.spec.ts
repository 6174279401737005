import type { Page } from '@playwright/test';
import { expect, test } from './support/test.js';
import { openPage, registerViaApi, settled } from './support/app.js';
import { expectNoAxeViolations } from './support/axe.js';
import { expectFitsViewport, PHONE } from './support/layout.js';

const PATH = '/business-blueprint';
const HEADING = '2-Page Plan';

const section = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });

/** Saves the section being edited and waits for the server to take it. */
async function saveSection(page: Page, title: string) {
  const saved = page.waitForResponse(
    (response) => response.url().includes('/business-plan') && response.request().method() === 'PUT',
  );
  await section(page, title).getByRole('button', { name: 'Save', exact: true }).click();
  expect((await saved).status()).toBe(200);
  await expect(section(page, title).getByRole('button', { name: 'Save', exact: true })).toHaveCount(0);
}

/** Pages in a PDF that Chromium printed (each page object names its type). */
const pagesIn = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type\s*\/Page\b(?!s)/g)?.length ?? 0;

test.describe('business plan', () => {
  test('write a plan, print it on two pages, restore an older version', async ({ page, request }) => {
    const account = await registerViaApi(request);
    await openPage(page, account, PATH, HEADING);
    await expect(page.getByText('Nobody has written this plan yet.', { exact: false })).toBeVisible();

    // Core values: the first version.
    const values = section(page, 'Core Values');
    await values.getByRole('button', { name: 'Edit Core Values' }).click();
    await values.getByRole('button', { name: 'Add a core value' }).click();
    await values.getByLabel('Title', { exact: true }).fill('Customers first');
    await values.getByLabel('Description', { exact: true }).fill('We answer within a day.');
    await saveSection(page, 'Core Values');
    await expect(values.getByText('Customers first')).toBeVisible();

    // Core focus: version 2. Escape throws a draft away first.
    const focus = section(page, 'Core Focus');
    await focus.getByRole('button', { name: 'Edit Core Focus' }).click();
    await focus.getByLabel('Purpose', { exact: true }).fill('Thrown away');
    await page.keyboard.press('Escape');
    await expect(focus.getByLabel('Purpose', { exact: true })).toHaveCount(0);
    await focus.getByRole('button', { name: 'Edit Core Focus' }).click();
    await focus.getByLabel('Purpose', { exact: true }).fill('Keep every kitchen running');
    await focus.getByLabel('Niche', { exact: true }).fill('Independent restaurants');
    await saveSection(page, 'Core Focus');

    // The 10-year target and the SWOT: versions 3 and 4.
    const target = section(page, '10-Year Target');
    await target.getByRole('button', { name: 'Edit 10-Year Target' }).click();
    await target.getByLabel('Year', { exact: true }).fill('2036');
    await target.getByLabel('Target', { exact: true }).fill('2,000 kitchens served every day');
    await saveSection(page, '10-Year Target');
    const swot = section(page, 'SWOT');
    await swot.getByRole('button', { name: 'Edit SWOT' }).click();
    await swot.getByRole('button', { name: 'Add to Strengths' }).click();
    await swot.getByLabel('Strengths 1', { exact: true }).fill('Same-day repairs');
    await saveSection(page, 'SWOT');

    // A custom title, and the section moved up: versions 5 and 6.
    await swot.getByRole('button', { name: 'Rename SWOT' }).click();
    await page.getByLabel('Section title', { exact: true }).fill('Where we stand');
    await page.getByRole('button', { name: 'Save title' }).click();
    const renamed = section(page, 'Where we stand');
    await expect(renamed).toBeVisible();
    await renamed.getByRole('button', { name: 'Move Where we stand up' }).click();
    await expect(page.getByText(/^Version 6, saved by .+ on /)).toBeVisible();
    await settled(page);
    await expectNoAxeViolations(page, 'the business plan');

    // Print: only the plan, set small, on at most two pages of A4 and of Letter.
    await page.emulateMedia({ media: 'print' });
    const printed = page.locator('#business-plan-print');
    await expect(printed).toBeVisible();
    await expect(printed.getByText('Keep every kitchen running')).toBeVisible();
    await expect(printed.getByText('Where we stand')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    for (const format of ['A4', 'Letter'] as const) {
      const pdf = await page.pdf({ format });
      expect(pagesIn(pdf), `${format} pages`).toBeGreaterThanOrEqual(1);
      expect(pagesIn(pdf), `${format} pages`).toBeLessThanOrEqual(2);
    }
    await page.emulateMedia({ media: 'screen' });

    // The PDF export, named after the plan and its team.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download PDF' }).click();
    expect((await download).suggestedFilename()).toBe('2-Page Plan - Leadership Team.pdf');

    // The read-only link: turned on, it opens the plan without any editing control.
    const shared = page.waitForResponse((response) => response.url().includes('/business-plan/share'));
    // The box follows the saved state (it is not flipped before the server agrees), so click, not check().
    await page.getByLabel('Read-only link for the whole company', { exact: true }).click();
    const token = ((await (await shared).json()) as { data: { shareToken: string } }).data.shareToken;
    await expect(page.getByRole('button', { name: 'Copy link' })).toBeVisible();
    await page.goto(`${PATH}?share=${token}`);
    await expect(page.getByText('You are reading a shared plan. It is read-only.')).toBeVisible();
    await expect(section(page, 'Core Focus').getByText('Keep every kitchen running')).toBeVisible();
    await expect(page.getByRole('button', { name: /^Edit / })).toHaveCount(0);
    await page.getByRole('button', { name: 'Open the company plan' }).click();
    await expect(page.getByRole('button', { name: 'Edit Core Focus' })).toBeVisible();

    // History: compare the first and the latest version, then restore the first (as version 7: nothing lost).
    await page.getByRole('button', { name: 'History' }).click();
    const history = page.getByRole('dialog', { name: 'History of the plan' });
    await expect(history.getByText('Version 6', { exact: true })).toBeVisible();
    await history.getByLabel('Compare version 1', { exact: true }).check();
    await history.getByLabel('Compare version 6', { exact: true }).check();
    const comparison = history.getByRole('region', { name: 'Comparison' });
    await expect(comparison.getByText('Purpose: nothing → “Keep every kitchen running”')).toBeVisible();
    await expectNoAxeViolations(page, 'the plan’s history');
    await history.getByRole('button', { name: 'Restore version 1' }).click();
    const confirm = page.getByRole('dialog', { name: 'Restore version 1?' });
    const restored = page.waitForResponse((response) => response.url().includes('/business-plan/restore'));
    await confirm.getByRole('button', { name: 'Restore version 1' }).click();
    expect((await restored).status()).toBe(200);
    await expect(history.getByText('Version 7', { exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(history).toBeHidden();
    await expect(section(page, 'Core Focus').getByText('Nothing written yet.')).toBeVisible();
    await expect(section(page, 'Core Values').getByText('Customers first')).toBeVisible();
    await expect(section(page, 'SWOT')).toBeVisible();
    await expect(page.getByText(/^Version 7, saved by .+ on /)).toBeVisible();

    // A phone: the plan reads at 375 px without sideways scrolling.
    await page.setViewportSize(PHONE);
    await settled(page);
    await expectFitsViewport(page, PATH);
  });
});
