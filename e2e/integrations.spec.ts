import { readFile } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { expect, test } from './support/test.js';
import { openPage, settled } from './support/app.js';
import { expectNoAxeViolations } from './support/axe.js';
import { PHONE, expectFitsViewport } from './support/layout.js';
import { orgPath, registerWithTeam } from './support/work.js';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A customer's webhook receiver on this machine: keeps what it is sent, answers 200. */
async function startReceiver() {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    const pieces: Buffer[] = [];
    request.on('data', (piece: Buffer) => pieces.push(piece));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(pieces).toString('utf8') });
      response.end('thanks');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/keel-events`;
  return { url, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

test('connect another system: an API key that works until revoked, a signed webhook, and an export of everything brought back', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const receiver = await startReceiver();
  const { account: owner, teamId } = await registerWithTeam(request);
  await openPage(page, owner, '/organization-settings/integrations', 'Integrations');
  await expect(page.getByText('No API keys yet', { exact: false })).toBeVisible();
  await settled(page);
  await expectNoAxeViolations(page, 'the integrations page, empty');

  // An API key for to-dos only, its secret shown once.
  await page.getByRole('button', { name: 'Create API key' }).click();
  const create = page.getByRole('dialog', { name: 'Create an API key' });
  await create.getByLabel('Name').fill('Reporting');
  await create.getByLabel('Tasks').selectOption('write');
  await expectNoAxeViolations(page, 'the new API key dialog');
  await create.getByRole('button', { name: 'Create key' }).click();
  const shown = page.getByRole('dialog', { name: 'Copy the key now' });
  const secret = await shown.getByLabel('Secret of “Reporting”').inputValue();
  expect(secret).toMatch(/^keel_/);
  await shown.getByRole('button', { name: 'I have stored it' }).click();
  await expect(page.getByRole('list', { name: 'API keys' }).getByText('Tasks: read and write')).toBeVisible();

  // A webhook endpoint for new to-dos, tried with a test event.
  await page.getByRole('button', { name: 'Add endpoint' }).click();
  const add = page.getByRole('dialog', { name: 'Add a webhook endpoint' });
  await add.getByLabel('Address').fill(receiver.url);
  await add.getByLabel('Task created').check();
  await add.getByRole('button', { name: 'Add endpoint' }).click();
  const signing = page.getByRole('dialog', { name: 'Copy the signing secret now' });
  const signingSecret = await signing.getByLabel('Signing secret').inputValue();
  await signing.getByRole('button', { name: 'I have stored it' }).click();
  const endpoint = page.getByRole('article', { name: receiver.url });
  await endpoint.getByRole('button', { name: 'Send test event' }).click();
  await expect(endpoint.getByRole('list', { name: 'Deliveries' }).getByText('Delivered (200)')).toBeVisible({
    timeout: 15_000,
  });

  // The other system creates a to-do with the key; the receiver hears of it, signed.
  const withKey = { authorization: `Bearer ${secret}` };
  const created = await request.post(orgPath(owner, '/todos'), {
    headers: withKey,
    data: { title: 'Filed by the reporting system', ownerIds: [owner.user.id], teamId },
  });
  expect(created.status(), await created.text()).toBe(201);
  expect((await request.get(orgPath(owner, '/members'), { headers: withKey })).status()).toBe(403);
  await expect
    .poll(() => receiver.received.filter((one) => one.body.includes('"todo.created"')).length, { timeout: 15_000 })
    .toBe(1);
  const delivery = receiver.received.find((one) => one.body.includes('"todo.created"'))!;
  expect(new Webhook(signingSecret).verify(delivery.body, delivery.headers as Record<string, string>)).toMatchObject({
    type: 'todo.created',
  });

  // Revoked, the key is refused from its next request on.
  await page.getByRole('button', { name: 'Revoke Reporting' }).click();
  await page.getByRole('dialog', { name: 'Revoke “Reporting”?' }).getByRole('button', { name: 'Revoke key' }).click();
  await expect(page.getByRole('list', { name: 'API keys' }).getByText('Revoked', { exact: true })).toBeVisible();
  expect((await request.get(orgPath(owner, `/todos?teamId=${teamId}`), { headers: withKey })).status()).toBe(401);
  await settled(page);
  await expectNoAxeViolations(page, 'the integrations page with a key and an endpoint');
  await page.setViewportSize(PHONE);
  await expectFitsViewport(page, 'the integrations page on a phone');

  // Everything the organization holds, in one zip.
  await openPage(page, owner, '/organization-settings', 'Organization settings');
  await page.getByRole('button', { name: 'Export everything' }).click();
  const exports = page.getByRole('list', { name: 'Exports' });
  const download = page.waitForEvent('download');
  await exports.getByRole('button', { name: 'Download' }).click({ timeout: 30_000 });
  const archive = await download;
  expect(archive.suggestedFilename()).toMatch(/^keel-export-\d{4}-\d{2}-\d{2}\.zip$/);
  const path = await archive.path();
  expect((await readFile(path)).subarray(0, 2).toString('latin1')).toBe('PK');

  // Brought back whole as a new organization, by a background job the page follows.
  await page.getByLabel('Export archive (.zip, up to 2 GB)').setInputFiles(path);
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByText(/was imported as a new organization that you own/)).toBeVisible({ timeout: 30_000 });
  await settled(page);
  // A toast fading out is drawn half transparent: axe reads the page once it is gone.
  await expect(page.getByText('Export started')).toHaveCount(0, { timeout: 10_000 });
  await expectNoAxeViolations(page, 'the organization settings after an import');
  await expectFitsViewport(page, 'the organization settings on a phone');
  await receiver.close();
});
