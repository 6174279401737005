import ExcelJS from 'exceljs';
import { expect, test } from './support/test.js';
import { expectNoAxeViolations } from './support/axe.js';
import { openPage } from './support/app.js';
import { expectFitsViewport, PHONE } from './support/layout.js';
import { localDate, registerWithTeam } from './support/work.js';

// A new organization's terminology calls the scorecard "Metrics".
const LABEL = 'Metrics';

/**
 * Ninety's scorecard export: Group, Status, Title, Description, Owner, Goal, Average, then one column
 * per week headed by a date (the last three weeks here). One goal cannot be read, so its row is left out.
 */
async function ninetyScorecard(ownerEmail: string, stamp: number): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Scorecard');
  const weeks = [localDate(-21), localDate(-14), localDate(-7)];
  sheet.addRow(['Group', 'Status', 'Title', 'Description', 'Owner', 'Goal', 'Average', ...weeks]);
  sheet.addRow(['Sales', 'On Track', `Calls made ${stamp}`, 'Outbound calls', ownerEmail, '>= 50', '51.7', 40, 55, 60]);
  sheet.addRow(['Sales', 'Off Track', `Conversion ${stamp}`, '', ownerEmail, '>= 20%', '20.7%', '15%', '22%', '25%']);
  sheet.addRow(['', 'Off Track', `Churn ${stamp}`, '', ownerEmail, 'fewer please', '', 3, 2, 4]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

test('import a Ninety scorecard export, see its measurables on the scorecard, export them to .xlsx and read it back', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const { account, teamId } = await registerWithTeam(request);
  const stamp = Date.now();
  await openPage(page, account, '/admin/import-scorecard', `Import ${LABEL}`);

  await expect(page.getByLabel('Spreadsheet file')).toBeEnabled();
  await page.getByLabel('Spreadsheet file').setInputFiles({
    name: 'ninety-scorecard.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: await ninetyScorecard(account.email, stamp),
  });
  const preview = page.getByRole('table', { name: 'Measurables in ninety-scorecard.xlsx' });
  await expect(preview).toContainText(`Calls made ${stamp}`);
  await expect(page.getByText('Ninety’s scorecard export', { exact: true })).toBeVisible();
  await expect(page.getByText('Weekly, read from the dates of the period columns')).toBeVisible();
  await expect(preview.getByRole('row').filter({ hasText: `Churn ${stamp}` })).toContainText('Left out');
  await expect(page.getByRole('region', { name: /problems?: rows with one are left out/ })).toContainText('Row 4');
  await expectNoAxeViolations(page, 'scorecard import preview');
  await page.setViewportSize(PHONE);
  await expectFitsViewport(page, 'scorecard import preview on a phone');
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.getByRole('button', { name: 'Import 2 measurables with 6 values' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Import finished' })).toContainText(
    '2 measurables and 6 values imported (weekly), 1 group created. 1 row was left out.',
  );
  await page.getByRole('link', { name: `Open the ${LABEL}` }).click();
  await expect(page).toHaveURL(new RegExp(`/scorecard\\?teamId=${teamId}`));
  const grid = page.getByRole('grid');
  await expect(grid.getByRole('button', { name: `Calls made ${stamp}`, exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(grid.getByRole('button', { name: `Conversion ${stamp}`, exact: true })).toBeVisible();
  await expect(grid).not.toContainText(`Churn ${stamp}`);

  // The same view as an Excel file: a header row, one row per measurable with its numbers and their colours.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export to Excel' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await file.path());
  const sheet = book.worksheets[0]!;
  expect(sheet.getRow(1).getCell(1).value).toBe('Measurable');
  const rows: ExcelJS.Row[] = [];
  sheet.eachRow((row) => rows.push(row));
  const calls = rows.find((row) => row.getCell(1).value === `Calls made ${stamp}`);
  if (!calls) throw new Error('the export has no row for the imported measurable');
  const numbers = (calls.values as unknown[]).filter((value) => typeof value === 'number');
  expect(numbers).toEqual(expect.arrayContaining([40, 55, 60]));
  const fills = new Set<string>();
  calls.eachCell((cell) => {
    const fill = cell.fill as { fgColor?: { argb?: string } } | undefined;
    if (typeof cell.value === 'number' && fill?.fgColor?.argb) fills.add(fill.fgColor.argb);
  });
  // 40 misses ≥ 50 and 55, 60 meet it: two colours among the weeks.
  expect(fills.size).toBeGreaterThanOrEqual(2);
});
