import { type Page } from '@playwright/test';
import { expect, test } from './support/test.js';
import { openPage, registerViaApi, settled, topBar } from './support/app.js';
import { expectNoAxeViolations } from './support/axe.js';

const tree = (page: Page) => page.getByRole('list', { name: 'Departments' });
const row = (page: Page, name: string) =>
  tree(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name, exact: true }) });
const selector = (page: Page) => topBar(page).getByRole('combobox', { name: 'Department' });

test.describe('departments', () => {
  test('create under the leadership team, add oneself, rename, pick it in the top bar, archive it', async ({
    page,
    request,
  }) => {
    const account = await registerViaApi(request);
    const me = `${account.firstName} ${account.lastName}`;
    await openPage(page, account, '/departments', 'Departments');
    await expect(row(page, 'Leadership Team').getByRole('img', { name: 'Leadership team' })).toBeVisible();

    await page.getByRole('button', { name: 'New Department' }).click();
    const create = page.getByRole('dialog', { name: 'New Department' });
    await create.getByLabel('Name').fill('Sales');
    await create.getByLabel('Parent').selectOption({ label: 'Leadership Team' });
    await settled(page);
    await expectNoAxeViolations(page, '/departments new department dialog');
    await create.getByRole('button', { name: 'Create' }).click();
    await expect(create).toBeHidden();
    await expect(row(page, 'Sales')).toContainText('0 members');

    await row(page, 'Sales').getByRole('button', { name: 'Members' }).click();
    const members = page.getByRole('dialog', { name: 'Members of Sales' });
    await members.getByLabel('Add a person').selectOption({ label: me });
    await members.getByRole('button', { name: 'Add' }).click();
    await expect(members.getByRole('list', { name: 'Members' })).toContainText(me);
    await settled(page);
    await expectNoAxeViolations(page, '/departments members dialog');
    await members.getByRole('button', { name: 'Done' }).click();
    await expect(row(page, 'Sales')).toContainText('1 member');

    await row(page, 'Sales').getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Department' });
    await edit.getByLabel('Name').fill('Sales and Marketing');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toBeHidden();
    await expect(row(page, 'Sales and Marketing')).toBeVisible();
    await settled(page);
    await expectNoAxeViolations(page, '/departments with a second department');

    // The top bar's selector follows at once and can show the new department.
    await expect(selector(page).getByRole('option', { name: 'Sales and Marketing' })).toHaveCount(1);
    await selector(page).selectOption({ label: 'Sales and Marketing' });
    await expect(selector(page)).toHaveValue(/.+/);

    await row(page, 'Sales and Marketing').getByRole('button', { name: 'Archive' }).click();
    const confirm = page.getByRole('dialog', { name: 'Archive Sales and Marketing?' });
    await confirm.getByRole('button', { name: 'Archive' }).click();
    await expect(confirm).toBeHidden();
    await expect(row(page, 'Sales and Marketing')).toHaveCount(0);
    // The archived department left the selector, which fell back to the leadership team (one left: static).
    await expect(selector(page)).toHaveCount(0);
    await expect(topBar(page)).toContainText('Leadership Team');
    await page.reload();
    await expect(topBar(page)).toContainText('Leadership Team', { timeout: 15_000 });

    await page.getByLabel('Show archived Departments').check();
    await expect(row(page, 'Sales and Marketing').getByRole('button', { name: 'Restore' })).toBeVisible();
  });
});
