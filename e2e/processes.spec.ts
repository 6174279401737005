import { type Locator, type Page } from '@playwright/test';
import { expect, test } from './support/test.js';
import { openPage, registerViaApi, settled } from './support/app.js';
import { expectNoAxeViolations } from './support/axe.js';
import { PHONE, expectFitsViewport } from './support/layout.js';
import { addMemberViaInvitation } from './support/members.js';
import { firstTeamId, nextWrite } from './support/work.js';

const percent = (page: Page) => page.getByTestId('followed-percent');

/** Drags `handle` with the mouse until it lies over `target` (dnd-kit starts a drag after a few pixels). */
async function dragOnto(page: Page, handle: Locator, target: Locator) {
  const from = await handle.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error('drag handles are not on screen');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 - 10, { steps: 3 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2 - 10, { steps: 15 });
  await page.mouse.up();
}

test('document a process with steps, publish it, and watch the share that follows it move as a second person acknowledges it', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const owner = await registerViaApi(request);
  const teamId = await firstTeamId(request, owner);
  const colleague = await addMemberViaInvitation(request, owner, { teamIds: [teamId], firstName: 'Zoë' });
  const title = `Onboard a customer ${Date.now().toString(36)}`;

  await openPage(page, owner, '/processes', 'Processes');
  await expect(page.getByText('No published Processes yet.', { exact: false })).toBeVisible();
  await page.getByRole('button', { name: 'New Process' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Process' });
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByRole('button', { name: 'Create' }).click();

  // The editor: purpose, two steps in rich text, a sub-step, and a reorder by the keyboard buttons.
  const editor = page.getByRole('form', { name: `Edit ${title}` });
  await editor.getByLabel('Purpose').fill('Every new customer starts the same way.');
  await editor.getByRole('button', { name: 'Add step' }).click();
  await editor.getByLabel('Step 1 title').fill('Book the kick-off call');
  await editor.getByRole('textbox', { name: 'Step 1 text' }).fill('Within two working days.');
  await editor.getByRole('button', { name: 'Add step' }).click();
  await editor.getByLabel('Step 2 title').fill('Send the welcome pack');
  const secondText = editor.getByRole('textbox', { name: 'Step 2 text' });
  await secondText.click();
  await editor.getByRole('toolbar', { name: 'Step 2 text: formatting' }).getByRole('button', { name: 'Bold' }).click();
  await page.keyboard.type('Same day');
  // Dragged by its handle above the first step, then moved down and up again with the buttons.
  await dragOnto(
    page,
    editor.getByRole('button', { name: 'Drag Send the welcome pack' }),
    editor.getByRole('button', { name: 'Drag Book the kick-off call' }),
  );
  await expect(editor.getByLabel('Step 1 title')).toHaveValue('Send the welcome pack');
  await editor.getByRole('button', { name: 'Move down: Send the welcome pack' }).click();
  await expect(editor.getByLabel('Step 1 title')).toHaveValue('Book the kick-off call');
  await editor.getByRole('button', { name: 'Move up: Send the welcome pack' }).click();
  await expect(editor.getByLabel('Step 1 title')).toHaveValue('Send the welcome pack');
  await editor.getByRole('button', { name: 'Add sub-step to step 1' }).click();
  await editor.getByLabel('Sub-step 1.1 title').fill('Print the contract');
  await settled(page);
  await expectNoAxeViolations(page, 'the process editor');
  const saved = nextWrite(page, /\/processes\/[0-9a-f-]+$/);
  await editor.getByRole('button', { name: 'Save' }).click();
  expect((await saved).status()).toBe(200);

  const article = page.getByRole('article', { name: title });
  await expect(article.getByRole('heading', { level: 4, name: '1. Send the welcome pack' })).toBeVisible();
  await expect(article.getByRole('heading', { level: 4, name: '2. Book the kick-off call' })).toBeVisible();
  await expect(article.getByRole('heading', { level: 5, name: '1.1 Print the contract' })).toBeVisible();
  await expect(article.locator('strong', { hasText: 'Same day' })).toBeVisible();

  const published = nextWrite(page, '/publish');
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  expect((await published).status()).toBe(200);
  await expect(percent(page)).toHaveText('0%');
  await page.getByRole('button', { name: 'I follow this Process' }).click();
  await expect(percent(page)).toHaveText('50%');
  await expect(page.getByText('You follow this Process.')).toBeVisible();
  await settled(page);
  await expectNoAxeViolations(page, 'a published process');

  // The history compares any two versions: the first (title only) with the published one.
  await page.getByRole('button', { name: 'Show history' }).click();
  await expect(page.getByText('The content is the same (only the status changed).')).toBeVisible();
  await page.getByLabel('Compare version').selectOption('1');
  const changes = page.getByRole('region', { name: 'Changes from version 1 to version 3' });
  await expect(changes).toContainText('Purpose changed');
  await expect(changes).toContainText('Step added: Send the welcome pack');
  await expect(changes).toContainText('Step added: Book the kick-off call');

  // The print view leaves the buttons out.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Download PDF' })).toBeHidden();
  await page.emulateMedia({ media: 'screen' });
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF' }).click();
  expect((await download).suggestedFilename()).toBe(`${title}.pdf`);

  // The colleague, on a phone, finds it among the published processes and acknowledges it.
  const phone = await (await browser.newContext({ viewport: PHONE })).newPage();
  await openPage(phone, colleague, '/processes', 'Processes');
  await phone.getByRole('link', { name: title }).click();
  await expect(phone.getByRole('heading', { level: 2, name: title })).toBeVisible();
  await expect(percent(phone)).toHaveText('50%');
  await settled(phone);
  await expectFitsViewport(phone, 'a published process on a phone');
  await expectNoAxeViolations(phone, 'a published process on a phone');
  await phone.getByRole('button', { name: 'I follow this Process' }).click();
  await expect(percent(phone)).toHaveText('100%');

  // The owner's open page follows without a reload.
  await expect(percent(page)).toHaveText('100%', { timeout: 15_000 });
  await expect(page.getByRole('region', { name: 'Acknowledged (2)' })).toContainText('Zoë');

  // Being in its team, the colleague may edit it too: the editor fits the phone.
  await phone.goto(`${new URL(page.url()).pathname}${new URL(page.url()).search}&edit=1`);
  await expect(phone.getByRole('form', { name: `Edit ${title}` })).toBeVisible();
  await settled(phone);
  await expectFitsViewport(phone, 'the process editor on a phone');

  await phone.goto('/processes');
  await expect(phone.getByRole('link', { name: title })).toBeVisible();
  await expect(phone.getByText('100% follow it')).toBeVisible();
  await expectFitsViewport(phone, '/processes on a phone');
});
