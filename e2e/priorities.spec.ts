import { type Locator, type Page } from '@playwright/test';
import { expect, test } from './support/test.js';
import { openPage, registerViaApi, settled } from './support/app.js';
import { expectNoAxeViolations } from './support/axe.js';
import { nextWrite } from './support/work.js';

// A new organization's terminology (contract defaults): "Quarterly Priorities", "Priority", "Milestones".
const PLURAL = 'Quarterly Priorities';
const SINGULAR = 'Priority';

const priorityList = (page: Page) => page.getByRole('list', { name: PLURAL });
const detail = (page: Page, title: string) => page.getByRole('dialog', { name: title });
const milestoneBox = (dialog: Locator, title: string) => dialog.getByRole('checkbox', { name: title });

async function openDetail(page: Page, title: string) {
  await priorityList(page).getByRole('button', { name: title, exact: true }).click();
  const dialog = detail(page, title);
  await expect(dialog).toBeVisible();
  return dialog;
}

async function addMilestone(dialog: Locator, page: Page, title: string) {
  const form = dialog.getByRole('form', { name: 'Add a milestone' });
  await form.getByLabel('Title').fill(title);
  const added = nextWrite(page, '/milestones');
  await form.getByRole('button', { name: 'Add', exact: true }).click();
  expect((await added).status()).toBe(201);
  await expect(milestoneBox(dialog, title)).toBeVisible();
}

test.describe('quarterly priorities', () => {
  test('create a priority with two milestones, tick one done, and after a reload see both and the progress', async ({
    page,
    request,
  }) => {
    const account = await registerViaApi(request);
    await openPage(page, account, '/quarterly-priorities', PLURAL);
    await expect(page.getByText(`No ${PLURAL} for this Quarter.`, { exact: false })).toBeVisible();
    await settled(page);
    await expectNoAxeViolations(page, '/quarterly-priorities (empty)');

    const stamp = Date.now();
    const title = `Open the Leeds office ${stamp}`;
    const [first, second] = [`Sign the lease ${stamp}`, `Hire the team ${stamp}`];

    await page.getByRole('button', { name: `New ${SINGULAR}` }).click();
    const create = page.getByRole('dialog', { name: `New ${SINGULAR}` });
    await create.getByLabel('Title').fill(title);
    // The creator is the default owner; progress is measured by milestones done.
    await expect(create.getByRole('checkbox', { name: `${account.firstName} ${account.lastName}` })).toBeChecked();
    await create.getByLabel('Progress').selectOption('milestones');
    const created = nextWrite(page, '/priorities');
    await create.getByRole('button', { name: `Add ${SINGULAR}` }).click();
    expect((await created).status()).toBe(201);
    await expect(create).toBeHidden();

    const dialog = await openDetail(page, title);
    await addMilestone(dialog, page, first);
    await addMilestone(dialog, page, second);
    await expect(dialog.getByRole('heading', { name: 'Milestones (0/2)' })).toBeVisible();
    await settled(page);
    await expectNoAxeViolations(page, '/quarterly-priorities (detail dialog)');

    const ticked = nextWrite(page, /\/milestones\/[0-9a-f-]{36}$/);
    await milestoneBox(dialog, first).click();
    expect((await ticked).status()).toBe(200);
    await expect(milestoneBox(dialog, first)).toBeChecked();
    await expect(dialog.getByRole('heading', { name: 'Milestones (1/2)' })).toBeVisible();

    await page.reload();
    const row = priorityList(page).getByRole('listitem').filter({ hasText: title });
    await expect(row).toContainText('1/2 Milestones');
    await expect(row.getByRole('progressbar', { name: `Progress of ${title}` })).toHaveAttribute('aria-valuenow', '50');

    const reopened = await openDetail(page, title);
    await expect(milestoneBox(reopened, first)).toBeChecked();
    await expect(milestoneBox(reopened, second)).not.toBeChecked();
    await expect(reopened.getByRole('heading', { name: 'Milestones (1/2)' })).toBeVisible();
    await expect(reopened.getByRole('progressbar', { name: `Progress of ${title}` })).toHaveAttribute(
      'aria-valuenow',
      '50',
    );
  });
});
