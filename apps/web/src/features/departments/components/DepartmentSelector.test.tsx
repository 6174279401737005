import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { useSession } from '../../../lib/session-store';
import { stubFetch } from '../../../test-utils/fetch-stub';
import { makeUser } from '../../../test-utils/fixtures';
import { makeDepartment } from '../../../test-utils/team-stubs';
import { testQueryClient } from '../../../test-utils/render';
import { useSelectedDepartmentStore } from '../departments.api';
import { DepartmentSelector } from './DepartmentSelector';

const LEADERSHIP = '0000000a-0000-4000-8000-000000000001';
const SALES = '0000000a-0000-4000-8000-000000000002';
const department = (id: string, name: string, leadership = false) =>
  makeDepartment(id, name, { is_leadership_team: leadership });

beforeEach(() => {
  useSession.setState({ status: 'signedIn', user: makeUser() });
  useSelectedDepartmentStore.setState({ selectedId: null });
});
afterEach(() => vi.unstubAllGlobals());

const renderSelector = () =>
  render(
    <QueryClientProvider client={testQueryClient()}>
      <DepartmentSelector />
    </QueryClientProvider>,
  );

describe('DepartmentSelector', () => {
  it("says 'Loading departments...' while loading", () => {
    stubFetch({ 'GET /users/departments': () => new Promise(() => undefined) });
    renderSelector();
    expect(screen.getByText('Loading departments...')).toBeTruthy();
  });

  it('warns when no department is available (and when the fetch fails)', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    stubFetch({ 'GET /users/departments': { status: 500 } });
    renderSelector();
    expect(await screen.findByText('No departments available (check console)')).toBeTruthy();
  });

  it('shows a single department as static text with the leadership icon', async () => {
    stubFetch({
      'GET /users/departments': {
        body: { data: { departments: [department(LEADERSHIP, 'Leadership', true)], is_leadership_member: true } },
      },
    });
    renderSelector();
    expect(await screen.findByText('Leadership')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Leadership team' })).toBeTruthy();
    expect(screen.queryByRole('combobox')).toBeNull();
  });

  it('offers a dropdown for several, starting from leadership, and stores the choice', async () => {
    stubFetch({
      'GET /users/departments': {
        body: {
          data: {
            departments: [department(SALES, 'Sales'), department(LEADERSHIP, 'Leadership', true)],
            is_leadership_member: true,
          },
        },
      },
    });
    renderSelector();
    const select = await screen.findByRole<HTMLSelectElement>('combobox', { name: 'Department' });
    expect(select.value).toBe(LEADERSHIP);
    await waitFor(() => expect(localStorage.getItem('selectedDepartmentId')).toBe(LEADERSHIP));
    await userEvent.setup().selectOptions(select, SALES);
    expect(localStorage.getItem('selectedDepartmentId')).toBe(SALES);
    expect(select.value).toBe(SALES);
  });

  it('keeps a stored choice that is still available', async () => {
    useSelectedDepartmentStore.setState({ selectedId: SALES });
    stubFetch({
      'GET /users/departments': {
        body: {
          data: {
            departments: [department(LEADERSHIP, 'Leadership', true), department(SALES, 'Sales')],
            is_leadership_member: true,
          },
        },
      },
    });
    renderSelector();
    expect((await screen.findByRole<HTMLSelectElement>('combobox')).value).toBe(SALES);
  });
});
