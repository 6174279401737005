import { expect, test } from './support/test.js';
import { expectNoAxeViolations } from './support/axe.js';
import { openPage } from './support/app.js';
import { expectFitsViewport, PHONE } from './support/layout.js';
import { registerWithTeam } from './support/work.js';

// A new organization's terminology calls the scorecard "Metrics".
const HEADING = 'Metrics';

test('create a measurable in its dialog, enter it from the dashboard on a phone, read its trend, set reminders', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const { account, teamId } = await registerWithTeam(request);
  await openPage(page, account, `/departments/${teamId}/scorecard`, HEADING);

  // The dialog: a percent goal with a yellow band, said in a sentence as it is typed.
  await page.getByRole('button', { name: 'Add measurable' }).click();
  const dialog = page.getByRole('dialog', { name: 'New measurable' });
  await dialog.getByLabel('Title').fill('Conversion');
  await dialog.getByLabel('Unit').selectOption('percent');
  await dialog.getByLabel('Goal is met when the value is').selectOption('>=');
  await dialog.getByLabel('Goal', { exact: true }).fill('50%');
  await dialog.getByLabel('Yellow band').selectOption('percent');
  await dialog.getByLabel('Band (percent of the goal)').fill('10');
  await expect(dialog.getByText('Green when ≥ 50%, yellow within 10%.')).toBeVisible();
  await expectNoAxeViolations(page, 'the measurable dialog');
  await dialog.getByRole('button', { name: 'Add measurable' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('grid').getByRole('button', { name: 'Conversion', exact: true })).toBeVisible();

  // The dashboard lists the missing number; on a phone its link opens the plain form.
  await page.setViewportSize(PHONE);
  await openPage(page, account, '/dashboard', 'My dashboard');
  const missing = page.getByRole('region', { name: /Numbers to enter/ });
  await missing.getByRole('link', { name: 'Conversion' }).click();
  const form = page.getByRole('form', { name: 'My numbers' });
  await expect(form.getByText('1 number is still missing.')).toBeVisible({ timeout: 15_000 });
  await form.getByLabel('Conversion').fill('50%%');
  await form.getByRole('button', { name: 'Save all' }).click();
  await expect(form.getByText(/Type a percentage/)).toBeVisible();
  await form.getByLabel('Conversion').fill('47%');
  await form.getByRole('button', { name: 'Save all' }).click();
  await expect(page.getByText('1 number saved')).toBeVisible();
  await expect(form.getByText('All your numbers for this period are in.')).toBeVisible();
  await expectNoAxeViolations(page, 'my numbers on a phone');
  await expectFitsViewport(page, 'my numbers on a phone');

  // The trend: a chart loaded on demand, and the same data as a table.
  await page.setViewportSize({ width: 1280, height: 800 });
  await openPage(page, account, `/departments/${teamId}/scorecard`, HEADING);
  await page.getByRole('grid').getByRole('button', { name: 'Conversion', exact: true }).click();
  const trend = page.getByRole('dialog', { name: 'Trend of Conversion' });
  await expect(trend.getByRole('application', { name: 'Trend of Conversion' })).toBeVisible({ timeout: 15_000 });
  await expectNoAxeViolations(page, 'the trend dialog with its chart');
  await trend.getByRole('button', { name: 'Show as a table' }).click();
  const table = trend.getByRole('table', { name: 'Values of Conversion by period, newest first' });
  await expect(table.getByRole('row').nth(1)).toContainText('47%');
  await expect(table.getByRole('row').nth(1)).toContainText('just misses the goal');
  await trend.getByRole('button', { name: 'Close' }).click();

  // Reminders: on, Thursday at 16:30, in the organization's time zone.
  await page.getByRole('button', { name: 'Reminders' }).click();
  const reminders = page.getByRole('dialog', { name: 'Reminders for missing numbers' });
  await reminders.getByLabel('Send reminders').check();
  await reminders.getByLabel('Day').selectOption('Thursday');
  await reminders.getByLabel('Time').fill('16:30');
  await expect(reminders.getByText(/Times are in the organization’s time zone/)).toBeVisible();
  await expectNoAxeViolations(page, 'the reminders dialog');
  await reminders.getByRole('button', { name: 'Save' }).click();
  await expect(reminders).toHaveCount(0);
  await page.getByRole('button', { name: 'Reminders' }).click();
  await expect(reminders.getByLabel('Day')).toHaveValue('4');
  await expect(reminders.getByLabel('Time')).toHaveValue('16:30');
  await expect(reminders.getByLabel('Send reminders')).toBeChecked();

  await reminders.getByRole('button', { name: 'Cancel' }).click();

  // Both dialogs read on a phone without sideways scrolling.
  await page.setViewportSize(PHONE);
  await page.getByRole('button', { name: 'Edit Conversion' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Conversion' });
  await expect(edit.getByLabel('Title')).toHaveValue('Conversion');
  await expect(edit.getByLabel('Goal', { exact: true })).toHaveValue('50%');
  await expectFitsViewport(page, 'the measurable dialog on a phone');
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('grid').getByRole('button', { name: 'Conversion', exact: true }).click();
  await expect(trend.getByRole('application', { name: 'Trend of Conversion' })).toBeVisible();
  await expectFitsViewport(page, 'the trend dialog on a phone');
});
