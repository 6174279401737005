import { type Page } from '@playwright/test';
import { expect, test } from './support/test.js';
import { API, openSignedIn, registerViaApi } from './support/app.js';
import { expectNoAxeViolations } from './support/axe.js';
import { PHONE, expectFitsViewport } from './support/layout.js';
import { addMemberViaInvitation } from './support/members.js';
import { latestMailTo } from './support/mailbox.js';
import { authOf, firstTeamId, localDate, nextWrite, orgPath } from './support/work.js';

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

const agenda = (page: Page) => page.getByRole('navigation', { name: 'Agenda' });
const currentStep = (page: Page) => agenda(page).locator('[aria-current="step"]');
/** The current period's cell of a measurable's row in the meeting's scorecard grid. */
const currentCell = (page: Page, title: string) =>
  page
    .getByRole('grid')
    .locator('tr')
    .filter({ has: page.getByRole('button', { name: title, exact: true }) })
    .locator('td[data-c]')
    .last();

test('three people run a weekly meeting: they follow the lead, enter a number, solve an issue into a to-do, rate, and get the summary by mail', async ({
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const owner = await registerViaApi(request);
  const teamId = await firstTeamId(request, owner);
  const first = await addMemberViaInvitation(request, owner, {
    teamIds: [teamId],
    firstName: 'Zoë',
    lastName: 'Ørsted',
  });
  const second = await addMemberViaInvitation(request, owner, { teamIds: [teamId], firstName: 'Łukasz' });
  const stamp = Date.now().toString(36);
  const measurable = await request.post(orgPath(owner, '/measurables'), {
    headers: authOf(owner),
    data: {
      teamId,
      title: 'Revenue',
      ownerId: first.user.id,
      goal: { operator: '>=', value: 100 },
      startsOn: localDate(-35),
    },
  });
  expect(measurable.status(), await measurable.text()).toBe(201);
  const issueTitle = `Invoices go out late ${stamp}`;
  const issue = await request.post(orgPath(owner, '/issues'), {
    headers: authOf(owner),
    data: { teamId, title: issueTitle, ownerId: owner.user.id },
  });
  expect(issue.status(), await issue.text()).toBe(201);
  const path = `/meetings/weekly-accountability/${teamId}`;

  const ownerPage = await (await browser.newContext()).newPage();
  await openSignedIn(ownerPage, owner, path);
  await expect(ownerPage.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 15_000 });
  await expectNoAxeViolations(ownerPage, 'the agenda before the meeting');
  await ownerPage.getByRole('button', { name: 'Start the meeting' }).click();
  await expect(ownerPage.getByTestId('meeting-status')).toHaveText('Live');

  const running = await request.get(orgPath(owner, `/teams/${teamId}/running-meeting`), { headers: authOf(owner) });
  const meeting = ((await running.json()) as { data: { name: string; sections: { title: string; kind: string }[] } })
    .data;
  const titles = meeting.sections.map((section) => section.title);
  const indexOf = (kind: string) => meeting.sections.findIndex((section) => section.kind === kind);
  await expect(ownerPage.getByRole('heading', { level: 1, name: meeting.name })).toBeVisible();
  await expect(currentStep(ownerPage)).toContainText(titles[0]!);

  const memberPages: Page[] = [];
  for (const member of [first, second]) {
    const page = await (await browser.newContext()).newPage();
    const watching = followed(page, teamId);
    await openSignedIn(page, member, path);
    await watching;
    await expect(page.getByRole('heading', { level: 1, name: meeting.name })).toBeVisible({ timeout: 15_000 });
    await expect(currentStep(page)).toContainText(titles[0]!);
    await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
    // Opening the page marks the member present, and the owner's page hears it.
    await expect(ownerPage.getByLabel(`${member.firstName} ${member.lastName} is present`)).toBeChecked({
      timeout: 5_000,
    });
    memberPages.push(page);
  }
  const [firstPage, secondPage] = memberPages as [Page, Page];
  const everyone = [ownerPage, firstPage, secondPage];

  // The lead moves to the numbers: everyone follows, and a number typed by its owner shows on every screen.
  const scorecardTitle = titles[indexOf('scorecard')]!;
  await agenda(ownerPage)
    .getByRole('button', { name: new RegExp(`^${scorecardTitle}`) })
    .click();
  for (const page of everyone) await expect(currentStep(page)).toContainText(scorecardTitle, { timeout: 5_000 });
  await expect(firstPage.getByRole('heading', { level: 2, name: scorecardTitle, exact: true })).toBeVisible();
  await currentCell(firstPage, 'Revenue').click();
  const saved = nextWrite(firstPage, /\/scores\/\d{4}-\d{2}-\d{2}$/);
  await firstPage.keyboard.type('80');
  await firstPage.keyboard.press('Enter');
  expect((await saved).status()).toBe(200);
  for (const page of [ownerPage, secondPage]) {
    await expect(currentCell(page, 'Revenue')).toHaveAccessibleName('80, misses the goal', { timeout: 5_000 });
  }
  await expectNoAxeViolations(firstPage, 'the numbers in the meeting');

  // The issues: the lead opens the issue and solves it into a to-do for the number's owner.
  const issuesTitle = titles[indexOf('issues')]!;
  await agenda(ownerPage)
    .getByRole('button', { name: new RegExp(`^${issuesTitle}`) })
    .click();
  for (const page of everyone) await expect(currentStep(page)).toContainText(issuesTitle, { timeout: 5_000 });
  await ownerPage.getByRole('button', { name: issueTitle, exact: true }).click();
  const dialog = ownerPage.getByRole('dialog', { name: issueTitle });
  const solve = dialog.getByRole('form', { name: /^Solve / });
  await solve.getByLabel('Resolution').fill('Finance sends them on the 1st');
  await solve.getByRole('button', { name: /^Add / }).click();
  const todoTitle = `Set up the invoice run ${stamp}`;
  await solve.getByLabel(/ 1 title$/).fill(todoTitle);
  const solvedWrite = nextWrite(ownerPage, '/solve');
  await solve.getByRole('button', { name: 'Mark solved' }).click();
  expect((await solvedWrite).status()).toBe(200);
  await expect(dialog).toBeHidden();
  for (const page of [firstPage, secondPage]) {
    const solvedHere = page.getByRole('list', { name: /solved in this meeting$/ });
    await expect(solvedHere.getByRole('button', { name: issueTitle, exact: true })).toBeVisible({ timeout: 5_000 });
  }
  await expectNoAxeViolations(secondPage, 'the issues in the meeting');

  const concludeTitle = titles[indexOf('conclude')]!;
  await agenda(ownerPage)
    .getByRole('button', { name: new RegExp(`^${concludeTitle}`) })
    .click();
  for (const page of everyone) await expect(currentStep(page)).toContainText(concludeTitle, { timeout: 5_000 });

  await ownerPage.getByRole('button', { name: '9', exact: true }).click();
  await expect(ownerPage.getByRole('button', { name: '9', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await firstPage.getByLabel('Comment (optional)').fill('Good pace');
  await firstPage.getByRole('button', { name: '6', exact: true }).click();
  await secondPage.getByRole('button', { name: '9', exact: true }).click();
  for (const page of everyone) await expect(page.getByText('Average: 8.0')).toBeVisible({ timeout: 5_000 });
  await expectNoAxeViolations(ownerPage, 'the conclude section with ratings');

  // The lead's notes are saved a moment after typing stops and show on the members' pages as they are.
  const note = `Finance owns the invoice run ${stamp}`;
  const notesSaved = nextWrite(ownerPage, '/notes');
  await ownerPage.getByLabel('Meeting notes').fill(`${note}\nReview it in March`);
  expect((await notesSaved).status()).toBe(200);
  await expect(ownerPage.getByText('Saved', { exact: true })).toBeVisible();
  await expect(firstPage.getByTestId('meeting-notes-text')).toHaveText(`${note}\nReview it in March`, {
    timeout: 5_000,
  });

  await ownerPage.getByRole('button', { name: 'Conclude the meeting' }).click();
  await ownerPage.getByRole('dialog').getByRole('button', { name: 'Conclude' }).click();
  for (const page of everyone) {
    await expect(page.getByRole('heading', { level: 1, name: `${meeting.name}: summary` })).toBeVisible({
      timeout: 5_000,
    });
    await expect(page.getByTestId('summary-average')).toHaveText('8.0');
  }
  await expect(secondPage.getByText(todoTitle, { exact: false })).toBeVisible();
  await expect(secondPage.getByTestId('recap-notes')).toHaveText(`${note}\nReview it in March`);
  await expectNoAxeViolations(secondPage, 'the summary');

  // The summary mail reaches each attendee through the background jobs and the SMTP server.
  for (const member of [first, second]) {
    const mail = await latestMailTo(member.email, { subject: /^Summary: / });
    expect(mail.text).toContain(todoTitle);
    expect(mail.text).toContain(issueTitle);
    expect(mail.text.replaceAll('\r\n', '\n')).toContain(`Notes:\n${note}\nReview it in March`);
  }

  // A phone (a member joining from the corridor): the live page fits 375 px without sideways scrolling.
  const again = await request.post(orgPath(owner, '/meetings'), {
    headers: authOf(owner),
    data: { teamId, typeKey: 'weekly-accountability' },
  });
  expect(again.status(), await again.text()).toBe(201);
  const againId = ((await again.json()) as { data: { id: string } }).data.id;
  const phone = await (await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true })).newPage();
  await openSignedIn(phone, first, path);
  await expect(phone.getByTestId('meeting-status')).toHaveText('Live', { timeout: 15_000 });
  await expectFitsViewport(phone, path);
  // The widest section, the numbers' grid, scrolls inside itself rather than pushing the page sideways.
  const toNumbers = await request.post(orgPath(owner, `/meetings/${againId}/navigate`), {
    headers: authOf(owner),
    data: { from: 0, to: indexOf('scorecard') },
  });
  expect(toNumbers.status(), await toNumbers.text()).toBe(200);
  await expect(currentCell(phone, 'Revenue')).toHaveAccessibleName('80, misses the goal', { timeout: 5_000 });
  await expectFitsViewport(phone, `${path} at the numbers`);
  await phone.getByLabel('Large type').check();
  await expectFitsViewport(phone, `${path} at the numbers in large type`);
  await expectNoAxeViolations(phone, 'the live meeting on a phone');
  await phone.emulateMedia({ colorScheme: 'dark' });
  await expectNoAxeViolations(phone, 'the live meeting on a phone, dark');

  for (const page of [...everyone, phone]) await page.context().close();
});
