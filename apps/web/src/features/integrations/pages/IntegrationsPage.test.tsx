import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApiKey } from '@keel/contract';
import { stubFetch } from '../../../test-utils/fetch-stub';
import { ORG_ID } from '../../../test-utils/fixtures';
import { renderWithToasts } from '../../../test-utils/render';
import { signedInForEachTest } from '../../../test-utils/team-stubs';
import IntegrationsPage from './IntegrationsPage';

signedInForEachTest();

const KEYS = `/organizations/${ORG_ID}/api-keys`;
const KEY_ID = '22222222-2222-4222-8222-222222222222';

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
    await userEvent.selectOptions(within(dialog).getByLabelText('To-dos'), 'write');
    await userEvent.selectOptions(within(dialog).getByLabelText('Scorecard'), 'read');
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
    expect(within(list).getByText('Scorecard: read · To-dos: read and write')).toBeTruthy();
  });

  it('revokes a key after asking, and shows revoked keys without a Revoke button', async () => {
    const stub = stubFetch({
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
    stubFetch({ [`GET ${KEYS}`]: { status: 403, body: { error: 'Only administrators can do this', code: 'x' } } });
    render();
    expect(await screen.findByText('Only administrators can do this')).toBeTruthy();
  });
});
