import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/test.js';
import { openSignedIn, registerViaApi, settled, type Account } from './support/app.js';
import {
  expectFitsViewport,
  expectTitleUsesRow,
  layoutProblems,
  PHONE,
  PHONE_LANDSCAPE,
  TABLET,
} from './support/layout.js';
import { addMemberViaInvitation } from './support/members.js';
import { PLACEHOLDER_TEXT, signedInPages } from './support/routes.js';
import { authOf, firstTeamId, localDate, orgPath } from './support/work.js';

// A phone: touch, so `pointer: coarse` styles (the larger tap targets) apply as they do on a real one.
test.use({ viewport: PHONE, hasTouch: true, isMobile: true });
// Spinners and transitions stand still, so a box is measured where it rests.
test.beforeEach(async ({ page }) => page.emulateMedia({ reducedMotion: 'reduce' }));

const LONG_TODO = 'Call every customer whose invoice went out late last quarter and agree a new payment date';
const LONG_ISSUE = 'Invoices go out two weeks late because the month-end numbers arrive after the finance cut-off';
const LONG_HEADLINE =
  'Acme renewed for two more years and asked to add their Rotterdam warehouse to the contract from January onwards';
const LONG_PRIORITY = 'Open the Rotterdam warehouse with its own team and have the first orders shipped from it';
const UNBROKEN = 'Supercalifragilisticexpialidocious-customer-onboarding-checklist-v2';

