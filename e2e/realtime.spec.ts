import { type Page } from '@playwright/test';
import { expect, test } from './support/test.js';
import { API, openSignedIn, registerViaApi } from './support/app.js';

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

test('live updates: a to-do added in one browser shows in another open browser within a second, without reload', async ({
  browser,
  request,
}) => {
  const account = await registerViaApi(request);
  const auth = { authorization: `Bearer ${account.accessToken}` };
  const departments = await request.get(`${API}/users/departments`, { headers: auth });
  const teamId = ((await departments.json()) as { data: { departments: { id: string }[] } }).data.departments[0]!.id;

  const writer = await (await browser.newContext()).newPage();
  const watcher = await (await browser.newContext()).newPage();
  const path = `/departments/${teamId}/todos`;
  await openSignedIn(writer, account, path);
  const watching = followed(watcher, teamId);
  await openSignedIn(watcher, account, path);
  await watching;
  let navigations = 0;
  watcher.on('framenavigated', (frame) => {
    if (frame === watcher.mainFrame()) navigations += 1;
  });

  const title = `Live update ${Date.now()}`;
  const created = await writer.request.post(`${API}/organizations/${account.user.organizationId}/todos`, {
    headers: auth,
    data: { title, ownerIds: [account.user.id], teamId },
  });
  expect(created.status(), await created.text()).toBe(201);
  const writtenAt = Date.now();
  await expect(watcher.getByText(title)).toBeVisible({ timeout: 2_000 });
  const shownAfter = Date.now() - writtenAt;
  test.info().annotations.push({ type: 'shown after (ms)', description: String(shownAfter) });
  expect(shownAfter, 'shown within a second of the write').toBeLessThan(1_000);
  expect(navigations, 'no reload').toBe(0);
});
