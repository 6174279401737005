import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/test.js';
import { expectSignedInFrame, openPage, openSignedIn, sidebar, topBar } from './support/app.js';
import { authOf, orgPath, registerWithTeam } from './support/work.js';

type Box = { x: number; y: number; width: number; height: number };

const boxOf = async (locator: Locator, what: string): Promise<Box> => {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${what} is not on screen`);
  return box;
};

/** Fails when the two boxes share any pixel. */
function expectApart(a: Box, b: Box, what: string) {
  const overlap = a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
  expect(overlap, `${what}: ${JSON.stringify(a)} overlaps ${JSON.stringify(b)}`).toBe(false);
}

/** Adds an issue with the page's form; answers the toast it raised and the button that raised it. */
async function addIssueWithToast(page: Page, title: string) {
  const form = page.getByRole('form', { name: /^New issue$/i });
  await form.getByLabel('Title').fill(title);
  const add = form.getByRole('button', { name: /^Add issue$/i });
  await add.click();
  const toast = page.getByRole('status').filter({ hasText: /^Issue added$/i });
  await expect(toast).toBeVisible();
  return { add, toast };
}

test.describe('focus', () => {
  test('Escape closes a dialog, a menu or the phone navigation and gives focus back to what opened it', async ({
    page,
    request,
  }) => {
    const { account, teamId } = await registerWithTeam(request);
    const title = `Printer jams daily ${Date.now()}`;
    const created = await request.post(orgPath(account, '/issues'), {
      headers: authOf(account),
      data: { teamId, title },
    });
    expect(created.status(), await created.text()).toBe(201);

    // The dashboard has one Quick add, the top bar's; its dialog hands focus back on Escape.
    await openPage(page, account, '/dashboard', 'My dashboard');
    const quickAdd = page.getByRole('button', { name: /Quick add/ });
    await expect(quickAdd).toHaveCount(1);
    await quickAdd.click();
    const quickAddDialog = page.getByRole('dialog', { name: 'Quick add' });
    await expect(quickAddDialog.getByLabel('Title')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(quickAddDialog).toBeHidden();
    await expect(quickAdd).toBeFocused();

    // A dialog opened from a list row: focus goes back to the row's title.
    await openPage(page, account, '/issues', 'Issues');
    const opener = page.getByRole('list', { name: 'Issues' }).getByRole('button', { name: title, exact: true });
    await opener.click();
    const issueDialog = page.getByRole('dialog', { name: title });
    await expect(issueDialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(issueDialog).toBeHidden();
    await expect(opener).toBeFocused();

    // The account menu: Escape closes it onto its button.
    const accountMenu = topBar(page).getByRole('button', {
      name: `${account.firstName} ${account.lastName} account menu`,
    });
    await accountMenu.click();
    await expect(page.getByRole('menu')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toBeHidden();
    await expect(accountMenu).toBeFocused();

    // On a phone the navigation is a drawer opened from the top bar.
    await page.setViewportSize({ width: 375, height: 740 });
    await openSignedIn(page, account, '/todos');
    await expectSignedInFrame(page, account);
    const openNavigation = page.getByRole('button', { name: 'Open navigation' });
    await openNavigation.click();
    const drawer = page.getByRole('dialog', { name: 'Navigation' });
    await expect(drawer).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(openNavigation).toBeFocused();
  });

  test('the Departments page names itself in the document title, as every page does', async ({ page, request }) => {
    const { account } = await registerWithTeam(request);
    await openPage(page, account, '/departments', 'Departments');
    await expect(page).toHaveTitle('Departments · Keel');
    // Moving through the app keeps each page's own title, the Departments page's included.
    await sidebar(page).getByRole('link', { name: 'My dashboard' }).click();
    await expect(page).toHaveTitle('My dashboard · Keel');
    await sidebar(page).getByRole('link', { name: 'Departments' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Departments' })).toBeVisible();
    await expect(page).toHaveTitle('Departments · Keel');
  });

  test('a toast covers neither the button that raised it nor the open account menu, on a desktop or a phone', async ({
    page,
    request,
  }) => {
    const { account } = await registerWithTeam(request);
    const accountMenu = page.getByRole('button', { name: `${account.firstName} ${account.lastName} account menu` });
    for (const [name, viewport] of [
      ['desktop', { width: 1280, height: 720 }],
      ['phone', { width: 375, height: 667 }],
    ] as const) {
      await page.setViewportSize(viewport);
      await openPage(page, account, '/issues', 'Issues');
      const { add, toast } = await addIssueWithToast(page, `Slow laptops on the ${name} ${Date.now()}`);
      // Where the toast stands (success toasts last 2 s, so the menu is compared with this place).
      const toastBar = toast.locator('xpath=..');
      await toastBar.evaluate((bar) => Promise.all(bar.getAnimations().map((animation) => animation.finished)));
      const toastBox = await boxOf(toastBar, 'the toast');
      expectApart(toastBox, await boxOf(add, 'the Add button'), `${name}: the toast and the Add button`);
      expectApart(
        toastBox,
        await boxOf(accountMenu, 'the account menu button'),
        `${name}: the toast and the menu button`,
      );
      await accountMenu.click();
      const menu = page.getByRole('menu');
      await expect(menu).toBeVisible();
      expectApart(toastBox, await boxOf(menu, 'the account menu'), `${name}: the toast and the open account menu`);
      await page.keyboard.press('Escape');
    }
  });
});
