import { type Page } from '@playwright/test';
import { expect, test } from './support/test.js';
import { API, openPage, registerViaApi, settled, type Account } from './support/app.js';
import { expectNoAxeViolations } from './support/axe.js';
import { addMemberViaInvitation } from './support/members.js';
import { authOf, createTodo, localDate, nextWrite, orgPath, registerWithTeam } from './support/work.js';

// A new organization's terminology calls to-dos "Tasks" (contract terminology defaults).
const PLURAL = 'Tasks';
const SINGULAR = 'Task';

const todoList = (page: Page) => page.getByRole('list', { name: PLURAL });
const row = (page: Page, title: string) => todoList(page).getByRole('listitem').filter({ hasText: title });
const doneBox = (page: Page, title: string) => page.getByRole('checkbox', { name: `Mark ${title} as done` });
const notDoneBox = (page: Page, title: string) => page.getByRole('checkbox', { name: `Mark ${title} as not done` });
const selectBox = (page: Page, title: string) => page.getByRole('checkbox', { name: `Select ${title}` });

/** Lets the page render what it has just received (query results are delivered on a later task). */
const settledFrame = (page: Page) =>
  page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));

const openTodos = (page: Page, account: Account) => openPage(page, account, '/todos', PLURAL);

test.describe('to-dos', () => {
  test('create in the page, complete with the checkbox (done, survives a reload), then undo', async ({
    page,
    request,
  }) => {
    const account = await registerViaApi(request);
    await openTodos(page, account);
    const title = `Call the supplier ${Date.now()}`;

    const form = page.getByRole('form', { name: `New ${SINGULAR}` });
    await form.getByLabel('Title').fill(title);
    // The creator is the default owner.
    await expect(form.getByRole('checkbox', { name: `${account.firstName} ${account.lastName}` })).toBeChecked();
    await form.getByRole('button', { name: `Add ${SINGULAR}` }).click();
    await expect(row(page, title)).toBeVisible();
    await expect(form.getByLabel('Title')).toHaveValue('');

    const completed = nextWrite(page, '/complete');
    // The box is controlled and flips once the optimistic update lands (a tick later): click, then expect.
    await doneBox(page, title).click();
    expect((await completed).status()).toBe(200);
    await expect(notDoneBox(page, title)).toBeChecked();
    await expect(row(page, title)).toContainText('(done)');

    await page.reload();
    await expect(notDoneBox(page, title)).toBeChecked();

    const reopened = nextWrite(page, '/reopen');
    await notDoneBox(page, title).click();
    expect((await reopened).status()).toBe(200);
    await expect(doneBox(page, title)).not.toBeChecked();
    await page.reload();
    await expect(doneBox(page, title)).not.toBeChecked();
    await expect(row(page, title)).not.toContainText('(done)');
  });

  test('create one to-do for two owners: one each, both appear', async ({ page, request }) => {
    const { account, teamId } = await registerWithTeam(request);
    const colleague = await addMemberViaInvitation(request, account, { teamIds: [teamId] });
    await openTodos(page, account);
    const title = `Shared call ${Date.now()}`;
    const form = page.getByRole('form', { name: `New ${SINGULAR}` });
    await form.getByLabel('Title').fill(title);
    await form.getByRole('checkbox', { name: `${colleague.firstName} ${colleague.lastName}` }).check();
    await form.getByRole('button', { name: `Add ${SINGULAR}` }).click();
    await expect(row(page, title)).toHaveCount(2);
    await expect(todoList(page)).toContainText(`${account.firstName} ${account.lastName}`);
    await expect(todoList(page)).toContainText(`${colleague.firstName} ${colleague.lastName}`);
  });

  test('filter by status: open, done, all', async ({ page, request }) => {
    const { account, teamId } = await registerWithTeam(request);
    const stamp = Date.now();
    const open = await createTodo(request, account, teamId, { title: `Open one ${stamp}` });
    const done = await createTodo(request, account, teamId, { title: `Done one ${stamp}` });
    const completed = await request.post(orgPath(account, `/todos/${done.id}/complete`), {
      headers: authOf(account),
      data: { version: done.version },
    });
    expect(completed.status(), await completed.text()).toBe(200);

    await openTodos(page, account);
    await expect(row(page, open.title)).toBeVisible();
    await expect(row(page, done.title)).toBeVisible();

    const status = page.getByLabel('Status', { exact: true });
    await status.selectOption('open');
    await expect(row(page, open.title)).toBeVisible();
    await expect(row(page, done.title)).toHaveCount(0);

    await status.selectOption('done');
    await expect(row(page, done.title)).toBeVisible();
    await expect(row(page, open.title)).toHaveCount(0);

    await status.selectOption('all');
    await expect(todoList(page).getByRole('listitem')).toHaveCount(2);
  });

  test('multi-select: the selection survives a reload (ui-state), bulk complete, then Undo from the toast', async ({
    page,
    request,
  }) => {
    const { account, teamId } = await registerWithTeam(request);
    const stamp = Date.now();
    const [first, second, third] = [
      await createTodo(request, account, teamId, { title: `First ${stamp}` }),
      await createTodo(request, account, teamId, { title: `Second ${stamp}` }),
      await createTodo(request, account, teamId, { title: `Third ${stamp}` }),
    ];
    await openTodos(page, account);
    await expect(row(page, third.title)).toBeVisible();

    // The selection is saved 500 ms after the last change (debounced): wait for that save, not a fixed time.
    const saved = page.waitForResponse(
      (response) =>
        response.url().endsWith(`${API}/user/ui-state/selected_todo_ids`) && response.request().method() === 'PUT',
    );
    await selectBox(page, first.title).check();
    await selectBox(page, second.title).check();
    const toolbar = page.getByRole('toolbar', { name: `Selected ${PLURAL}` });
    await expect(toolbar).toContainText('2 selected');
    const save = await saved;
    expect(save.status()).toBe(200);
    expect(save.request().postDataJSON()).toMatchObject({ expiresIn: 86_400 });
    expect([...(save.request().postDataJSON() as { stateValue: string[] }).stateValue].sort()).toEqual(
      [first.id, second.id].sort(),
    );

    await page.reload();
    await expect(selectBox(page, first.title)).toBeChecked();
    await expect(selectBox(page, second.title)).toBeChecked();
    await expect(selectBox(page, third.title)).not.toBeChecked();
    await expect(toolbar).toContainText('2 selected');
    await settled(page);
    await expectNoAxeViolations(page, '/todos with a selection and the bulk toolbar');

    const bulk = nextWrite(page, '/todos/bulk');
    await toolbar.getByRole('button', { name: 'Complete' }).click();
    expect((await bulk).status()).toBe(200);
    await expect(notDoneBox(page, first.title)).toBeChecked();
    await expect(notDoneBox(page, second.title)).toBeChecked();
    await expect(doneBox(page, third.title)).not.toBeChecked();

    const toast = page.getByRole('status').filter({ hasText: `2 ${PLURAL} completed` });
    await expect(toast).toBeVisible();
    const undone = nextWrite(page, '/todos/bulk/undo');
    await toast.getByRole('button', { name: 'Undo' }).click();
    expect((await undone).status()).toBe(200);
    await expect(doneBox(page, first.title)).not.toBeChecked();
    await expect(doneBox(page, second.title)).not.toBeChecked();
    await expect(page.getByText('Undone')).toBeVisible();
  });

  test('due-date colours say it in words: an overdue to-do shows "Overdue", one due today "Due today"', async ({
    page,
    request,
  }) => {
    const { account, teamId } = await registerWithTeam(request);
    const stamp = Date.now();
    const late = await createTodo(request, account, teamId, { title: `Late ${stamp}`, dueDate: localDate(-3) });
    const today = await createTodo(request, account, teamId, { title: `Today ${stamp}`, dueDate: localDate(0) });
    const later = await createTodo(request, account, teamId, { title: `Later ${stamp}`, dueDate: localDate(5) });

    await openTodos(page, account);
    await expect(row(page, late.title)).toContainText('Overdue');
    await expect(row(page, late.title).locator('[data-due-state]')).toHaveAttribute('data-due-state', 'overdue');
    await expect(row(page, today.title)).toContainText('Due today');
    await expect(row(page, later.title)).not.toContainText(/Overdue|Due today/);
  });

  test('a title with markup is stored and shown as text; no script runs', async ({ page, request }) => {
    const account = await registerViaApi(request);
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(`${dialog.type()}: ${dialog.message()}`);
      void dialog.dismiss();
    });
    const title = '<img src=x onerror=alert(1)>';
    await openTodos(page, account);

    const form = page.getByRole('form', { name: `New ${SINGULAR}` });
    await form.getByLabel('Title').fill(title);
    const created = page.waitForResponse(
      (response) => response.url().endsWith('/todos') && response.request().method() === 'POST',
    );
    await form.getByRole('button', { name: `Add ${SINGULAR}` }).click();
    const body = (await (await created).json()) as { data: { title: string }[] };
    expect(body.data[0]?.title).toBe(title);

    await expect(todoList(page).getByRole('button', { name: title, exact: true })).toBeVisible();
    await page.reload();
    await expect(todoList(page).getByRole('button', { name: title, exact: true })).toBeVisible();
    await expect(page.locator('img[src="x"]')).toHaveCount(0);
    expect(dialogs).toEqual([]);
  });

  test('a stale edit shows "Someone else changed this" with Reload, which brings in their change', async ({
    page,
    request,
    consoleGuard,
  }) => {
    // The stale save is refused with 409 on purpose.
    consoleGuard.allow(/status of 409 \(Conflict\) \(.*\/todos\/[^/]+\)$/);
    const { account, teamId } = await registerWithTeam(request);
    const todo = await createTodo(request, account, teamId, { title: `Shared ${Date.now()}` });
    // The other person's change arrives live while the dialog is open: the list refreshes, but the
    // dialog keeps editing the version it opened, so the save below meets the conflict.
    await openTodos(page, account);

    await todoList(page).getByRole('button', { name: todo.title, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Edit ${SINGULAR}` });
    await expect(dialog.getByLabel('Title')).toHaveValue(todo.title);

    const theirs = `${todo.title} (changed elsewhere)`;
    const elsewhere = await request.patch(orgPath(account, `/todos/${todo.id}`), {
      headers: authOf(account),
      data: { version: todo.version, title: theirs },
    });
    expect(elsewhere.status(), await elsewhere.text()).toBe(200);

    const mine = `${todo.title} (mine)`;
    await dialog.getByLabel('Title').fill(mine);
    const saved = nextWrite(page, `/todos/${todo.id}`);
    // After any save the page refetches its list; the conflict must still be on screen once that is in.
    const refetched = page.waitForResponse(
      (response) => response.request().method() === 'GET' && /\/todos\?.*teamId=/.test(response.url()),
    );
    await dialog.getByRole('button', { name: 'Save' }).click();
    expect((await saved).status()).toBe(409);
    await refetched;
    await settledFrame(page);
    const banner = dialog.getByRole('status').filter({ hasText: `Someone else changed this ${SINGULAR}` });
    await expect(banner).toBeVisible();
    await expectNoAxeViolations(page, '/todos edit dialog with the conflict banner');
    // What the person typed is not thrown away behind their back: it stays until they choose Reload.
    await expect(dialog.getByLabel('Title')).toHaveValue(mine);

    await banner.getByRole('button', { name: 'Reload' }).click();
    await expect(dialog.getByLabel('Title')).toHaveValue(theirs);
    await expect(banner).toHaveCount(0);
  });
});
