import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ChatConnection } from '@keel/contract';
import { stubFetch } from '../../../test-utils/fetch-stub';
import { ORG_ID } from '../../../test-utils/fixtures';
import { renderWithToasts } from '../../../test-utils/render';
import { signedInForEachTest } from '../../../test-utils/team-stubs';
import { ChatNotificationsSection } from './ChatNotificationsSection';

signedInForEachTest();

const CHAT = `/organizations/${ORG_ID}/chat-connections`;
const SALES = '55555555-5555-4555-8555-555555555555';
const LEADERSHIP = '66666666-6666-4666-8666-666666666666';
const CONNECTION_ID = '77777777-7777-4777-8777-777777777777';

const team = (id: string, name: string) => ({
  id,
  name,
  description: null,
  color: null,
  parentTeamId: null,
  isLeadershipTeam: id === LEADERSHIP,
  memberCount: 3,
  archivedAt: null,
  version: 1,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
});
const teams = {
  [`GET /organizations/${ORG_ID}/departments`]: {
    body: { data: [team(LEADERSHIP, 'Leadership Team'), team(SALES, 'Sales')] },
  },
};

const makeConnection = (overrides: Partial<ChatConnection> = {}): ChatConnection => ({
  id: CONNECTION_ID,
  teamId: SALES,
  provider: 'teams',
  webhookUrlMasked: 'prod.westeurope.logic.azure.com/…Xy9Z',
  events: ['meeting_concluded', 'numbers_missing'],
  enabled: true,
  disabledReason: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  version: 1,
  ...overrides,
});

const render = () => renderWithToasts(<ChatNotificationsSection />);

describe('ChatNotificationsSection', () => {
  it('says no team posts yet, then connects a team’s Teams channel with the chosen events', async () => {
    const stub = stubFetch({
      ...teams,
      [`GET ${CHAT}`]: [{ body: { data: [] } }, { body: { data: [makeConnection()] } }],
      [`POST ${CHAT}`]: { status: 201, body: { data: makeConnection() } },
    });
    const user = userEvent.setup();
    render();
    expect(await screen.findByText('No team posts to a chat channel yet.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Connect a channel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Connect a channel' });
    await user.selectOptions(within(dialog).getByLabelText('Team'), 'Sales');
    await user.selectOptions(within(dialog).getByLabelText('App'), 'Microsoft Teams');
    const address = within(dialog).getByLabelText('Webhook address');
    expect(address.getAttribute('type')).toBe('password');
    await user.click(within(dialog).getByRole('button', { name: 'Connect channel' }));
    expect(await within(dialog).findByText(/Paste the https address/)).toBeTruthy();
    await user.click(address);
    await user.paste('https://prod.westeurope.logic.azure.com/workflows/abc/Xy9Z');
    await user.click(within(dialog).getByLabelText('Metrics numbers missing at the reminder'));
    await user.click(within(dialog).getByLabelText('Meeting concluded, with its recap'));
    await user.click(within(dialog).getByRole('button', { name: 'Connect channel' }));

    await waitFor(() => expect(stub.callsTo(`POST ${CHAT}`)).toHaveLength(1));
    expect(stub.callsTo(`POST ${CHAT}`)[0]!.body).toEqual({
      teamId: SALES,
      provider: 'teams',
      webhookUrl: 'https://prod.westeurope.logic.azure.com/workflows/abc/Xy9Z',
      events: ['meeting_concluded', 'numbers_missing'],
    });
    const card = await screen.findByRole('article', { name: 'Sales in Microsoft Teams' });
    expect(within(card).getByText('prod.westeurope.logic.azure.com/…Xy9Z')).toBeTruthy();
    expect(
      within(card).getByText('Meeting concluded, with its recap · Metrics numbers missing at the reminder'),
    ).toBeTruthy();
  });

  it('shows why Keel turned a channel off, turns it back on and removes one after confirming', async () => {
    const reason = 'Turned off by Keel on 2026-11-25: the channel’s webhook answered 404 (it no longer exists).';
    const off = makeConnection({ provider: 'slack', enabled: false, disabledReason: reason, version: 3 });
    const stub = stubFetch({
      ...teams,
      [`GET ${CHAT}`]: { body: { data: [off] } },
      [`PATCH ${CHAT}/${CONNECTION_ID}`]: { body: { data: { ...off, enabled: true, disabledReason: null } } },
      [`DELETE ${CHAT}/${CONNECTION_ID}`]: { body: { data: { success: true } } },
    });
    const user = userEvent.setup();
    render();
    const card = await screen.findByRole('article', { name: 'Sales in Slack' });
    expect(within(card).getByText('Turned off')).toBeTruthy();
    expect(within(card).getByText(reason)).toBeTruthy();
    expect(within(card).getByRole<HTMLButtonElement>('button', { name: 'Send test message' }).disabled).toBe(true);

    await user.click(within(card).getByRole('button', { name: 'Turn on' }));
    await waitFor(() => expect(stub.callsTo(`PATCH ${CHAT}/${CONNECTION_ID}`)).toHaveLength(1));
    expect(stub.callsTo(`PATCH ${CHAT}/${CONNECTION_ID}`)[0]!.body).toEqual({ version: 3, enabled: true });

    await user.click(within(card).getByRole('button', { name: 'Remove' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove this channel?' });
    await user.click(within(confirm).getByRole('button', { name: 'Remove channel' }));
    await waitFor(() => expect(stub.callsTo(`DELETE ${CHAT}/${CONNECTION_ID}`)).toHaveLength(1));
  });

  it('sends a test message from an active channel', async () => {
    const stub = stubFetch({
      ...teams,
      [`GET ${CHAT}`]: { body: { data: [makeConnection()] } },
      [`POST ${CHAT}/${CONNECTION_ID}/test`]: { status: 202, body: { data: { success: true } } },
    });
    const user = userEvent.setup();
    render();
    const card = await screen.findByRole('article', { name: 'Sales in Microsoft Teams' });
    await user.click(within(card).getByRole('button', { name: 'Send test message' }));
    await waitFor(() => expect(stub.callsTo(`POST ${CHAT}/${CONNECTION_ID}/test`)).toHaveLength(1));
    expect(await screen.findByText('Test message sent')).toBeTruthy();
  });

  it('says when the channels cannot be loaded and offers to try again', async () => {
    stubFetch({
      ...teams,
      [`GET ${CHAT}`]: { status: 500, body: { error: 'Something went wrong', code: 'internal' } },
    });
    render();
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Chat channels' })).toBeNull();
  });

  it('has no serious accessibility violations, listed or with the dialog open', async () => {
    stubFetch({ ...teams, [`GET ${CHAT}`]: { body: { data: [makeConnection()] } } });
    const { container } = render();
    await screen.findByRole('article', { name: 'Sales in Microsoft Teams' });
    const serious = async (context: axe.ElementContext) =>
      (await axe.run(context, { rules: { 'color-contrast': { enabled: false } } })).violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map((violation) => violation.id);
    expect(await serious(container)).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Change' }));
    expect(await serious(await screen.findByRole('dialog', { name: 'Change the channel' }))).toEqual([]);
  });
});
