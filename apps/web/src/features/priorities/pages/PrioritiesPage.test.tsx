import { describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSession } from '../../../lib/session-store';
import { stubFetch } from '../../../test-utils/fetch-stub';
import { ORG_ID, makeUser } from '../../../test-utils/fixtures';
import { renderPage, renderWithToasts } from '../../../test-utils/render';
import { signedInForEachTest } from '../../../test-utils/team-stubs';
import { DEPT, GRACE, base, current, fiscalQuarters, listOf, next, priority, routes } from '../priorities-test-data';
import DepartmentPrioritiesPage from './DepartmentPrioritiesPage';
import PrioritiesPage from './PrioritiesPage';

const render = () => renderWithToasts(<PrioritiesPage />, { path: '/quarterly-priorities' });

const listUrls = (stub: ReturnType<typeof stubFetch>) =>
  stub.fetchMock.mock.calls
    .map(([input]) => (input instanceof Request ? input.url : input.toString()))
    .filter((url) => url.includes('/priorities?'));

signedInForEachTest();

describe('PrioritiesPage', () => {
  it('lists the selected department’s current quarter under the organization’s own name', async () => {
    const stub = stubFetch(
      routes({
        [`GET ${base}`]: listOf([
          priority({ title: '<script>alert(1)</script>' }),
          priority({
            id: '66666666-6666-4666-8666-666666666666',
            title: 'Hire',
            status: 'off_track',
            progress: 0,
            milestoneCount: 0,
            milestonesDone: 0,
            milestones: [],
          }),
        ]),
      }),
    );
    render();
    expect(await screen.findByRole('heading', { name: 'Big Goals' })).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Big Goals' });
    expect(within(list).getByText('<script>alert(1)</script>')).toBeTruthy();
    expect(within(list).getByText('On track')).toBeTruthy();
    expect(within(list).getByText('Off track')).toBeTruthy();
    expect(within(list).getByText('1/2 Milestones')).toBeTruthy();
    // A priority with no milestones shows no "0/0".
    expect(within(list).queryByText(/0\/0/)).toBeNull();
    expect(within(list).getByRole('progressbar', { name: 'Progress of Hire' }).getAttribute('aria-valuenow')).toBe('0');
    expect(listUrls(stub)[0]).toContain(`teamId=${DEPT}`);
    expect(listUrls(stub)[0]).toContain(`year=${current.year}&quarter=${current.quarter}`);
  });

  it('switches to the planning view and groups by owner', async () => {
    const stub = stubFetch(
      routes({
        [`GET ${base}`]: listOf([
          priority({ year: next.year, quarter: next.quarter }),
          priority({
            id: '66666666-6666-4666-8666-666666666666',
            title: 'Hire',
            ownerId: GRACE,
            owner: { id: GRACE, name: 'Grace Hopper' },
          }),
        ]),
      }),
    );
    render();
    const select = await screen.findByLabelText('Quarter');
    await waitFor(() => expect((select as HTMLSelectElement).value).toBe(`${current.year}-${current.quarter}`));
    await userEvent.selectOptions(select, 'planning');
    await waitFor(() => expect(listUrls(stub).at(-1)).toContain('planning=true'));
    await userEvent.click(screen.getByLabelText('Group by owner'));
    expect(await screen.findByRole('region', { name: 'Grace Hopper' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Ada Lovelace' })).toBeTruthy();
  });

  it('shows empty and error states', async () => {
    stubFetch(routes({ [`GET ${base}`]: listOf([]) }));
    render();
    expect(await screen.findByText(/No Big Goals for this Quarter/)).toBeTruthy();
    cleanup();
    stubFetch(routes({ [`GET ${base}`]: { status: 500, body: { error: 'Broken', code: 'x' } } }));
    render();
    expect(await screen.findByText('Broken')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('hides writing from observers', async () => {
    useSession.setState({ status: 'signedIn', user: makeUser({ role: 'observer' }) });
    stubFetch(routes());
    render();
    await screen.findByRole('list', { name: 'Big Goals' });
    expect(screen.queryByRole('button', { name: /New priority/ })).toBeNull();
  });

  it('creates one per owner, due at the quarter’s end by default, with numeric fields when numeric', async () => {
    const stub = stubFetch(routes({ [`POST ${base}`]: { status: 201, body: { data: [priority({})] } } }));
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'New Priority' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Priority' });
    const due = within(dialog).getByLabelText<HTMLInputElement>('Due date');
    const quarterEnd = fiscalQuarters().data.quarters[0]!.end;
    expect(due.value).toBe(quarterEnd);
    await userEvent.type(within(dialog).getByLabelText('Title'), 'Grow revenue');
    await userEvent.click(within(dialog).getByLabelText('Grace Hopper'));
    await userEvent.selectOptions(within(dialog).getByLabelText('Progress'), 'numeric');
    await userEvent.type(within(dialog).getByLabelText('Target'), '100');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Priority' }));
    await waitFor(() => expect(stub.callsTo(`POST ${base}`)).toHaveLength(1));
    expect(stub.callsTo(`POST ${base}`)[0]!.body).toMatchObject({
      title: 'Grow revenue',
      ownerIds: [makeUser().id, GRACE],
      teamId: DEPT,
      year: current.year,
      quarter: current.quarter,
      dueDate: quarterEnd,
      progressType: 'numeric',
      numericTarget: 100,
    });
  });

  it('checks the draft with the assistant inside the dialog and takes its rewrite into the fields', async () => {
    const check = {
      engine: 'offline',
      verdicts: ['specific', 'measurable', 'achievable', 'relevant', 'time_bound'].map((letter) => ({
        letter,
        met: letter !== 'measurable',
        reason: letter === 'measurable' ? 'No number says when it is done.' : 'Fine.',
      })),
      rewrite: { title: 'Grow revenue to [target] by the quarter’s end', description: 'From [today’s value].' },
      notices: [],
    };
    const assistant = `/organizations/${ORG_ID}/priority-assistant/smart-check`;
    const stub = stubFetch(routes({ [`POST ${assistant}`]: { body: { data: check } } }));
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'New Priority' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Priority' });
    await userEvent.type(within(dialog).getByLabelText('Title'), 'Grow revenue');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Check with the assistant' }));
    expect(await within(dialog).findByText(/Measurable: not yet\./)).toBeTruthy();
    expect(stub.callsTo(`POST ${assistant}`)[0]!.body).toMatchObject({ title: 'Grow revenue', teamId: DEPT });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Use this rewrite' }));
    expect(within(dialog).getByLabelText<HTMLInputElement>('Title').value).toBe(
      'Grow revenue to [target] by the quarter’s end',
    );
    expect(within(dialog).queryByRole('button', { name: 'Use this rewrite' })).toBeNull();
  });

  it('serves /departments/:id/priorities for that department', async () => {
    const stub = stubFetch(routes());
    renderPage(<DepartmentPrioritiesPage />, {
      route: '/departments/:departmentId/priorities',
      path: `/departments/${DEPT}/priorities`,
    });
    expect(await screen.findByText('Operations')).toBeTruthy();
    await waitFor(() => expect(listUrls(stub)[0]).toContain(`teamId=${DEPT}`));
  });
});
