import { expect, test } from './support/test.js';
import { expectSignedInFrame, openSignedIn, registerViaApi } from './support/app.js';
import { expectNoAxeViolations } from './support/axe.js';
import { authOf, createTodo, firstTeamId, localDate, orgPath } from './support/work.js';

// A new organization's terminology: "Tasks", "Quarterly Priorities", "Issues" (contract defaults).
test.describe('my dashboard and quick add', () => {
  test('overdue to-dos come first; Q on another page adds an issue that shows on /issues', async ({
    page,
    request,
  }) => {
    const account = await registerViaApi(request);
    const teamId = await firstTeamId(request, account);
    const stamp = Date.now();
    const later = await createTodo(request, account, teamId, {
      title: `Book the venue ${stamp}`,
      dueDate: localDate(7),
    });
    const overdue = await createTodo(request, account, teamId, {
      title: `Send the invoice ${stamp}`,
      dueDate: localDate(-1),
    });
    const priority = await request.post(orgPath(account, '/priorities'), {
      headers: authOf(account),
      data: { title: `Open the Lyon office ${stamp}`, ownerIds: [account.user.id], teamId },
    });
    expect(priority.status(), await priority.text()).toBe(201);

    await openSignedIn(page, account, '/dashboard');
    await expectSignedInFrame(page, account);
    await expect(page.getByRole('main').getByRole('heading', { level: 1, name: 'My dashboard' })).toBeVisible();

    const todos = page.getByRole('list', { name: 'My open Tasks' });
    await expect(todos.getByRole('listitem')).toHaveCount(2);
    await expect(todos.getByRole('listitem').first()).toContainText(overdue.title);
    await expect(todos.getByRole('listitem').first()).toContainText('Overdue');
    await expect(todos.getByRole('listitem').nth(1)).toContainText(later.title);
    const priorities = page.getByRole('region', { name: /My Quarterly Priorities/ });
    await expect(priorities.getByRole('link', { name: `Open the Lyon office ${stamp}` })).toHaveAttribute(
      'href',
      '/quarterly-priorities',
    );
    await expectNoAxeViolations(page, '/dashboard with items');

    // Ticking it done in place leaves only the other one.
    const completed = page.waitForResponse(
      (response) => response.request().method() === 'POST' && response.url().endsWith(`/todos/${overdue.id}/complete`),
    );
    await page.getByRole('checkbox', { name: `Mark “${overdue.title}” done` }).click();
    expect((await completed).status()).toBe(200);
    await expect(todos.getByRole('listitem')).toHaveCount(1);

    // Quick add from another page, by keyboard.
    await page.goto('/headlines');
    await expectSignedInFrame(page, account);
    await expect(page.getByRole('button', { name: /Quick add/ })).toHaveAttribute('aria-keyshortcuts', 'q');
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('q');
    const dialog = page.getByRole('dialog', { name: 'Quick add' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Title')).toBeFocused();
    await expectNoAxeViolations(page, 'quick add dialog');
    await dialog.locator('label', { hasText: /^Issue$/ }).click();
    const title = `Hiring is slow ${stamp}`;
    await dialog.getByLabel('Title').fill(title);
    const created = page.waitForResponse(
      (response) =>
        response.request().method() === 'POST' && new URL(response.url()).pathname === orgPath(account, '/issues'),
    );
    await dialog.getByRole('button', { name: 'Add' }).click();
    expect((await created).status()).toBe(201);
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Issue added.')).toBeVisible();

    await page.goto('/issues');
    await expectSignedInFrame(page, account);
    await expect(page.getByText(title).first()).toBeVisible();

    // Back on the dashboard, the new issue is among mine (owner defaulted to me).
    await page.goto('/dashboard');
    await expectSignedInFrame(page, account);
    await expect(page.getByRole('region', { name: /My Issues/ }).getByRole('link', { name: title })).toBeVisible();
  });
});
