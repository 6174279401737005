import type { Page } from '@playwright/test';
import { expect, test } from './support/test.js';
import { openPage, registerViaApi, settled } from './support/app.js';
import { expectNoAxeViolations } from './support/axe.js';
import { expectFitsViewport, PHONE } from './support/layout.js';
import { addMemberViaInvitation } from './support/members.js';
import { nextWrite } from './support/work.js';

const PATH = '/organizational-chart';
const HEADING = 'Organizational Chart';

/** A seat's box on the canvas, by its exact title. */
const seatBox = (page: Page, title: string) =>
  page.locator('[data-seat-id]').filter({ has: page.getByRole('button', { name: title, exact: true }) });

async function selectSeat(page: Page, title: string) {
  await page.getByRole('button', { name: 'Fit to screen' }).click();
  await page.getByRole('button', { name: title, exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
}

/** Adds a seat through the seat dialog: under the chosen seat, or as a top seat. */
async function addSeat(page: Page, title: string, under: string | null) {
  if (under) {
    await selectSeat(page, under);
    await page.getByRole('button', { name: `Add a seat under ${under}` }).click();
  } else {
    await page.getByRole('button', { name: 'Add a top seat' }).click();
  }
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Title').fill(title);
  const created = nextWrite(page, '/org-chart/seats');
  await dialog.getByRole('button', { name: 'Add seat' }).click();
  expect((await created).status()).toBe(201);
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('button', { name: title, exact: true })).toBeVisible();
}

/** Drags one seat's box onto another's with the mouse: it reports to that seat from then on. */
async function dragOnto(page: Page, title: string, target: string) {
  await page.getByRole('button', { name: 'Fit to screen' }).click();
  const from = await seatBox(page, title).boundingBox();
  const to = await seatBox(page, target).boundingBox();
  if (!from || !to) throw new Error(`no box for ${title} or ${target}`);
  const moved = nextWrite(page, /\/move$/);
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 12 });
  await page.mouse.up();
  expect((await moved).status()).toBe(200);
}

