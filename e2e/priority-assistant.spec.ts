import { expect, test } from './support/test.js';
import { openPage, settled } from './support/app.js';
import { expectNoAxeViolations } from './support/axe.js';
import { PHONE, expectFitsViewport } from './support/layout.js';
import { authOf, orgPath, registerWithTeam } from './support/work.js';

test('check a vague priority, take the rewrite and the milestones, and see it aligned with an annual goal', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const { account: owner, teamId } = await registerWithTeam(request);
  // A new organization's fiscal year starts in January: the quarter's goals are this calendar year's.
  const goal = await request.post(orgPath(owner, '/annual-goals'), {
    headers: authOf(owner),
    data: { teamId, year: new Date().getFullYear(), title: 'Grow online sales', target: '40% of revenue online' },
  });
  expect(goal.status(), await goal.text()).toBe(201);

  await openPage(page, owner, `/organizations/${owner.user.organizationId}/smart-rock-assistant`, 'Priority assistant');
  await expect(page.getByText(/No language model is set up on this server/)).toBeVisible();
  await expect(page.getByText('Grow online sales')).toBeVisible();

  // A vague draft: the offline assistant says what it lacks and offers a rewrite.
  const title = page.getByLabel('Title', { exact: true });
  await title.fill('Improve online sales');
  await page.getByRole('button', { name: 'Check it' }).click();
  const verdicts = page.getByRole('list', { name: 'SMART verdicts' });
  await expect(verdicts.getByText('Specific: not yet.')).toBeVisible();
  await expect(verdicts.getByText('Measurable: not yet.')).toBeVisible();
  await settled(page);
  await expectNoAxeViolations(page, 'the assistant with a SMART check');
  await page.getByRole('button', { name: 'Use this rewrite' }).click();
  await expect(title).not.toHaveValue('Improve online sales');

  // The rewrite's placeholders filled in: measurable now.
  await title.fill('Raise online sales to 40% of revenue');
  await page.getByRole('button', { name: 'Check it' }).click();
  await expect(verdicts.getByText('Measurable: yes.')).toBeVisible();

  // Milestones proposed over the quarter, one edited, all added with the priority in one click.
  await page.getByRole('button', { name: 'Propose Milestones' }).click();
  const proposed = page.getByRole('region', { name: 'Proposed Milestones' });
  await expect(proposed.getByLabel('Title of 3')).toBeVisible();
  await proposed.getByLabel('Title of 1').fill('Measure online sales today');
  await proposed.getByRole('button', { name: /^Add the Priority to .+ with these Milestones$/ }).click();
  await expect(page.getByText(/added to .+ with \d Milestones/)).toBeVisible();

  // Alignment: it serves nothing yet; the suggested goal is linked in one click.
  const alignment = page.getByRole('list', { name: 'Quarterly Priorities and what they serve' });
  const row = alignment.getByRole('listitem').filter({ hasText: 'Raise online sales to 40% of revenue' });
  await row.getByRole('button', { name: 'Link to “Grow online sales”' }).click();
  await expect(row.getByText('Serves “Grow online sales”')).toBeVisible();
  await page.setViewportSize(PHONE);
  await expectFitsViewport(page, 'the assistant on a phone');

  // The priority is on the priorities page with its milestones.
  const priorities = await request.get(orgPath(owner, `/priorities?teamId=${teamId}`), { headers: authOf(owner) });
  const body = (await priorities.json()) as { data: { title: string; milestoneCount: number; annualGoalId: string }[] };
  const added = body.data.find((one) => one.title === 'Raise online sales to 40% of revenue');
  expect(added?.milestoneCount).toBeGreaterThanOrEqual(3);
  expect(added?.annualGoalId).toBeTruthy();
});
