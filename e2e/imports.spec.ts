import ExcelJS from 'exceljs';
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.js';
import { openSignedIn, registerViaApi } from './support/app.js';

// A new organization's terminology: "Quarterly Priorities", "Milestones" (contract defaults).
const PLURAL = 'Quarterly Priorities';

/** Ninety's rocks export: a Rocks sheet, and a Milestones sheet tying each milestone to its rock by title. */
async function ninetyWorkbook(ownerEmail: string, stamp: number): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const rocks = book.addWorksheet('Rocks');
  rocks.addRow([
    'Title',
    'Description',
    'Owner',
    'Due Date',
    'Completed On',
    'Created Date',
    'Team',
    'Level',
    'Status',
  ]);
  // No due date: each lands in the current quarter, due at its end, as one created on screen.
  rocks.addRow([
    `Launch the partner portal ${stamp}`,
    'Self-serve sign-up',
    ownerEmail,
    null,
    null,
    null,
    '',
    'Company',
    'On Track',
  ]);
  rocks.addRow([`Hire a head of sales ${stamp}`, '', ownerEmail, null, null, null, '', 'Team', 'Off Track']);
  const milestones = book.addWorksheet('Milestones');
  milestones.addRow(['Rock', 'Title', 'Owner', 'Due Date', 'Completed On']);
  milestones.addRow([`Launch the partner portal ${stamp}`, 'Beta with three partners', ownerEmail, null, new Date()]);
  milestones.addRow([`launch the partner portal ${stamp}`, 'Public launch', '', null, null]);
  milestones.addRow([`Hire a head of sales ${stamp}`, 'Shortlist of five', ownerEmail, null, null]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

test('import a Ninety rocks workbook with milestones, then see them on the priorities page', async ({
  page,
  request,
}) => {
  const account = await registerViaApi(request);
  const stamp = Date.now();
  await openSignedIn(page, account, '/priorities/import');
  await expect(page.getByRole('heading', { level: 1, name: `Import ${PLURAL}` })).toBeVisible({ timeout: 15_000 });

  await expect(page.getByLabel('Spreadsheet file')).toBeEnabled();
  await page.getByLabel('Spreadsheet file').setInputFiles({
    name: 'ninety-rocks.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: await ninetyWorkbook(account.email, stamp),
  });
  const preview = page.getByRole('table', { name: 'First rows of ninety-rocks.xlsx' });
  await expect(preview).toContainText(`Launch the partner portal ${stamp}`);
  await expect(preview).toContainText(`Hire a head of sales ${stamp}`);
  await expect(page.getByText('ninety-rocks.xlsx: 2 rows, 3 Milestones')).toBeVisible();
  await expect(page.getByRole('group', { name: 'Columns', exact: true }).getByLabel('Owner')).toHaveValue('Owner');
  await expect(page.getByRole('region', { name: /problems to fix/ })).toHaveCount(0);
  await expectNoAxeViolations(page, 'import preview');

  await page.getByRole('button', { name: `Import 2 ${PLURAL}` }).click();
  await expect(page.getByText(`2 ${PLURAL} imported with 3 Milestones`)).toBeVisible();
  await page.getByRole('link', { name: `Go to ${PLURAL}` }).click();

  await expect(page.getByRole('heading', { level: 1, name: PLURAL })).toBeVisible({ timeout: 15_000 });
  const list = page.getByRole('list', { name: PLURAL });
  const portal = list.getByRole('listitem').filter({ hasText: `Launch the partner portal ${stamp}` });
  const hire = list.getByRole('listitem').filter({ hasText: `Hire a head of sales ${stamp}` });
  await expect(portal).toContainText('1/2 milestones');
  await expect(hire).toContainText('0/1 milestones');
  await expect(hire).toContainText('Off track');
});

test('a spreadsheet that is not one gets a clear message and nothing to import', async ({ page, request }) => {
  const account = await registerViaApi(request);
  await openSignedIn(page, account, '/issues/import');
  await expect(page.getByRole('heading', { level: 1, name: 'Import Issues' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByLabel('Spreadsheet file')).toBeEnabled();
  await page.getByLabel('Spreadsheet file').setInputFiles({
    name: 'photo.xlsx',
    mimeType: 'image/png',
    buffer: Buffer.from('89504e470d0a1a0a0000000d4948445200000001', 'hex'),
  });
  await expect(page.getByRole('alert')).toContainText('This file is not a CSV or Excel (.xlsx) workbook.');
  await expect(page.getByRole('button', { name: /^Import \d/ })).toHaveCount(0);
});
