import ExcelJS from 'exceljs';
import { expect, test } from './support/test.js';
import { expectNoAxeViolations } from './support/axe.js';
import { openSignedIn, registerViaApi } from './support/app.js';

// A new organization's terminology: "Quarterly Priorities", "Milestones" (contract defaults).
const PLURAL = 'Quarterly Priorities';

/**
 * Ninety's rocks export: a Rocks sheet (with a Milestones count column the import does not use), and
 * a Milestones sheet tying each milestone to its rock by title. One rock's owner is no member here.
 */
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
    'Milestones',
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
    '2',
  ]);
  rocks.addRow([`Hire a head of sales ${stamp}`, '', 'Sam Departed', null, null, null, '', 'Team', 'Off Track', '1']);
  const milestones = book.addWorksheet('Milestones');
  milestones.addRow(['Rock', 'Title', 'Owner', 'Due Date', 'Completed On']);
  milestones.addRow([`Launch the partner portal ${stamp}`, 'Beta with three partners', ownerEmail, null, new Date()]);
  milestones.addRow([`launch the partner portal ${stamp}`, 'Public launch', '', null, null]);
  milestones.addRow([`Hire a head of sales ${stamp}`, 'Shortlist of five', '', null, null]);
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
  // The column the import does not use is named, not dropped unseen.
  await expect(page.getByRole('list', { name: 'Columns of Rocks' })).toContainText('Rocks: Milestones (not imported)');

  // The unknown owner blocks only its rows: one rock imports as is, the other waits for a choice.
  const owners = page.getByRole('region', { name: '1 owner matches no member' });
  await expect(owners).toContainText('No member of this organization is named or has the e-mail "Sam Departed"');
  await expect(page.getByRole('button', { name: 'Import 1 Priority with 2 Milestones' })).toBeDisabled();
  await expectNoAxeViolations(page, 'import preview with an unknown owner');
  await owners.getByLabel('“Sam Departed” (1 row)').selectOption({ label: 'Ada Lovelace' });
  await expect(page.getByRole('region', { name: /problems/ })).toHaveCount(0);

  await page.getByRole('button', { name: `Import 2 ${PLURAL} with 3 Milestones` }).click();
  const done = page.getByRole('heading', { name: 'Import complete' });
  await expect(done).toBeFocused();
  await expect(done).toBeInViewport();
  await expect(page.getByRole('status').filter({ hasText: 'imported' })).toContainText(
    `2 ${PLURAL} imported with 3 Milestones.`,
  );
  await page.getByRole('link', { name: `Go to ${PLURAL}` }).click();

  await expect(page.getByRole('heading', { level: 1, name: PLURAL })).toBeVisible({ timeout: 15_000 });
  const list = page.getByRole('list', { name: PLURAL });
  const portal = list.getByRole('listitem').filter({ hasText: `Launch the partner portal ${stamp}` });
  const hire = list.getByRole('listitem').filter({ hasText: `Hire a head of sales ${stamp}` });
  await expect(portal).toContainText(/1\/2 milestones/i);
  await expect(hire).toContainText(/0\/1 milestones/i);
  await expect(hire).toContainText('Off track');
  await expect(hire).toContainText('Ada Lovelace');
});

test('a file whose every owner is unknown asks who owns them, loses nothing, and reports what it left out', async ({
  page,
  request,
}) => {
  const account = await registerViaApi(request);
  const stamp = Date.now();
  await openSignedIn(page, account, '/issues/import');
  await expect(page.getByRole('heading', { level: 1, name: 'Import Issues' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByLabel('Spreadsheet file')).toBeEnabled();
  const csv = [
    'Title,Owner',
    `Churn is up ${stamp},Kim Gone`,
    `Printer jams ${stamp},lee@old.example`,
    `Late invoices ${stamp},Kim Gone`,
  ];
  await page.getByLabel('Spreadsheet file').setInputFiles({
    name: 'issues.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`${csv.join('\n')}\n`),
  });

  const owners = page.getByRole('region', { name: '2 owners match no member' });
  await expect(owners).toBeVisible();
  await expect(
    page.getByText('Choose an owner for each unknown name above, or leave its rows out, to import.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Import 0 Issues' })).toBeDisabled();
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoAxeViolations(page, 'import with every owner unknown');

  await owners.getByLabel('For all unknown owners').selectOption({ label: 'Ada Lovelace' });
  await owners.getByLabel('“lee@old.example” (1 row)').selectOption({ label: 'Leave these rows out' });
  await expect(page.getByRole('region', { name: '1 problem: rows with one are left out of the import' })).toContainText(
    'Left out, as chosen for the owner "lee@old.example"',
  );
  await page.getByRole('button', { name: 'Import 2 Issues' }).click();

  const done = page.getByRole('heading', { name: 'Import complete' });
  await expect(done).toBeFocused();
  await expect(done).toBeInViewport();
  await expect(page.getByRole('status').filter({ hasText: 'imported' })).toContainText(
    '2 Issues imported. Left out: 1 row, listed below with why.',
  );
  await expect(page.getByRole('region', { name: 'Left out of the import' })).toContainText('Row 3 · Owner:');
  await expectNoAxeViolations(page, 'import result with rows left out');
});

test('a spreadsheet that is not one gets a clear message and nothing to import', async ({
  page,
  request,
  consoleGuard,
}) => {
  consoleGuard.allowResponse(415, '/imports/issues/preview');
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
