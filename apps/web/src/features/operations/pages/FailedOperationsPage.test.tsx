import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FailedOperation, FailedOperationCounts } from '@keel/contract';
import { stubFetch, type StubCall } from '../../../test-utils/fetch-stub';
import { ORG_ID } from '../../../test-utils/fixtures';
import { renderWithToasts } from '../../../test-utils/render';
import { signedInForEachTest, teamFrameRoutes } from '../../../test-utils/team-stubs';
import FailedOperationsPage from './FailedOperationsPage';

const base = `/organizations/${ORG_ID}/failed-operations`;
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const operation = (n: number, overrides: Partial<FailedOperation> = {}): FailedOperation => ({
  id: id(n),
  kind: 'mail.deliver',
  description: `Invitation mail to person${n}@example.com`,
  attempts: 5,
  lastError: `550 mailbox ${n} unavailable`,
  failedAt: new Date(Date.now() - 3 * 60_000).toISOString(),
  status: 'failed',
  ...overrides,
});

const counts = (overrides: Partial<FailedOperationCounts> = {}): FailedOperationCounts => ({
  total: 3,
  retrying: 1,
  kinds: [
    { kind: 'mail.deliver', count: 2 },
    { kind: 'database.backup', count: 1 },
  ],
  ...overrides,
});

const page = (operations: FailedOperation[], nextCursor: string | null = null) => ({
  body: { data: operations, page: { nextCursor } },
});

const THREE = [
  operation(1),
  operation(2, { status: 'retrying', attempts: 1 }),
  operation(3, { kind: 'database.backup' }),
];

function stub(routes: Record<string, unknown> = {}) {
  return stubFetch(
    teamFrameRoutes(
      {},
      {
        [`GET ${base}`]: page(THREE),
        [`GET ${base}/counts`]: { body: { data: counts() } },
        ...routes,
      },
    ),
  );
}

const query = (call: StubCall) => new URL(call.url, 'http://x').searchParams;
const table = () => screen.findByRole('table', { name: 'Failed operations, newest first' });

signedInForEachTest();
afterEach(() => vi.restoreAllMocks());

