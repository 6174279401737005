import { type Page } from '@playwright/test';
import { expect, test } from './support/test.js';
import { API, openSignedIn, registerViaApi } from './support/app.js';
import { expectNoAxeViolations } from './support/axe.js';
import { PHONE, expectFitsViewport } from './support/layout.js';
import { addMemberViaInvitation } from './support/members.js';
import { authOf, firstTeamId, orgPath } from './support/work.js';

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

test('a live weekly meeting: the member follows the owner, both rate, and both see the summary', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const owner = await registerViaApi(request);
  const teamId = await firstTeamId(request, owner);
  const member = await addMemberViaInvitation(request, owner, { teamIds: [teamId] });
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
  await expect(ownerPage.getByRole('heading', { level: 1, name: meeting.name })).toBeVisible();
  await expect(currentStep(ownerPage)).toContainText(titles[0]!);

  const memberPage = await (await browser.newContext()).newPage();
  const watching = followed(memberPage, teamId);
  await openSignedIn(memberPage, member, path);
  await watching;
  await expect(memberPage.getByRole('heading', { level: 1, name: meeting.name })).toBeVisible({ timeout: 15_000 });
  await expect(currentStep(memberPage)).toContainText(titles[0]!);
  await expect(memberPage.getByRole('button', { name: 'Next' })).toBeDisabled();
  // Opening the page marks the member present, and the owner's page hears it.
  await expect(ownerPage.getByLabel(`${member.firstName} ${member.lastName} is present`)).toBeChecked({
    timeout: 5_000,
  });

  await ownerPage.getByRole('button', { name: 'Next' }).click();
  await expect(currentStep(memberPage)).toContainText(titles[1]!, { timeout: 5_000 });
  await expect(memberPage.getByRole('heading', { level: 2, name: titles[1]!, exact: true })).toBeVisible();
  await expectNoAxeViolations(memberPage, 'the live meeting as a member');

  const concludeIndex = meeting.sections.findIndex((section) => section.kind === 'conclude');
  const concludeTitle = titles[concludeIndex]!;
  await agenda(ownerPage)
    .getByRole('button', { name: new RegExp(`^${concludeTitle}`) })
    .click();
  await expect(currentStep(memberPage)).toContainText(concludeTitle, { timeout: 5_000 });

  await ownerPage.getByRole('button', { name: '9', exact: true }).click();
  await expect(ownerPage.getByRole('button', { name: '9', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await memberPage.getByLabel('Comment (optional)').fill('Good pace');
  await memberPage.getByRole('button', { name: '6', exact: true }).click();
  await expect(ownerPage.getByText('Average: 7.5')).toBeVisible({ timeout: 5_000 });
  await expect(memberPage.getByText('Average: 7.5')).toBeVisible({ timeout: 5_000 });
  await expectNoAxeViolations(ownerPage, 'the conclude section with ratings');

  await ownerPage.getByRole('button', { name: 'Conclude the meeting' }).click();
  await ownerPage.getByRole('dialog').getByRole('button', { name: 'Conclude' }).click();
  for (const page of [ownerPage, memberPage]) {
    await expect(page.getByRole('heading', { level: 1, name: `${meeting.name}: summary` })).toBeVisible({
      timeout: 5_000,
    });
    await expect(page.getByTestId('summary-average')).toHaveText('7.5');
  }
  await expectNoAxeViolations(memberPage, 'the summary');

  // A phone (a member joining from the corridor): the live page fits 375 px without sideways scrolling.
  const again = await request.post(orgPath(owner, '/meetings'), {
    headers: authOf(owner),
    data: { teamId, typeKey: 'weekly-accountability' },
  });
  expect(again.status(), await again.text()).toBe(201);
  const phone = await (await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true })).newPage();
  await openSignedIn(phone, member, path);
  await expect(phone.getByTestId('meeting-status')).toHaveText('Live', { timeout: 15_000 });
  await expectFitsViewport(phone, path);
  await phone.getByLabel('Large type').check();
  await expectFitsViewport(phone, `${path} in large type`);
  await expectNoAxeViolations(phone, 'the live meeting on a phone');
  await phone.emulateMedia({ colorScheme: 'dark' });
  await expectNoAxeViolations(phone, 'the live meeting on a phone, dark');

  for (const page of [ownerPage, memberPage, phone]) await page.context().close();
});
