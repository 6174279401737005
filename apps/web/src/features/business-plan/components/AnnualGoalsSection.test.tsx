import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TERMINOLOGY_DEFAULTS, type AnnualGoal } from '@keel/contract';
import { stubFetch } from '../../../test-utils/fetch-stub';
import { ORG_ID } from '../../../test-utils/fixtures';
import { renderWithToasts } from '../../../test-utils/render';
import { signedInForEachTest } from '../../../test-utils/team-stubs';
import { AnnualGoalsSection } from './AnnualGoalsSection';

const TEAM = '22222222-2222-4222-8222-222222222222';
const goalsPath = `GET /organizations/${ORG_ID}/annual-goals`;

const goal = (overrides: Partial<AnnualGoal>): AnnualGoal => ({
  id: '00000000-0000-4000-8000-000000000001',
  teamId: TEAM,
  teamName: 'Leadership',
  isCompanyGoal: true,
  year: 2031,
  title: 'Reach $12M revenue',
  description: '',
  owner: null,
  status: 'on_track',
  target: '$12M',
  position: 0,
  priorityCount: 0,
  version: 3,
  ...overrides,
});

function render(goals: AnnualGoal[], canEdit = true) {
  const stub = stubFetch({
    [`GET /terminology/organizations/${ORG_ID}`]: { body: { ...TERMINOLOGY_DEFAULTS, priorities_label: 'Rocks' } },
    [`GET /organizations/${ORG_ID}/people`]: { body: { data: [] } },
    [goalsPath]: { body: { data: goals } },
    [`PATCH /organizations/${ORG_ID}/annual-goals/${goals[1]?.id ?? 'none'}`]: { body: { data: goals[1] } },
    [`POST /organizations/${ORG_ID}/annual-goals`]: { status: 201, body: { data: goal({}) } },
  });
  renderWithToasts(<AnnualGoalsSection teamId={TEAM} year={2031} canEdit={canEdit} />);
  return stub;
}

signedInForEachTest();

describe('AnnualGoalsSection', () => {
  it('shows which goals have priorities behind them, in the terminology', async () => {
    render([
      goal({}),
      goal({ id: '00000000-0000-4000-8000-000000000002', title: 'Open two regions', priorityCount: 2, position: 1 }),
    ]);
    const list = await screen.findByRole('list', { name: 'Annual Goals 2031' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(within(first!).getByText('No rocks behind it yet')).toBeTruthy();
    expect(within(second!).getByText('2 of the rocks serve it')).toBeTruthy();
  });

  it('moves a goal up with its version', async () => {
    const stub = render([
      goal({}),
      goal({ id: '00000000-0000-4000-8000-000000000002', title: 'Open two regions', position: 1, version: 5 }),
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Move “Open two regions” up' }));
    const patch = `PATCH /organizations/${ORG_ID}/annual-goals/00000000-0000-4000-8000-000000000002`;
    await waitFor(() => expect(stub.callsTo(patch)).toHaveLength(1));
    expect(stub.callsTo(patch)[0]!.body).toEqual({ version: 5, position: 0 });
  });

  it('adds a goal of the team and year, and asks for a title first', async () => {
    const stub = render([]);
    expect(await screen.findByText('No goals for 2031 yet.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Add a goal' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('A goal needs a title')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Title'), 'Hire a CFO');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const post = `POST /organizations/${ORG_ID}/annual-goals`;
    await waitFor(() => expect(stub.callsTo(post)).toHaveLength(1));
    expect(stub.callsTo(post)[0]!.body).toMatchObject({ teamId: TEAM, year: 2031, title: 'Hire a CFO', ownerId: null });
  });

  it('offers no changes to a reader', async () => {
    render([goal({})], false);
    await screen.findByText('Reach $12M revenue');
    expect(screen.queryByRole('button', { name: 'Add a goal' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Edit/ })).toBeNull();
  });
});
