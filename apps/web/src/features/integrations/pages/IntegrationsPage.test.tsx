import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApiKey, WebhookDelivery, WebhookEndpoint } from '@keel/contract';
import { stubFetch } from '../../../test-utils/fetch-stub';
import { ORG_ID } from '../../../test-utils/fixtures';
import { renderWithToasts } from '../../../test-utils/render';
import { signedInForEachTest } from '../../../test-utils/team-stubs';
import IntegrationsPage from './IntegrationsPage';

signedInForEachTest();

const KEYS = `/organizations/${ORG_ID}/api-keys`;
const KEY_ID = '22222222-2222-4222-8222-222222222222';
const HOOKS = `/organizations/${ORG_ID}/webhooks`;
const ENDPOINT_ID = '33333333-3333-4333-8333-333333333333';
const DELIVERY_ID = '44444444-4444-4444-8444-444444444444';

const makeEndpoint = (overrides: Partial<WebhookEndpoint> = {}): WebhookEndpoint => ({
  id: ENDPOINT_ID,
  url: 'https://hooks.example.com/keel',
  description: 'Warehouse',
  events: ['todo.created', 'issue.solved'],
  enabled: true,
  disabledReason: null,
  failingSince: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  version: 1,
  ...overrides,
});

const makeDelivery = (overrides: Partial<WebhookDelivery> = {}): WebhookDelivery => ({
  id: DELIVERY_ID,
  messageId: 'msg_abc',
  eventType: 'webhook.test',
  status: 'succeeded',
  attempts: 1,
  requestBody: '{"type":"webhook.test"}',
  responseStatus: 200,
  responseBody: 'ok',
  error: null,
  durationMs: 42,
  createdAt: new Date().toISOString(),
  lastAttemptAt: new Date().toISOString(),
  nextAttemptAt: null,
  ...overrides,
});

/** The page asks for every list; each test stubs the one it is about on top of empty others. */
const noChat = {
  [`GET /organizations/${ORG_ID}/chat-connections`]: { body: { data: [] } },
  [`GET /organizations/${ORG_ID}/departments`]: { body: { data: [] } },
};
const noKeys = { ...noChat, [`GET /organizations/${ORG_ID}/api-keys`]: { body: { data: [] } } };
const noHooks = { ...noChat, [`GET ${HOOKS}`]: { body: { data: [] } } };

const makeKey = (overrides: Partial<ApiKey> = {}): ApiKey => ({
  id: KEY_ID,
  name: 'Zapier',
  hint: 'keel_AbCdEf…',
  scopes: ['todos:write', 'scorecard:read'],
  createdAt: '2026-11-20T10:00:00.000Z',
  createdByName: 'Ada Lovelace',
  expiresAt: null,
  lastUsedAt: null,
  revokedAt: null,
  status: 'active',
  ...overrides,
});

const render = () =>
  renderWithToasts(<IntegrationsPage />, {
    path: '/organization-settings/integrations',
    route: '/organization-settings/integrations',
  });

