import { expect, test } from './support/test.js';
import { openPage, registerViaApi, settled } from './support/app.js';
import { expectNoAxeViolations } from './support/axe.js';
import { nextWrite } from './support/work.js';

// A new organization's terminology (contract defaults): "Issues"/"Issue", and to-dos are "Tasks"/"Task".
const PLURAL = 'Issues';
const SINGULAR = 'Issue';

test.describe('issues', () => {
  test('create an issue, solve it with a resolution that creates a to-do, see it solved and the to-do on /todos', async ({
    page,
    request,
  }) => {
    const account = await registerViaApi(request);
    await openPage(page, account, '/issues', PLURAL);
    await expect(page.getByText(`No open ${PLURAL} here.`, { exact: false })).toBeVisible();
    await settled(page);
    await expectNoAxeViolations(page, '/issues (empty)');

    const stamp = Date.now();
    const title = `Invoices go out late ${stamp}`;
    const resolution = `Finance sends them on the 1st ${stamp}`;
    const todoTitle = `Set up the invoice run ${stamp}`;

    const form = page.getByRole('form', { name: `New ${SINGULAR}` });
    await form.getByLabel('Title').fill(title);
    const created = nextWrite(page, '/issues');
    await form.getByRole('button', { name: `Add ${SINGULAR}` }).click();
    expect((await created).status()).toBe(201);
    const open = page.getByRole('list', { name: PLURAL });
    await open.getByRole('button', { name: title, exact: true }).click();

    const dialog = page.getByRole('dialog', { name: title });
    await expect(dialog.getByText(`Raised by ${account.firstName} ${account.lastName}`)).toBeVisible();
    await settled(page);
    await expectNoAxeViolations(page, '/issues (issue dialog)');

    const solve = dialog.getByRole('form', { name: `Solve ${SINGULAR}` });
    await solve.getByLabel('Resolution').fill(resolution);
    await solve.getByRole('button', { name: 'Add Task' }).click();
    const todo = solve.getByRole('group', { name: 'Task 1' });
    await todo.getByLabel('Task 1 title').fill(todoTitle);
    // The issue has no owner, so the to-do goes to the person solving it.
    await expect(todo.getByRole('checkbox', { name: `${account.firstName} ${account.lastName}` })).toBeChecked();
    const solved = nextWrite(page, '/solve');
    await solve.getByRole('button', { name: 'Mark solved' }).click();
    expect((await solved).status()).toBe(200);
    await expect(page.getByRole('status').filter({ hasText: 'Issue solved; 1 Task created' })).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(open.getByRole('button', { name: title, exact: true })).toHaveCount(0);

    await page.getByRole('tab', { name: 'Solved' }).click();
    const solvedList = page.getByRole('list', { name: `Solved ${PLURAL}` });
    await solvedList.getByRole('button', { name: title, exact: true }).click();
    const solvedDialog = page.getByRole('dialog', { name: title });
    await expect(solvedDialog.getByText(resolution)).toBeVisible();
    await expect(solvedDialog.getByRole('form', { name: `Solve ${SINGULAR}` })).toHaveCount(0);

    await openPage(page, account, '/todos', 'Tasks');
    const row = page.getByRole('list', { name: 'Tasks' }).getByRole('listitem').filter({ hasText: todoTitle });
    await expect(row).toBeVisible();
    await expect(row).toContainText(`${account.firstName} ${account.lastName}`);
  });
});
