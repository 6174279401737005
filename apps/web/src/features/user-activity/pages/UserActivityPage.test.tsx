import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuditEvent } from '@keel/contract';
import { fakeJwt, inSeconds, stubFetch, type StubCall } from '../../../test-utils/fetch-stub';
import { clearTokens, storeTokens } from '../../../lib/tokens';
import { ORG_ID } from '../../../test-utils/fixtures';
import { renderPage } from '../../../test-utils/render';
import { ADA, signedInForEachTest, teamFrameRoutes } from '../../../test-utils/team-stubs';
import UserActivityPage from './UserActivityPage';

const base = `/organizations/${ORG_ID}/audit-events`;

const event = (id: string, overrides: Partial<AuditEvent> = {}): AuditEvent => ({
  id,
  at: '2026-03-02T09:30:00.000Z',
  actor: { id: ADA.id, name: 'Ada Lovelace', email: 'ada@example.com' },
  action: 'auth.signed_in',
  targetType: 'user',
  targetId: ADA.id,
  summary: null,
  ipAddress: '203.0.113.9',
  userAgent: 'Firefox',
  ...overrides,
});
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

signedInForEachTest();
afterEach(() => {
  vi.restoreAllMocks();
  clearTokens();
});

describe('UserActivityPage', () => {
  it('lists events, filters by person, action and dates, and shows more', async () => {
    const stub = stubFetch(
      teamFrameRoutes(
        {},
        {
          [`GET ${base}/actions`]: { body: { data: ['auth.sign_in_failed', 'auth.signed_in', 'custom.thing'] } },
          [`GET ${base}`]: (call: StubCall) => {
            const query = new URL(call.url, 'http://x').searchParams;
            if (query.get('cursor') === 'next')
              return {
                body: { data: [event(id(3), { action: 'custom.thing', actor: null })], page: { nextCursor: null } },
              };
            if (query.get('action') === 'auth.sign_in_failed')
              return { body: { data: [event(id(9), { action: 'auth.sign_in_failed' })], page: { nextCursor: null } } };
            return {
              body: {
                data: [
                  event(id(1)),
                  event(id(2), { action: 'member.role_changed', summary: { from: 'member', to: 'admin' } }),
                ],
                page: { nextCursor: 'next' },
              },
            };
          },
        },
      ),
    );
    renderPage(<UserActivityPage />);
    const table = await screen.findByRole('table', { name: 'User activity, newest first' });
    expect(within(table).getByText('Signed in')).toBeTruthy();
    expect(within(table).getByText('Role changed')).toBeTruthy();
    expect(within(table).getByText('from: member · to: admin')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await within(table).findByText('System')).toBeTruthy();
    expect(within(table).getAllByText('custom.thing').length).toBeGreaterThan(0);

    await userEvent.selectOptions(screen.getByLabelText('Action'), 'auth.sign_in_failed');
    await waitFor(() => expect(screen.getAllByText('Failed sign-in').length).toBeGreaterThan(1));
    await userEvent.selectOptions(screen.getByLabelText('Person'), ADA.id);
    await userEvent.type(screen.getByLabelText('From'), '2026-03-01');
    await waitFor(() => {
      const last = stub.callsTo(`GET ${base}`).at(-1)!;
      const query = new URL(last.url, 'http://x').searchParams;
      expect(query.get('actorId')).toBe(ADA.id);
      expect(query.get('action')).toBe('auth.sign_in_failed');
      expect(query.get('from')).toBe('2026-03-01');
      expect(query.has('to')).toBe(false);
    });
  });

  it('exports the filtered log through the API with the token, as a Blob download', async () => {
    const stub = stubFetch(
      teamFrameRoutes(
        {},
        {
          [`GET ${base}/actions`]: { body: { data: [] } },
          [`GET ${base}`]: { body: { data: [event(id(1))], page: { nextCursor: null } } },
          [`GET ${base}.csv`]: { body: 'Time' },
        },
      ),
    );
    storeTokens(fakeJwt(inSeconds(3600)), 'refresh-token');
    const createObjectURL = vi.fn(() => 'blob:keel/1');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderPage(<UserActivityPage />);
    await screen.findByRole('table', { name: 'User activity, newest first' });
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const call = stub.callsTo(`GET ${base}.csv`)[0]!;
    expect(call.headers.get('authorization')).toMatch(/^Bearer /);
    expect(createObjectURL).toHaveBeenCalledWith(expect.any(Blob));
  });

  it("shows the server's message when the list or the export is refused", async () => {
    stubFetch(
      teamFrameRoutes(
        {},
        {
          [`GET ${base}/actions`]: { body: { data: [] } },
          [`GET ${base}`]: {
            status: 403,
            body: { error: 'Only administrators can do this', code: 'auth.admin_required' },
          },
          [`GET ${base}.csv`]: {
            status: 403,
            body: { error: 'Only administrators can export', code: 'auth.admin_required' },
          },
        },
      ),
    );
    renderPage(<UserActivityPage />);
    expect(await screen.findByText('Only administrators can do this')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('Only administrators can export')).toBeTruthy();
  });
});