test('leaders build a chart of 30 seats by drag and drop, publish it, and a member sees it', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(240_000);
  const owner = await registerViaApi(request);
  const member = await addMemberViaInvitation(request, owner, { firstName: 'Zoë', lastName: 'Member' });
  await openPage(page, owner, PATH, HEADING);

  // An empty chart offers the suggested seats (neutral names: no methodology chosen).
  await page.getByRole('button', { name: 'Start with suggested seats' }).click();
  for (const title of ['Chief Executive', 'Sales & Marketing', 'Operations', 'Finance']) {
    await expect(page.getByRole('button', { name: title, exact: true })).toBeVisible();
  }
  await expectNoAxeViolations(page, 'the draft chart');

  // 20 seats added under their seats through the seat dialog…
  const teams = ['Sales & Marketing', 'Operations', 'Finance'];
  for (let index = 1; index <= 20; index += 1) {
    await addSeat(page, `Seat ${index}`, teams[index % 3]!);
  }
  // …and six made as top seats, then dragged onto the seat they report to.
  const dragged = ['Lead 1', 'Lead 2', 'Lead 3', 'Lead 4', 'Lead 5', 'Lead 6'];
  for (const title of dragged) await addSeat(page, title, null);
  const targets = ['Chief Executive', 'Operations', 'Seat 1', 'Seat 2', 'Lead 1', 'Finance'];
  for (const [index, title] of dragged.entries()) await dragOnto(page, title, targets[index]!);
  await expect(page.locator('[data-seat-id]')).toHaveCount(30);

  // A seat cannot be dropped onto one that reports to it: Chief Executive onto Lead 1 changes nothing.
  await page.getByRole('button', { name: 'Fit to screen' }).click();
  const before = await page.locator('.react-flow__edge').count();
  const chief = await seatBox(page, 'Chief Executive').boundingBox();
  const lead = await seatBox(page, 'Lead 5').boundingBox();
  await page.mouse.move(chief!.x + chief!.width / 2, chief!.y + chief!.height / 2);
  await page.mouse.down();
  await page.mouse.move(lead!.x + lead!.width / 2, lead!.y + lead!.height / 2, { steps: 8 });
  await page.mouse.up();
  await expect(page.locator('.react-flow__edge')).toHaveCount(before);

  // The keyboard way: Seat 3 reports to Lead 2 through "Reports to".
  await selectSeat(page, 'Seat 3');
  await page.getByLabel('Reports to').selectOption({ label: 'Lead 2' });
  const moved = nextWrite(page, /\/move$/);
  await page.getByRole('button', { name: 'Move', exact: true }).click();
  expect((await moved).status()).toBe(200);
  await expectNoAxeViolations(page, 'the draft chart with a seat chosen');

  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  const published = nextWrite(page, '/org-chart/publish');
  await page.getByRole('dialog').getByRole('button', { name: 'Publish', exact: true }).click();
  expect((await published).status()).toBe(200);
  await expect(page.getByText(/Published version 1/)).toBeVisible();

  // From a seat, one click raises an issue about it (its holder would own it; this seat has none), in the leader's team.
  await selectSeat(page, 'Lead 2');
  const raised = nextWrite(page, '/issues');
  await page.getByRole('button', { name: 'Raise an Issue' }).click();
  expect((await raised).status()).toBe(201);
  await expect(page.getByText(/Issue raised: Lead 2 \(Nobody holds this seat\)/)).toBeVisible();

  // Both exports: the image drawn in the browser, the PDF by the server.
  const image = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export PNG' }).click();
  expect((await image).suggestedFilename()).toBe('Organizational Chart.png');
  const pdf = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export PDF' }).click();
  expect((await pdf).suggestedFilename()).toMatch(/^Organizational Chart \d{4}-\d{2}-\d{2}\.pdf$/);

  // The member reads the published chart: every seat, no draft and no editing.
  const memberPage = await (await browser.newContext({ viewport: PHONE })).newPage();
  await openPage(memberPage, member, PATH, HEADING);
  await expect(memberPage.getByText(/Published version 1/)).toBeVisible();
  await expect(memberPage.getByRole('button', { name: 'Draft' })).toHaveCount(0);
  await memberPage.getByRole('button', { name: 'Fit to screen' }).click();
  await expect(memberPage.locator('[data-seat-id]')).toHaveCount(30);
  await expect(memberPage.locator('.react-flow__edge')).toHaveCount(29);
  // On a phone the whole chart is small: the member finds a seat in the list, which shows it close up.
  await memberPage.getByLabel('Find a seat').selectOption({ label: 'Lead 2' });
  await expect(memberPage.getByRole('heading', { level: 2, name: 'Lead 2' })).toBeVisible();
  await expect(memberPage.getByRole('button', { name: 'Edit seat' })).toHaveCount(0);
  await settled(memberPage);
  await expectFitsViewport(memberPage, 'the published chart on a phone');
  await expectNoAxeViolations(memberPage, 'the published chart on a phone');

  // The leader's next change stays in the draft until published; the member's page still shows version 1.
  await addSeat(page, 'Draft only', 'Chief Executive');
  await expect(memberPage.getByRole('button', { name: 'Draft only', exact: true })).toHaveCount(0);

  // Once published, the member's open page follows without a reload.
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  const republished = nextWrite(page, '/org-chart/publish');
  await page.getByRole('dialog').getByRole('button', { name: 'Publish', exact: true }).click();
  expect((await republished).status()).toBe(200);
  await expect(memberPage.getByText(/Published version 2/)).toBeVisible({ timeout: 15_000 });
  await expect(memberPage.getByLabel('Find a seat').locator('option', { hasText: 'Draft only' })).toHaveCount(1);
});
