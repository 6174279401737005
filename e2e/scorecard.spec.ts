import { type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { expect, test } from './support/test.js';
import { API, openPage, openSignedIn, type Account } from './support/app.js';
import { expectNoAxeViolations } from './support/axe.js';
import { expectFitsViewport, PHONE } from './support/layout.js';
import { authOf, localDate, nextWrite, orgPath, registerWithTeam } from './support/work.js';

// A new organization's terminology calls the scorecard "Metrics" and its default view's average "13-Week Average".
const HEADING = 'Metrics';

/** Creates a weekly measurable that takes numbers from five weeks back. */
async function createMeasurable(
  request: APIRequestContext,
  account: Account,
  teamId: string,
  title: string,
  goal: { operator: string; value: number },
) {
  const response = await request.post(orgPath(account, '/measurables'), {
    headers: authOf(account),
    data: { teamId, title, ownerId: account.user.id, goal, startsOn: localDate(-35) },
  });
  expect(response.status(), await response.text()).toBe(201);
}

const grid = (page: Page) => page.getByRole('grid');
/** The period cells of a row, oldest first (the default order); the last one is the current period. */
const cells = (page: Page, title: string) =>
  grid(page)
    .locator('tr')
    .filter({ has: page.getByRole('button', { name: title, exact: true }) })
    .locator('td[data-c]');
const current = (page: Page, title: string) => cells(page, title).last();
const previous = (page: Page, title: string) => cells(page, title).nth(-2);

const expectStatus = async (cell: Locator, value: string, words: string) => {
  await expect(cell).toContainText(value);
  await expect(cell).toHaveAccessibleName(`${value}, ${words}`);
};

/** Resolves once the page's realtime socket has signed in and followed `teamId`. */
function followed(page: Page, teamId: string): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (socket) => {
      if (!socket.url().endsWith(`${API}/realtime`)) return;
      socket.on('framereceived', ({ payload }) => {
        if (String(payload).includes(`"type":"subscribed","teamId":"${teamId}"`)) resolve();
      });
    });
  });
}

test.describe('scorecard', () => {
  test('fill a week by keyboard, paste a column, see the colours; live in a second browser; fits a phone; passes axe', async ({
    browser,
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const { account, teamId } = await registerWithTeam(request);
    await createMeasurable(request, account, teamId, 'Revenue', { operator: '>=', value: 100 });
    await createMeasurable(request, account, teamId, 'Defects', { operator: '<=', value: 5 });
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    const path = `/departments/${teamId}/scorecard`;
    await openPage(page, account, path, HEADING);
    await expect(grid(page).getByRole('columnheader', { name: '13-Week Average' })).toBeVisible();

    // The current week by keyboard: type, Enter saves and moves down, type again.
    await current(page, 'Revenue').click();
    const firstSave = nextWrite(page, /\/scores\/\d{4}-\d{2}-\d{2}$/);
    await page.keyboard.type('120');
    await page.keyboard.press('Enter');
    expect((await firstSave).status()).toBe(200);
    await expect(current(page, 'Defects')).toBeFocused();
    const secondSave = nextWrite(page, /\/scores\/\d{4}-\d{2}-\d{2}$/);
    await page.keyboard.type('9');
    await page.keyboard.press('Enter');
    expect((await secondSave).status()).toBe(200);
    await expectStatus(current(page, 'Revenue'), '120', 'meets the goal');
    await expectStatus(current(page, 'Defects'), '9', 'misses the goal');
    await expect(current(page, 'Revenue')).toHaveClass(/bg-green-100/);
    await expect(current(page, 'Defects')).toHaveClass(/bg-red-100/);

    // Last week's column pasted from a spreadsheet: one request for both cells.
    await previous(page, 'Revenue').click();
    await page.evaluate(() => navigator.clipboard.writeText('80\n3\n'));
    const pasted = nextWrite(page, '/scorecard/scores');
    await page.keyboard.press('Control+V');
    expect((await pasted).status()).toBe(200);
    await expectStatus(previous(page, 'Revenue'), '80', 'misses the goal');
    await expectStatus(previous(page, 'Defects'), '3', 'meets the goal');
    await page.reload();
    await expectStatus(previous(page, 'Revenue'), '80', 'misses the goal');
    await expectStatus(current(page, 'Revenue'), '120', 'meets the goal');

    // The popover says why a cell has its colour.
    await current(page, 'Revenue').hover();
    await expect(page.getByRole('tooltip')).toContainText('≥ 100');
    await expectNoAxeViolations(page, 'the scorecard with a popover open');
    await page.mouse.move(0, 0);
    // With nothing stored, the app follows the system's dark mode: the colours keep their contrast there too.
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(page.locator('html')).toHaveClass(/dark/);
    await expectNoAxeViolations(page, 'the scorecard in dark mode');
    await page.emulateMedia({ colorScheme: 'light' });

    // A second browser sees a number typed in the first within a second.
    const watcher = await (await browser.newContext()).newPage();
    const watching = followed(watcher, teamId);
    await openSignedIn(watcher, account, path);
    await watching;
    await expect(current(watcher, 'Defects')).toContainText('9');
    await current(page, 'Defects').click();
    const liveSave = nextWrite(page, /\/scores\/\d{4}-\d{2}-\d{2}$/);
    await page.keyboard.type('4');
    await page.keyboard.press('Enter');
    expect((await liveSave).status()).toBe(200);
    const savedAt = Date.now();
    await expectStatus(current(watcher, 'Defects'), '4', 'meets the goal');
    const shownAfter = Date.now() - savedAt;
    test.info().annotations.push({ type: 'shown after (ms)', description: String(shownAfter) });
    expect(shownAfter, 'shown within a second of the save').toBeLessThan(1_000);
    await watcher.context().close();

    // A phone: the grid scrolls in its own frame, the page stays as wide as the screen, targets are 44 px.
    const phone = await (await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true })).newPage();
    await openPage(phone, account, path, HEADING);
    await expect(current(phone, 'Revenue')).toContainText('120');
    await expectFitsViewport(phone, path, { tapTargets: true });
    await expectNoAxeViolations(phone, 'the scorecard on a phone');
    // The reminder e-mail's link opens a plain form of the person's own numbers on a phone, not the grid.
    await phone.goto(`${path}?enter=mine`);
    await expect(phone.getByRole('button', { name: `Show the whole ${HEADING}` })).toBeVisible();
    await expect(grid(phone)).toHaveCount(0);
    await expectFitsViewport(phone, `${path}?enter=mine`, { tapTargets: true });
    await phone.context().close();
  });
});