describe('FailedOperationsPage', () => {
  it('shows a spinner, then each operation with its kind, purpose, attempts, error, time and status', async () => {
    let answer: (reply: ReturnType<typeof page>) => void = () => undefined;
    const calls = stub({ [`GET ${base}`]: () => new Promise((resolve) => (answer = resolve)) });
    renderWithToasts(<FailedOperationsPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Failed operations' })).toBeTruthy();
    expect((await screen.findByText('Loading failed operations…')).closest('[role="status"]')).toBeTruthy();
    answer(page(THREE));
    const rows = within(await table()).getAllByRole('row');
    expect(rows).toHaveLength(4);
    const first = within(rows[1]!);
    expect(first.getByText('Mail delivery')).toBeTruthy();
    expect(first.getByText('Invitation mail to person1@example.com')).toBeTruthy();
    expect(first.getByText('5')).toBeTruthy();
    expect(first.getByText('550 mailbox 1 unavailable')).toBeTruthy();
    expect(first.getByText('3 minutes ago').getAttribute('title')).toBeTruthy();
    expect(first.getByText('Failed')).toBeTruthy();
    expect(within(rows[2]!).getByText('Retrying')).toBeTruthy();
    expect(within(rows[3]!).getByText('Database backup')).toBeTruthy();
    expect(query(calls.callsTo(`GET ${base}`)[0]!).get('limit')).toBe('50');
    expect(query(calls.callsTo(`GET ${base}`)[0]!).has('kind')).toBe(false);
  });

  it('filters by kind with the live counts on the chips, sending `kind`', async () => {
    const calls = stub({
      [`GET ${base}`]: (call: StubCall) =>
        page(query(call).get('kind') === 'database.backup' ? [operation(3, { kind: 'database.backup' })] : THREE),
    });
    renderWithToasts(<FailedOperationsPage />);
    await table();
    const kinds = screen.getByRole('group', { name: 'Kind' });
    expect(within(kinds).getByRole('button', { name: 'All (3)', pressed: true })).toBeTruthy();
    expect(within(kinds).getByRole('button', { name: 'Mail delivery (2)', pressed: false })).toBeTruthy();
    await userEvent.click(within(kinds).getByRole('button', { name: 'Database backup (1)' }));
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2));
    expect(query(calls.callsTo(`GET ${base}`).at(-1)!).get('kind')).toBe('database.backup');
    expect(within(kinds).getByRole('button', { name: 'Database backup (1)', pressed: true })).toBeTruthy();
  });

  it('retries the chosen operations with their ids and says how many in a toast', async () => {
    const calls = stub({ [`POST ${base}/retry`]: { body: { data: { count: 2 } } } });
    renderWithToasts(<FailedOperationsPage />);
    const list = await table();
    const retry = screen.getByRole('button', { name: 'Retry' });
    expect(retry).toHaveProperty('disabled', true);
    await userEvent.click(within(list).getByLabelText('Select Invitation mail to person1@example.com'));
    await userEvent.click(within(list).getByLabelText('Select Invitation mail to person2@example.com'));
    expect(screen.getByText('2 selected')).toBeTruthy();
    await userEvent.click(retry);
    expect(await screen.findByText('2 operations sent back to the queue')).toBeTruthy();
    expect(calls.callsTo(`POST ${base}/retry`).map((call) => call.body)).toEqual([{ ids: [id(1), id(2)] }]);
    // The list and the counts are asked again after the change.
    await waitFor(() => expect(calls.callsTo(`GET ${base}/counts`).length).toBeGreaterThan(1));
    expect(screen.getByText('0 selected')).toBeTruthy();
  });

  it('asks before discarding, says how many, and discards every row chosen with Select all', async () => {
    const calls = stub({ [`POST ${base}/discard`]: { body: { data: { count: 3 } } } });
    renderWithToasts(<FailedOperationsPage />);
    await table();
    await userEvent.click(screen.getByLabelText('Select all'));
    expect(screen.getByText('3 selected')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Discard' }));
    const dialog = await screen.findByRole('dialog', { name: 'Discard 3 operations?' });
    expect(within(dialog).getByText(/will not be tried again/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.callsTo(`POST ${base}/discard`)).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Discard' }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Discard 3 operations' }),
    );
    expect(await screen.findByText('3 operations discarded')).toBeTruthy();
    expect(calls.callsTo(`POST ${base}/discard`).map((call) => call.body)).toEqual([{ ids: [id(1), id(2), id(3)] }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("shows the server's message when a discard names a running operation or one that is gone", async () => {
    stub({
      [`POST ${base}/discard`]: {
        status: 409,
        body: {
          error: 'Mail to person1@example.com is running again; wait for it to finish',
          code: 'failed_operation.running',
        },
      },
      [`POST ${base}/retry`]: {
        status: 404,
        body: { error: 'One of these operations is no longer in the list', code: 'failed_operation.not_found' },
      },
    });
    renderWithToasts(<FailedOperationsPage />);
    const list = await table();
    await userEvent.click(within(list).getByLabelText('Select Invitation mail to person1@example.com'));
    await userEvent.click(screen.getByRole('button', { name: 'Discard' }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Discard 1 operation' }),
    );
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Mail to person1@example.com is running again; wait for it to finish',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain('One of these operations is no longer in the list'),
    );
  });

  it('refuses to act on more operations than one request may name', async () => {
    const many = Array.from({ length: 101 }, (_, index) => operation(index + 1));
    stub({ [`GET ${base}`]: page(many) });
    renderWithToasts(<FailedOperationsPage />);
    await table();
    await userEvent.click(screen.getByLabelText('Select all'));
    expect(screen.getByText('101 selected: choose at most 100 to retry or discard at once')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Discard' })).toHaveProperty('disabled', true);
    await userEvent.click(
      within(screen.getByRole('table')).getByLabelText('Select Invitation mail to person1@example.com'),
    );
    expect(screen.getByText('100 selected')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toHaveProperty('disabled', false);
  });

  it('says when there is nothing that failed', async () => {
    stub({
      [`GET ${base}`]: page([]),
      [`GET ${base}/counts`]: { body: { data: counts({ total: 0, retrying: 0, kinds: [] }) } },
    });
    renderWithToasts(<FailedOperationsPage />);
    expect(
      await screen.findByText('No failed operations. Background work that fails after all its attempts shows here.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it("shows the server's message when the list cannot be loaded, and tries again", async () => {
    const calls = stub({
      [`GET ${base}`]: [
        {
          status: 403,
          body: { error: 'Only administrators and owners can see failed operations', code: 'auth.admin_required' },
        },
        page(THREE),
      ],
    });
    renderWithToasts(<FailedOperationsPage />);
    expect(await screen.findByText('Only administrators and owners can see failed operations')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await table();
    expect(calls.callsTo(`GET ${base}`)).toHaveLength(2);
  });

  it('loads the next page with the cursor', async () => {
    const calls = stub({
      [`GET ${base}`]: (call: StubCall) =>
        query(call).get('cursor') === 'after-2' ? page([operation(3)]) : page([operation(1), operation(2)], 'after-2'),
    });
    renderWithToasts(<FailedOperationsPage />);
    const list = await table();
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await within(list).findByText('Invitation mail to person3@example.com')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
    expect(query(calls.callsTo(`GET ${base}`).at(-1)!).get('cursor')).toBe('after-2');
  });

  it('refetches the list and the counts when a failed_operation change is announced', async () => {
    const calls = stub();
    const { queryClient } = renderWithToasts(<FailedOperationsPage />);
    await table();
    const before = [calls.callsTo(`GET ${base}`).length, calls.callsTo(`GET ${base}/counts`).length];
    await queryClient.invalidateQueries({ queryKey: ['organizations', ORG_ID, 'failed_operation'] });
    expect(calls.callsTo(`GET ${base}`).length).toBe(before[0]! + 1);
    expect(calls.callsTo(`GET ${base}/counts`).length).toBe(before[1]! + 1);
  });

  it('shows one card per operation on a phone', async () => {
    vi.stubGlobal('matchMedia', (media: string) => ({
      matches: false,
      media,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    stub();
    renderWithToasts(<FailedOperationsPage />);
    const cards = await screen.findByRole('list', { name: 'Failed operations' });
    expect(within(cards).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.queryByRole('table')).toBeNull();
    expect(within(cards).getByLabelText('Select Invitation mail to person1@example.com')).toBeTruthy();
    expect(within(cards).getAllByText('5 attempts')).toHaveLength(2);
    expect(within(cards).getByText('1 attempt')).toBeTruthy();
  });
});
