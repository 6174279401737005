import { expect, test } from './support/test.js';
import { API, openAsNewAccount } from './support/app.js';
import { expectNoAxeViolations } from './support/axe.js';

const SUCCESS = 'Thank you! Your feedback has been submitted successfully.';

test('feedback: the floating help button opens the dialog; Send waits for subject and message; thanks, then closes about 3 s later', async ({
  page,
  request,
}) => {
  await openAsNewAccount(page, request);

  await page.getByRole('button', { name: 'Help and feedback' }).click();
  const dialog = page.getByRole('dialog', { name: 'Help and feedback' });
  await expect(dialog).toBeVisible();
  const send = dialog.getByRole('button', { name: 'Send feedback' });
  await expect(send).toBeDisabled();
  await dialog.getByLabel('Subject').fill('Scorecard colours');
  await expect(send).toBeDisabled();
  await dialog.getByLabel('Subject').fill('');
  await dialog.getByLabel('Message').fill('The red is hard to tell from the orange.');
  await expect(send).toBeDisabled();
  await dialog.getByLabel('Subject').fill('Scorecard colours');
  await expect(send).toBeEnabled();
  await dialog.getByLabel('Suggest an improvement').check();
  await expectNoAxeViolations(page, 'feedback dialog');

  const submitted = page.waitForRequest(
    (req) => req.url().endsWith(`${API}/feedback/submit`) && req.method() === 'POST',
  );
  await send.click();
  expect((await submitted).postDataJSON()).toMatchObject({
    type: 'enhancement',
    subject: 'Scorecard colours',
    message: 'The red is hard to tell from the orange.',
  });
  await expect(dialog.getByText(SUCCESS)).toBeVisible();
  const thankedAt = Date.now();
  await expect(dialog.getByRole('button', { name: 'Sent' })).toBeDisabled();
  await expect(dialog).toBeHidden({ timeout: 6_000 });
  const closedAfter = Date.now() - thankedAt;
  expect(closedAfter, 'closes about 3 s after success').toBeGreaterThan(2_000);
  expect(closedAfter).toBeLessThan(5_000);

  // It reopens reset.
  await page.getByRole('button', { name: 'Help and feedback' }).click();
  await expect(dialog.getByLabel('Subject')).toHaveValue('');
  await expect(dialog.getByLabel('Message')).toHaveValue('');
  await expect(dialog.getByRole('button', { name: 'Send feedback' })).toBeDisabled();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});
