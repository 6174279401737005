import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AccountabilityPage as Page, AccountabilityPerson, AdminDepartment, RealtimeEntity } from '@keel/contract';
import { withDependents } from '../../../lib/dependent-entities';
import { realtimeClient } from '../../../lib/realtime-react';
import { signedInFrameRoutes } from '../../../test-utils/app-stubs';
import { stubFetch, type StubCall } from '../../../test-utils/fetch-stub';
import { ORG_ID } from '../../../test-utils/fixtures';
import { renderPage } from '../../../test-utils/render';
import { signedInForEachTest } from '../../../test-utils/team-stubs';
import AccountabilityPage from './AccountabilityPage';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const SALES = uuid(900);
const path = `/organizations/${ORG_ID}/accountability`;

const team = (id: string, name: string): AdminDepartment => ({
  id,
  name,
  description: null,
  color: null,
  parentTeamId: null,
  isLeadershipTeam: false,
  memberCount: 2,
  archivedAt: null,
  version: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

const person = (n: number, name: string, overrides: Partial<AccountabilityPerson> = {}): AccountabilityPerson => ({
  person: { id: uuid(n), name },
  seats: [],
  priorities: [],
  prioritiesTotal: 0,
  measurables: [],
  measurablesTotal: 0,
  openTodos: { count: 0, items: [] },
  openIssues: { count: 0, items: [] },
  ...overrides,
});

const ada = person(1, 'Ada Lovelace', {
  seats: [{ seatId: uuid(10), title: 'Integrator', roles: ['Run the leadership team', 'Hit the plan'] }],
  priorities: [{ id: uuid(20), title: 'Open the Lyon office', status: 'off_track', teamName: 'Leadership' }],
  prioritiesTotal: 21,
  measurables: [{ id: uuid(30), title: 'Weekly revenue', teamName: 'Sales' }],
  measurablesTotal: 1,
  openTodos: { count: 7, items: [{ id: uuid(40), title: 'Call the bank', dueDate: '2020-01-01' }] },
  openIssues: { count: 2, items: [{ id: uuid(50), title: 'Churn is up' }] },
});
const ben = person(2, 'Ben Marsh');
const zoe = person(3, 'Zoe Quinn');

const pageOf = (data: AccountabilityPerson[], nextCursor: string | null = null): { body: Page } => ({
  body: { data, quarter: { year: 2026, quarter: 4 }, page: { nextCursor } },
});

const routes = (accountability: (call: StubCall) => { status?: number; body?: unknown }) =>
  signedInFrameRoutes({
    [`GET /organizations/${ORG_ID}/departments`]: {
      body: { data: [team(SALES, 'Sales'), team(uuid(901), 'Leadership')] },
    },
    [`GET ${path}`]: accountability,
  });

const queryOf = (call: StubCall) => new URL(call.url, 'http://localhost').searchParams;

signedInForEachTest();

describe('AccountabilityPage', () => {
  it('shows a card per person with their seats, priorities, measurables, to-dos and issues, in the terms', async () => {
    stubFetch(routes(() => pageOf([ada, ben])));
    renderPage(<AccountabilityPage />, { path: '/accountability' });
    const card = await screen.findByRole('article', { name: 'Ada Lovelace' });

    const seats = within(card).getByRole('region', { name: /Seats on the Organizational Chart/ });
    expect(within(seats).getByText('Integrator')).toBeTruthy();
    expect(within(seats).getByText('Run the leadership team')).toBeTruthy();

    const priorities = within(card).getByRole('region', { name: 'Big Goals 21' });
    expect(within(priorities).getByText('Open the Lyon office')).toBeTruthy();
    expect(within(priorities).getByText('Off track')).toBeTruthy();
    expect(within(priorities).getByText('Showing 1 of 21.')).toBeTruthy();

    const numbers = within(card).getByRole('region', { name: 'Numbers 1' });
    expect(within(numbers).getByText('Weekly revenue')).toBeTruthy();
    expect(within(numbers).getByText('Sales')).toBeTruthy();

    const todos = within(card).getByRole('region', { name: 'Open Tasks 7' });
    expect(within(todos).getByText('Call the bank')).toBeTruthy();
    expect(within(todos).getByText(/Overdue/)).toBeTruthy();
    expect(within(todos).getByText('Showing 1 of 7.')).toBeTruthy();

    const issues = within(card).getByRole('region', { name: 'Open Issues 2' });
    expect(within(issues).getByText('Churn is up')).toBeTruthy();

    const empty = screen.getByRole('article', { name: 'Ben Marsh' });
    expect(within(empty).getByText('None this Quarter.')).toBeTruthy();
    expect(within(empty).getByText('No seat on the published Organizational Chart.')).toBeTruthy();
    expect(screen.getByText(/Big Goals of Quarter 4, 2026/)).toBeTruthy();
  });

  it('asks for everyone first, then for the chosen team only', async () => {
    const stub = stubFetch(
      routes((call) => (queryOf(call).get('teamId') === SALES ? pageOf([ben]) : pageOf([ada, ben]))),
    );
    renderPage(<AccountabilityPage />, { path: '/accountability' });
    await screen.findByRole('article', { name: 'Ada Lovelace' });
    expect(queryOf(stub.callsTo(`GET ${path}`)[0]!).get('teamId')).toBeNull();

    const filter = screen.getByRole('combobox', { name: 'Team' });
    expect((filter as HTMLSelectElement).value).toBe('');
    await waitFor(() => expect(within(filter).getByRole('option', { name: 'Sales' })).toBeTruthy());
    await userEvent.selectOptions(filter, 'Sales');
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Ada Lovelace' })).toBeNull());
    expect(screen.getByRole('article', { name: 'Ben Marsh' })).toBeTruthy();
    expect(queryOf(stub.callsTo(`GET ${path}`).at(-1)!).get('teamId')).toBe(SALES);
  });

  it('loads the next page of people on demand', async () => {
    const stub = stubFetch(
      routes((call) => (queryOf(call).get('cursor') === 'next' ? pageOf([zoe]) : pageOf([ada, ben], 'next'))),
    );
    renderPage(<AccountabilityPage />, { path: '/accountability' });
    await screen.findByRole('article', { name: 'Ben Marsh' });
    await userEvent.click(screen.getByRole('button', { name: 'Load more people' }));
    await screen.findByRole('article', { name: 'Zoe Quinn' });
    expect(screen.getAllByRole('article').map((card) => card.querySelector('h2')?.textContent)).toEqual([
      'Ada Lovelace',
      'Ben Marsh',
      'Zoe Quinn',
    ]);
    expect(screen.queryByRole('button', { name: 'Load more people' })).toBeNull();
    expect(stub.callsTo(`GET ${path}`)).toHaveLength(2);
  });

  it('refetches when what it shows changes anywhere, and follows every team', async () => {
    const follow = vi.spyOn(realtimeClient(), 'followTeam');
    const stub = stubFetch(routes(() => pageOf([ada])));
    const { queryClient } = renderPage(<AccountabilityPage />, { path: '/accountability' });
    await screen.findByRole('article', { name: 'Ada Lovelace' });
    await waitFor(() => expect(follow.mock.calls.map(([teamId]) => teamId).sort()).toEqual([SALES, uuid(901)].sort()));
    const changes: RealtimeEntity[] = ['priority', 'todo', 'issue', 'scorecard', 'org_chart', 'team'];
    for (const entity of changes) {
      const before = stub.callsTo(`GET ${path}`).length;
      // What the realtime client (and a feature's own mutation) does when an object of that kind changes.
      for (const key of withDependents([entity]))
        await queryClient.invalidateQueries({ queryKey: ['organizations', ORG_ID, key] });
      expect(stub.callsTo(`GET ${path}`).length, entity).toBe(before + 1);
    }
    const before = stub.callsTo(`GET ${path}`).length;
    await queryClient.invalidateQueries({ queryKey: ['organizations', ORG_ID, 'headline'] });
    expect(stub.callsTo(`GET ${path}`)).toHaveLength(before);
    follow.mockRestore();
  });

  it('follows only the chosen team while filtered', async () => {
    const follow = vi.spyOn(realtimeClient(), 'followTeam');
    stubFetch(routes(() => pageOf([ben])));
    renderPage(<AccountabilityPage />, { path: `/accountability?team=${SALES}` });
    await screen.findByRole('article', { name: 'Ben Marsh' });
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Team' })).toHaveProperty('value', SALES));
    expect(follow.mock.calls.map(([teamId]) => teamId)).toEqual([SALES]);
    follow.mockRestore();
  });

  it('says so when the team has nobody', async () => {
    stubFetch(routes(() => pageOf([])));
    renderPage(<AccountabilityPage />, { path: `/accountability?team=${SALES}` });
    expect(await screen.findByText('This Team has no active members.')).toBeTruthy();
  });

  it('says what went wrong and offers to try again', async () => {
    stubFetch(
      routes(() => ({
        status: 404,
        body: { error: 'This team does not exist in your organization', code: 'accountability.team_not_found' },
      })),
    );
    renderPage(<AccountabilityPage />, { path: `/accountability?team=${uuid(999)}` });
    expect(await screen.findByText('This team does not exist in your organization')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it("opens a person's seat history: each seat they held and when", async () => {
    stubFetch(
      signedInFrameRoutes({
        [`GET /organizations/${ORG_ID}/departments`]: { body: { data: [] } },
        [`GET ${path}`]: () => pageOf([ada]),
        [`GET /organizations/${ORG_ID}/org-chart/people/${uuid(1)}/history`]: {
          body: {
            data: [
              {
                id: uuid(60),
                seatId: uuid(10),
                seatTitle: 'Integrator',
                userId: uuid(1),
                name: 'Ada Lovelace',
                placeholderName: null,
                startedAt: '2026-03-02T09:00:00.000Z',
                endedAt: null,
              },
              {
                id: uuid(61),
                seatId: uuid(11),
                seatTitle: 'Head of Sales',
                userId: uuid(1),
                name: 'Ada Lovelace',
                placeholderName: null,
                startedAt: '2025-01-06T09:00:00.000Z',
                endedAt: '2026-03-02T09:00:00.000Z',
              },
            ],
          },
        },
      }),
    );
    renderPage(<AccountabilityPage />, { path: '/accountability' });
    await userEvent.click(await screen.findByRole('button', { name: 'Seat history of Ada Lovelace' }));
    const dialog = await screen.findByRole('dialog', { name: 'Seat history: Ada Lovelace' });
    expect(await within(dialog).findByText('Head of Sales')).toBeTruthy();
    expect(within(dialog).getByText('Integrator')).toBeTruthy();
    expect(within(dialog).getByText(/^Since /)).toBeTruthy();
    expect(within(dialog).getByText(/ to /)).toBeTruthy();
  });
});
