import { type Page } from '@playwright/test';
import { expect, test } from './support/test.js';
import { API, openPage, openSignedIn, registerViaApi, settled } from './support/app.js';
import { expectNoAxeViolations } from './support/axe.js';
import { nextWrite } from './support/work.js';

const headlineRow = (page: Page, text: string) => page.getByRole('listitem').filter({ hasText: text });

test.describe('headlines', () => {
  test('add customer and employee headlines, mark one discussed, archive and undo', async ({ page, request }) => {
    const account = await registerViaApi(request);
    await openPage(page, account, '/headlines', 'Headlines');
    const stamp = Date.now();
    const customer = `Acme renewed for two years ${stamp}`;
    const employee = `Grace joins support ${stamp}`;

    const form = page.getByRole('form', { name: 'Add a headline' });
    await form.getByLabel('Headline').fill(customer);
    await form.getByLabel('Type').selectOption('customer');
    await form.getByLabel('Or about (text)').fill('Acme Ltd');
    await form.getByRole('button', { name: 'Add headline' }).click();
    await expect(headlineRow(page, customer)).toContainText('about Acme Ltd');
    await expect(form.getByLabel('Headline')).toHaveValue('');

    await form.getByLabel('Headline').fill(employee);
    await form.getByLabel('Type').selectOption('employee');
    await form.getByRole('button', { name: 'Add headline' }).click();
    await expect(headlineRow(page, employee)).toBeVisible();

    // Grouped by type, each group headed with its count.
    const customers = page.getByRole('region', { name: 'Customer (1)' });
    const employees = page.getByRole('region', { name: 'Employee (1)' });
    await expect(customers.getByText(customer)).toBeVisible();
    await expect(employees.getByText(employee)).toBeVisible();

    const discussed = nextWrite(page, '/discussed');
    // The box follows the saved state (it is not flipped before the server agrees), so click, not check().
    await page.getByRole('checkbox', { name: `Discussed: ${customer}` }).click();
    expect((await discussed).status()).toBe(200);
    await expect(page.getByRole('checkbox', { name: `Discussed: ${customer}` })).toBeChecked();
    await page.reload();
    await expect(page.getByRole('checkbox', { name: `Discussed: ${customer}` })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: `Discussed: ${employee}` })).not.toBeChecked();

    const archived = nextWrite(page, '/archive');
    await page.getByRole('button', { name: `Archive: ${employee}` }).click();
    expect((await archived).status()).toBe(200);
    await expect(headlineRow(page, employee)).toHaveCount(0);
    const toast = page.getByRole('status').filter({ hasText: 'Headline archived' });
    const restored = nextWrite(page, '/restore');
    await toast.getByRole('button', { name: 'Undo' }).click();
    expect((await restored).status()).toBe(200);
    await expect(headlineRow(page, employee)).toBeVisible();
    await expect(page.getByRole('button', { name: `Archive: ${employee}` })).toBeVisible();
  });

  test('with one team only, the cascading-message dialog says there is no other team to send to', async ({
    page,
    request,
  }) => {
    const account = await registerViaApi(request);
    await openSignedIn(page, account, '/headlines');
    await page.getByRole('button', { name: 'Send to other Teams' }).click({ timeout: 15_000 });
    const dialog = page.getByRole('dialog', { name: 'Send to other Teams' });
    await expect(dialog.getByText('There are no other teams to send to.')).toBeVisible();
    await dialog.getByLabel('Message').fill('All hands on Friday');
    await dialog.getByRole('button', { name: 'Send message' }).click();
    await expect(dialog.getByText('Choose at least one team')).toBeVisible();
    await expect(page.getByText('No messages sent yet.')).toBeVisible();
  });

  test('a cascading message from the leadership team reaches a second team, with read receipts', async ({
    page,
    request,
  }) => {
    // The owner makes a second department through the departments API and joins it, so one person
    // both sends (from the leadership team) and receives (as Sales).
    const account = await registerViaApi(request);
    const auth = { authorization: `Bearer ${account.accessToken}` };
    const departments = `${API}/organizations/${account.user.organizationId}/departments`;
    const created = await request.post(departments, { headers: auth, data: { name: 'Sales' } });
    expect(created.status()).toBe(201);
    const sales = ((await created.json()) as { data: { id: string } }).data.id;
    const joined = await request.post(`${departments}/${sales}/members`, {
      headers: auth,
      data: { userId: account.user.id },
    });
    expect(joined.status()).toBe(201);

    await openPage(page, account, '/headlines', 'Headlines');
    const text = `Prices rise on 1 March ${Date.now()}`;
    await page.getByRole('button', { name: 'Send to other Teams' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send to other Teams' });
    await dialog.getByLabel('Message').fill(text);
    await dialog.getByRole('checkbox', { name: 'Sales' }).check();
    await settled(page);
    await expectNoAxeViolations(page, '/headlines send dialog');
    await dialog.getByRole('button', { name: 'Send message' }).click();
    await expect(dialog).toBeHidden();

    const selector = page.getByRole('banner').getByRole('combobox', { name: 'Department' });
    await selector.selectOption({ label: 'Sales' });
    await expect(page.getByText('From Leadership Team').first()).toBeVisible();
    await settled(page);
    await expectNoAxeViolations(page, '/headlines with a received message');
    const read = nextWrite(page, '/read');
    await page.getByRole('button', { name: `Mark as read: ${text}` }).click();
    expect((await read).status()).toBe(200);

    await selector.selectOption({ label: '★ Leadership Team' });
    await expect(page.getByRole('button', { name: `Read by 1 of 1: ${text}` })).toContainText('read by 1 of 1');
    await settled(page);
    await expectNoAxeViolations(page, '/headlines with read receipts');
  });
});
