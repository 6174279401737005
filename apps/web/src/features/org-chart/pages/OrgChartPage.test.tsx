import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OrgChart, OrgChartDraft, OrgChartSeat } from '@keel/contract';
import { signedInFrameRoutes } from '../../../test-utils/app-stubs';
import { stubFetch } from '../../../test-utils/fetch-stub';
import { ORG_ID } from '../../../test-utils/fixtures';
import { renderPage } from '../../../test-utils/render';
import { signedInForEachTest } from '../../../test-utils/team-stubs';
import OrgChartPage from './OrgChartPage';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const base = `/organizations/${ORG_ID}/org-chart`;
const seat = (n: number, title: string, parent: number | null, position = 0): OrgChartSeat => ({
  id: uuid(n),
  parentId: parent === null ? null : uuid(parent),
  title,
  roles: ['Lead the team'],
  teamId: null,
  position,
  holders: n === 1 ? [{ userId: uuid(70), name: 'Ada Lovelace', placeholderName: null }] : [],
  version: 1,
});
const published: OrgChart['publication'] = {
  version: 3,
  publishedAt: '2026-11-20T10:00:00.000Z',
  publishedBy: { id: uuid(70), name: 'Ada Lovelace' },
  seats: [seat(1, 'Chief Executive', null), seat(2, 'Finance', 1)].map(({ version: _version, ...one }) => one),
};
const draftOf = (seats: OrgChartSeat[], differs = true): { body: { data: OrgChartDraft } } => ({
  body: { data: { seats, publishedVersion: 3, differsFromPublished: differs } },
});
const routes = (
  canEdit: boolean,
  draft = draftOf([seat(1, 'Chief Executive', null), seat(2, 'Finance', 1), seat(3, 'Operations', 1, 1)]),
) =>
  signedInFrameRoutes({
    [`GET ${base}`]: { body: { data: { publication: published, canEdit } } },
    [`GET ${base}/draft`]: draft,
    [`GET /organizations/${ORG_ID}/departments`]: { body: { data: [] } },
    [`GET /organizations/${ORG_ID}/people`]: { body: { data: [] } },
    [`POST ${base}/suggested-seats`]: { body: { data: { success: true } } },
  });

// The canvas sizes itself with ResizeObserver, which the test DOM lacks; a stand-in that never reports is enough here.
const originalObserver = globalThis.ResizeObserver;
beforeAll(() => {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});
afterAll(() => {
  globalThis.ResizeObserver = originalObserver;
});

signedInForEachTest();

/** A seat's title is a button: Tab reaches it and Enter opens its details (no pointer needed). */
async function chooseWithKeyboard(title: string) {
  screen.getByRole('button', { name: title }).focus();
  await userEvent.keyboard('{Enter}');
}

describe('OrgChartPage', () => {
  it('shows a member the published chart, read only, without asking for the draft', async () => {
    const stub = stubFetch(routes(false));
    renderPage(<OrgChartPage />, { path: '/organizational-chart' });
    expect(await screen.findByRole('button', { name: 'Chief Executive' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Finance' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Operations' })).toBeNull();
    expect(screen.getByText(/Published version 3 on .* by Ada Lovelace\./)).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Chart shown' })).toBeNull();
    expect(stub.callsTo(`GET ${base}/draft`)).toHaveLength(0);

    await chooseWithKeyboard('Finance');
    const panel = screen.getByRole('region', { name: 'Finance' });
    expect(within(panel).queryByRole('button', { name: 'Edit seat' })).toBeNull();
    expect(within(panel).getByRole('button', { name: 'Holder history' })).toBeTruthy();
  });

  it('shows a leader the draft, which they can switch for the published chart, and the keyboard way to move', async () => {
    stubFetch(routes(true));
    renderPage(<OrgChartPage />, { path: '/organizational-chart' });
    expect(await screen.findByRole('button', { name: 'Operations' })).toBeTruthy();
    expect(screen.getByText(/The draft has changes that are not published/)).toBeTruthy();

    await chooseWithKeyboard('Chief Executive');
    const panel = screen.getByRole('region', { name: 'Chief Executive' });
    const reportsTo = within(panel).getByRole('combobox', { name: 'Reports to' });
    // A seat may not report to itself or to the seats below it.
    expect(
      within(reportsTo)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Nobody (a top seat)']);

    await userEvent.click(screen.getByRole('button', { name: 'Published' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Operations' })).toBeNull());
    expect(screen.queryByRole('button', { name: 'Publish' })).toBeNull();
  });

  it('offers suggested seats when the draft is empty', async () => {
    const stub = stubFetch(routes(true, draftOf([], false)));
    renderPage(<OrgChartPage />, { path: '/organizational-chart' });
    await userEvent.click(await screen.findByRole('button', { name: 'Start with suggested seats' }));
    await waitFor(() => expect(stub.callsTo(`POST ${base}/suggested-seats`)).toHaveLength(1));
  });
});