async function post(request: APIRequestContext, account: Account, path: string, data: unknown) {
  const response = await request.post(orgPath(account, path), { headers: authOf(account), data });
  expect(response.status(), `${path}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json()) as { data: unknown };
}

/**
 * A team with the rows that stretch a narrow layout: long titles (one a single unbroken word), to-dos with
 * several owners, ranked and voted issues, long headlines of each type, a priority with milestones, and the
 * audit trail all of that leaves in user activity.
 */
async function seedTeam(request: APIRequestContext): Promise<{ account: Account; teamId: string }> {
  const account = await registerViaApi(request);
  const teamId = await firstTeamId(request, account);
  const colleague = await addMemberViaInvitation(request, account, {
    teamIds: [teamId],
    firstName: 'Maximiliana',
    lastName: 'Rodríguez-Vanderberg',
  });
  const owners = [account.user.id, colleague.user.id];
  await post(request, account, '/todos', { title: LONG_TODO, ownerIds: owners, teamId, dueDate: localDate(-3) });
  await post(request, account, '/todos', { title: UNBROKEN, ownerIds: [colleague.user.id], teamId });
  await post(request, account, '/todos', {
    title: 'Private note',
    ownerIds: [account.user.id],
    teamId,
    isPrivate: true,
  });
  for (const [index, title] of [LONG_ISSUE, UNBROKEN, 'Hiring plan for Q3'].entries()) {
    const { data } = (await post(request, account, '/issues', {
      teamId,
      title,
      ownerId: owners[index % 2],
      description: `${title}. ${LONG_HEADLINE}`,
    })) as { data: { id: string; version: number } };
    await post(request, account, `/issues/${data.id}/rank`, { version: data.version, rank: index + 1 });
    await post(request, account, `/issues/${data.id}/vote`, {});
  }
  for (const type of ['customer', 'employee', 'other'])
    await post(request, account, '/headlines', {
      teamId,
      type,
      text: type === 'other' ? UNBROKEN : LONG_HEADLINE,
      aboutText: 'Acme Logistics International Holding B.V.',
    });
  const { data: priorities } = (await post(request, account, '/priorities', {
    title: LONG_PRIORITY,
    ownerIds: owners,
    teamId,
    progressType: 'milestones',
  })) as { data: { id: string }[] };
  for (const priority of priorities)
    for (const title of ['Sign the lease for the Rotterdam building', UNBROKEN])
      await post(request, account, `/priorities/${priority.id}/milestones`, { title, dueDate: localDate(20) });
  return { account, teamId };
}

/** Opens `path` and waits until nothing on it is still loading (a spinner's status says "Loading…"). */
async function open(page: Page, path: string) {
  await page.goto(path);
  await settled(page);
  await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0, { timeout: 15_000 });
}

test.describe('the layout check', () => {
  const frame = (body: string) =>
    `<!doctype html><meta name="viewport" content="width=device-width, initial-scale=1"><body style="margin:0;font:16px/1.4 sans-serif">${body}</body>`;

  test('finds a page wider than the phone, a word pushed out of its row, a text under a button, a small target', async ({
    page,
  }) => {
    await page.setContent(
      frame(`
        <div style="width:446px">Wide form</div>
        <p style="width:120px">Supercalifragilisticexpialidocious-checklist</p>
        <div style="display:flex;width:300px"><p style="width:260px;flex:none">A headline squeezed beside its button</p><button style="margin-left:-60px;width:90px;height:44px">Edit</button></div>
        <a href="#x" style="display:inline-block;width:20px;height:20px">x</a>`),
    );
    const problems = await layoutProblems(page, { tapTargets: true });
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^the page is 446 px wide/),
        expect.stringMatching(/^overflows its box .* "Supercalifragilistic/),
        expect.stringMatching(/^overlap: .*(A headline squeezed.*button "Edit"|button "Edit".*A headline squeezed)/),
        expect.stringMatching(/^tap target 20×20 px .* a "x"/),
      ]),
    );
  });

  test('leaves alone what is meant: screen-reader text, ellipsis, a scroll frame, a button in a field, inline links', async ({
    page,
  }) => {
    await page.setContent(
      frame(`
        <a href="#main" style="position:absolute;width:1px;height:1px;padding:8px 16px;overflow:hidden;clip-path:inset(50%);white-space:nowrap">Skip to main content</a>
        <p style="width:100px;overflow:hidden;text-overflow:ellipsis;white-space:nowrap">A long title cut with an ellipsis</p>
        <div style="overflow-x:auto;width:300px"><table style="width:600px"><tr><td>Wide table</td><td>scrolls in its frame</td></tr></table></div>
        <div style="position:relative;width:300px"><input aria-label="Password" style="box-sizing:border-box;width:100%;height:44px;padding-right:48px" value="correct-horse-battery-staple-and-more-words-to-fill">
          <button style="position:absolute;right:0;top:0;width:44px;height:44px" aria-label="Show password">👁</button></div>
        <p style="width:300px">Read the <a href="#terms">terms of service that run onto a second line</a> before you sign.</p>`),
    );
    expect(await layoutProblems(page, { tapTargets: true })).toEqual([]);
  });
});

test.describe('readable on a phone', () => {
  let account: Account;
  let teamId: string;
  test.beforeAll(async ({ request }) => {
    test.setTimeout(60_000);
    ({ account, teamId } = await seedTeam(request));
  });

  for (const viewport of [PHONE, TABLET]) {
    test(`every signed-in page fits ${viewport.width} px without sideways scrolling or overlaps`, async ({ page }) => {
      test.setTimeout(240_000);
      await page.setViewportSize(viewport);
      await openSignedIn(page, account);
      // The "not built yet" frame is the same on every such page: checked once, and each page again once built.
      let placeholderChecked = false;
      for (const path of signedInPages(account.user.organizationId, teamId)) {
        await test.step(path, async () => {
          await open(page, path);
          const placeholder = (await page.getByText(PLACEHOLDER_TEXT).count()) > 0;
          if (placeholder && placeholderChecked) return;
          placeholderChecked ||= placeholder;
          await expectFitsViewport(page, path);
        });
      }
    });
  }

  test('the main lists give titles the row, and every control is a 44 px tap target', async ({ page }) => {
    test.setTimeout(120_000);
    await openSignedIn(page, account, '/todos');
    await settled(page);
    const todos = page.getByRole('list', { name: 'Tasks' });
    await expect(todos.getByText(LONG_TODO).first()).toBeVisible();
    await expectFitsViewport(page, '/todos', { tapTargets: true });
    const todoRow = todos.getByRole('listitem').filter({ hasText: LONG_TODO }).first();
    await expectTitleUsesRow(page, todoRow.getByRole('button', { name: LONG_TODO }), todoRow);
    // Both owners are named, the due date shown, and neither squeezes the title.
    await expect(todos.getByText('Maximiliana Rodríguez-Vanderberg').first()).toBeVisible();

    await open(page, '/issues');
    const issues = page.getByRole('list', { name: 'Issues' });
    await expect(issues.getByText(LONG_ISSUE)).toBeVisible();
    await expectFitsViewport(page, '/issues', { tapTargets: true });
    const issueRow = issues.getByRole('listitem').filter({ hasText: LONG_ISSUE });
    await expectTitleUsesRow(page, issueRow.getByRole('button', { name: LONG_ISSUE, exact: true }), issueRow);

    await open(page, '/headlines');
    await expect(page.getByText(LONG_HEADLINE).first()).toBeVisible();
    await expectFitsViewport(page, '/headlines', { tapTargets: true });
    const headlineRow = page.getByRole('listitem').filter({ hasText: LONG_HEADLINE }).first();
    await expectTitleUsesRow(page, headlineRow.getByText(LONG_HEADLINE), headlineRow);

    await open(page, '/quarterly-priorities');
    await expect(page.getByText(LONG_PRIORITY).first()).toBeVisible();
    await expectFitsViewport(page, '/quarterly-priorities', { tapTargets: true });

    await open(page, '/admin/user-activity');
    await expect(page.getByRole('region', { name: 'Activity' }).getByRole('row').nth(1)).toBeVisible();
    await expectFitsViewport(page, '/admin/user-activity', { tapTargets: true });
  });

  test('dialogs fit the phone, and turning it sideways mid-dialog keeps what was typed', async ({ page }) => {
    test.setTimeout(90_000);
    await openSignedIn(page, account, '/issues');
    await settled(page);
    await page.getByRole('list', { name: 'Issues' }).getByRole('button', { name: LONG_ISSUE, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: LONG_ISSUE });
    await expect(dialog).toBeVisible();
    await expectFitsViewport(page, 'the issue dialog', { tapTargets: true });

    const resolution = dialog.getByLabel('Resolution');
    const typed = 'Finance closes the month on the 28th and sends invoices the same day';
    await resolution.fill(typed);
    await page.setViewportSize(PHONE_LANDSCAPE);
    await expect(dialog).toBeVisible();
    await expectFitsViewport(page, 'the issue dialog turned sideways', { tapTargets: true });
    const box = await dialog.boundingBox();
    expect(box && box.height <= PHONE_LANDSCAPE.height && box.y >= 0, 'the dialog fits the short screen').toBe(true);
    // The form scrolls inside the dialog: what was typed is still there and can be reached.
    await resolution.scrollIntoViewIfNeeded();
    await expect(resolution).toBeInViewport();
    await expect(resolution).toHaveValue(typed);
    await page.setViewportSize(PHONE);
    await expect(resolution).toHaveValue(typed);
    await expectFitsViewport(page, 'the issue dialog turned back');

    await page.keyboard.press('Escape');
    await open(page, '/headlines');
    const edit = page.getByRole('button', { name: /^Edit/ }).first();
    await edit.click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectFitsViewport(page, 'the headline dialog', { tapTargets: true });

    await page.keyboard.press('Escape');
    await open(page, '/quarterly-priorities');
    await page.getByRole('button', { name: LONG_PRIORITY, exact: true }).first().click();
    const priority = page.getByRole('dialog', { name: LONG_PRIORITY });
    await expect(priority.getByText('Sign the lease for the Rotterdam building')).toBeVisible();
    await expectFitsViewport(page, 'the priority dialog with milestones', { tapTargets: true });
  });
});