describe('IntegrationsPage', () => {
  it('says there are no keys yet, then creates one and shows its secret once', async () => {
    const secret = `keel_${'x'.repeat(43)}`;
    const stub = stubFetch({
      ...noHooks,
      [`GET ${KEYS}`]: [{ body: { data: [] } }, { body: { data: [makeKey()] } }],
      [`POST ${KEYS}`]: { status: 201, body: { data: { key: makeKey(), secret } } },
    });
    render();
    expect(await screen.findByText(/No API keys yet/)).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Create API key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create an API key' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(await within(dialog).findByText('Give the key a name, such as the system that will use it.')).toBeTruthy();
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Zapier');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(await within(dialog).findByText('Give the key read or write access to at least one area.')).toBeTruthy();
    await userEvent.selectOptions(within(dialog).getByLabelText('Tasks'), 'write');
    await userEvent.selectOptions(within(dialog).getByLabelText('Metrics'), 'read');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));

    const shown = await screen.findByRole('dialog', { name: 'Copy the key now' });
    expect(within(shown).getByLabelText<HTMLInputElement>('Secret of “Zapier”').value).toBe(secret);
    expect(stub.callsTo(`POST ${KEYS}`)[0]?.body).toEqual({
      name: 'Zapier',
      scopes: ['scorecard:read', 'todos:write'],
      expiresAt: null,
    });
    await userEvent.click(within(shown).getByRole('button', { name: 'I have stored it' }));
    const list = await screen.findByRole('list', { name: 'API keys' });
    expect(within(list).getByText('Metrics: read · Tasks: read and write')).toBeTruthy();
  });

  it('revokes a key after asking, and shows revoked keys without a Revoke button', async () => {
    const stub = stubFetch({
      ...noHooks,
      [`GET ${KEYS}`]: [
        { body: { data: [makeKey()] } },
        { body: { data: [makeKey({ status: 'revoked', revokedAt: new Date().toISOString() })] } },
      ],
      [`POST ${KEYS}/${KEY_ID}/revoke`]: { body: { data: makeKey({ status: 'revoked' }) } },
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Revoke Zapier' }));
    const confirm = await screen.findByRole('dialog', { name: 'Revoke “Zapier”?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Revoke key' }));
    await waitFor(() => expect(stub.callsTo(`POST ${KEYS}/${KEY_ID}/revoke`)).toHaveLength(1));
    expect(await screen.findByText('Revoked')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Revoke Zapier' })).toBeNull();
  });

  it('shows why the keys could not be loaded', async () => {
    stubFetch({
      ...noHooks,
      [`GET ${KEYS}`]: { status: 403, body: { error: 'Only administrators can do this', code: 'x' } },
    });
    render();
    expect(await screen.findByText('Only administrators can do this')).toBeTruthy();
  });

  it('adds a webhook endpoint with its events and shows the signing secret once', async () => {
    const secret = `whsec_${'a'.repeat(32)}`;
    const stub = stubFetch({
      ...noKeys,
      [`GET ${HOOKS}`]: [{ body: { data: [] } }, { body: { data: [makeEndpoint()] } }],
      [`POST ${HOOKS}`]: { status: 201, body: { data: { endpoint: makeEndpoint(), secret } } },
    });
    render();
    expect(await screen.findByText('No webhook endpoints yet.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Add endpoint' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a webhook endpoint' });
    await userEvent.type(within(dialog).getByLabelText('Address'), 'https://hooks.example.com/keel');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    expect(await within(dialog).findByText('Choose at least one event to send.')).toBeTruthy();
    await userEvent.click(within(dialog).getByLabelText('Issue solved'));
    await userEvent.click(within(dialog).getByLabelText('Task created'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    const shown = await screen.findByRole('dialog', { name: 'Copy the signing secret now' });
    expect(within(shown).getByLabelText<HTMLInputElement>('Signing secret').value).toBe(secret);
    expect(stub.callsTo(`POST ${HOOKS}`)[0]?.body).toEqual({
      url: 'https://hooks.example.com/keel',
      description: '',
      events: ['todo.created', 'issue.solved'],
    });
    await userEvent.click(within(shown).getByRole('button', { name: 'I have stored it' }));
    const card = await screen.findByRole('article', { name: 'https://hooks.example.com/keel' });
    expect(within(card).getByText('Task created · Issue solved')).toBeTruthy();
    expect(within(card).getByText('Active')).toBeTruthy();
  });

  it('sends a test event, shows the delivery log and sends a delivery again', async () => {
    const stub = stubFetch({
      ...noKeys,
      [`GET ${HOOKS}`]: { body: { data: [makeEndpoint({ failingSince: '2026-11-26T10:00:00.000Z' })] } },
      [`POST ${HOOKS}/${ENDPOINT_ID}/test`]: { status: 202, body: { data: makeDelivery({ status: 'pending' }) } },
      [`GET ${HOOKS}/${ENDPOINT_ID}/deliveries`]: {
        body: {
          data: [
            makeDelivery(),
            makeDelivery({ id: KEY_ID, status: 'failed', responseStatus: 503, error: 'The endpoint answered 503.' }),
          ],
          page: { nextCursor: null },
        },
      },
      [`POST ${HOOKS}/${ENDPOINT_ID}/deliveries/${DELIVERY_ID}/resend`]: {
        status: 202,
        body: { data: makeDelivery() },
      },
    });
    render();
    const card = await screen.findByRole('article', { name: 'https://hooks.example.com/keel' });
    expect(within(card).getByText(/^Failing since/)).toBeTruthy();
    await userEvent.click(within(card).getByRole('button', { name: 'Send test event' }));
    const log = await within(card).findByRole('list', { name: 'Deliveries' });
    expect(within(log).getByText('Delivered (200)')).toBeTruthy();
    expect(within(log).getByText('Gave up (503)')).toBeTruthy();
    expect(within(log).getByText('The endpoint answered 503.')).toBeTruthy();
    await userEvent.click(within(log).getAllByRole('button', { name: 'Send again' })[0]!);
    await waitFor(() =>
      expect(stub.callsTo(`POST ${HOOKS}/${ENDPOINT_ID}/deliveries/${DELIVERY_ID}/resend`)).toHaveLength(1),
    );
    expect(stub.callsTo(`POST ${HOOKS}/${ENDPOINT_ID}/test`)).toHaveLength(1);
  });

  it('turns an endpoint off with its version, and removes one after asking', async () => {
    const stub = stubFetch({
      ...noKeys,
      [`GET ${HOOKS}`]: { body: { data: [makeEndpoint({ version: 3 })] } },
      [`PATCH ${HOOKS}/${ENDPOINT_ID}`]: { body: { data: makeEndpoint({ enabled: false, version: 4 }) } },
      [`DELETE ${HOOKS}/${ENDPOINT_ID}`]: { body: { data: { success: true } } },
    });
    render();
    const card = await screen.findByRole('article', { name: 'https://hooks.example.com/keel' });
    await userEvent.click(within(card).getByRole('button', { name: 'Turn off' }));
    await waitFor(() =>
      expect(stub.callsTo(`PATCH ${HOOKS}/${ENDPOINT_ID}`)[0]?.body).toEqual({ version: 3, enabled: false }),
    );
    await userEvent.click(within(card).getByRole('button', { name: 'Remove' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove this endpoint?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Remove endpoint' }));
    await waitFor(() => expect(stub.callsTo(`DELETE ${HOOKS}/${ENDPOINT_ID}`)).toHaveLength(1));
  });
});
