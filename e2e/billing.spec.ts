import type { Page } from '@playwright/test';
import { expect, test } from './support/test.js';
import { openPage, registerViaApi, settled } from './support/app.js';
import { expectNoAxeViolations } from './support/axe.js';
import { BILLING_BASE_URL } from './support/billing-server.js';
import { PHONE, expectFitsViewport } from './support/layout.js';

// Every page and request of this file talks to the server that bills through the Stripe stand-in.
test.use({ baseURL: BILLING_BASE_URL });

/** Adds a to-do on /todos and answers whether the server took it. */
async function addTodo(page: Page, title: string) {
  const form = page.getByRole('form', { name: 'New Task' });
  await form.getByLabel('Title').fill(title);
  const answer = page.waitForResponse(
    (response) => response.request().method() === 'POST' && new URL(response.url()).pathname.endsWith('/todos'),
  );
  await form.getByRole('button', { name: 'Add Task' }).click();
  return (await answer).status();
}

test('from the trial banner to a subscribed organization, then a lapsed one that turns read-only, and back', async ({
  page,
  request,
  consoleGuard,
}) => {
  test.setTimeout(120_000);
  const owner = await registerViaApi(request);
  await openPage(page, owner, '/todos', 'Tasks');
  await expect(page.getByText('Your free trial ends in 30 days.')).toBeVisible();

  // The banner leads the owner to billing, where the trial, the seats and the plans are.
  await page.getByRole('link', { name: 'Choose a plan' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
  await expect(page.getByText(/Free trial: 30 days left/)).toBeVisible();
  await expect(page.getByText(/^1 of 100 users/)).toBeVisible();
  await settled(page);
  await expectNoAxeViolations(page, '/billing during the trial');

  // Checkout (Stripe's page, played by the stand-in), then back: the plan shows once Stripe's event is in.
  await page.getByRole('button', { name: 'Choose Starter' }).click();
  await expect(page.getByRole('heading', { name: 'Stand-in Stripe Checkout' })).toBeVisible();
  await page.getByRole('button', { name: 'Pay and subscribe' }).click();
  await expect(page.getByText('Thank you: the organization is on Starter.')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('heading', { name: 'Your plan: Starter' })).toBeVisible();
  await expect(page.getByText(/Your free trial ends/)).toHaveCount(0);
  await expect(page.getByText('Your current plan')).toBeVisible();
  await page.setViewportSize(PHONE);
  await expectFitsViewport(page, '/billing subscribed, on a phone');
  await page.setViewportSize({ width: 1280, height: 800 });

  // Canceled in the portal: the organization lapses and turns read-only; nothing is deleted, reads go on.
  await page.getByRole('button', { name: 'Manage billing' }).click();
  await expect(page.getByRole('heading', { name: 'Stand-in Stripe billing portal' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel the subscription' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
  await expect(page.getByText(/This organization is read-only: its subscription has ended\./)).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.getByText(/The Starter subscription has ended\./)).toBeVisible();
  await settled(page);
  await expectNoAxeViolations(page, '/billing after the subscription ended');
  await openPage(page, owner, '/todos', 'Tasks');
  consoleGuard.allowResponse(403, `/organizations/${owner.user.organizationId}/todos`);
  expect(await addTodo(page, 'Written while read-only')).toBe(403);
  await expect(page.getByText(/This organization is read-only because its trial has ended/)).toBeVisible();

  // Back: a new plan through Checkout, and the organization can be written again.
  await page.getByRole('link', { name: 'Choose a plan' }).click();
  await page.getByRole('button', { name: 'Choose Growth' }).click();
  await page.getByRole('button', { name: 'Pay and subscribe' }).click();
  await expect(page.getByText('Thank you: the organization is on Growth.')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(/This organization is read-only/)).toHaveCount(0);
  await openPage(page, owner, '/todos', 'Tasks');
  expect(await addTodo(page, 'Written once subscribed again')).toBe(201);
});
