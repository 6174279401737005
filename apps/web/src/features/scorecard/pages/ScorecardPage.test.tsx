import { describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { stubFetch } from '../../../test-utils/fetch-stub';
import { renderWithToasts } from '../../../test-utils/render';
import { DEPT, makeDepartment, signedInForEachTest } from '../../../test-utils/team-stubs';
import { useSelectedDepartmentStore } from '../../departments/departments.api';
import { GRID, scorecardRoutes } from '../scorecard-test-data';
import ScorecardPage from './ScorecardPage';

signedInForEachTest();

const LEADERSHIP = makeDepartment('44444444-4444-4444-8444-444444444444', 'Leadership', { is_leadership_team: true });
const OPERATIONS = makeDepartment(DEPT, 'Operations');

function stubScorecard() {
  return stubFetch(scorecardRoutes({}, {}, { departments: [LEADERSHIP, OPERATIONS] }));
}
const gridTeams = (stub: ReturnType<typeof stubScorecard>) =>
  stub.callsTo(GRID).map((call) => new URL(call.url, 'http://localhost').searchParams.get('teamId'));

describe('/scorecard?teamId=', () => {
  it('shows the department the link names and selects it in the header, whatever was selected before', async () => {
    useSelectedDepartmentStore.setState({ selectedId: LEADERSHIP.id });
    const stub = stubScorecard();
    renderWithToasts(<ScorecardPage />, { route: '/scorecard', path: `/scorecard?teamId=${DEPT}&enter=mine` });
    await waitFor(() => expect(useSelectedDepartmentStore.getState().selectedId).toBe(DEPT));
    await waitFor(() => expect(gridTeams(stub)).toContain(DEPT));
    expect(gridTeams(stub)).not.toContain(LEADERSHIP.id);
  });

  it('follows the header again once the person chooses another department', async () => {
    useSelectedDepartmentStore.setState({ selectedId: LEADERSHIP.id });
    const stub = stubScorecard();
    renderWithToasts(<ScorecardPage />, { route: '/scorecard', path: `/scorecard?teamId=${DEPT}` });
    await waitFor(() => expect(gridTeams(stub)).toContain(DEPT));
    act(() => useSelectedDepartmentStore.getState().select(LEADERSHIP));
    await waitFor(() => expect(gridTeams(stub)).toContain(LEADERSHIP.id));
    expect(await screen.findByText('Leadership')).toBeTruthy();
  });

  it('ignores a department the person is not in', async () => {
    useSelectedDepartmentStore.setState({ selectedId: LEADERSHIP.id });
    const stub = stubScorecard();
    renderWithToasts(<ScorecardPage />, {
      route: '/scorecard',
      path: '/scorecard?teamId=55555555-5555-4555-8555-555555555555',
    });
    await waitFor(() => expect(gridTeams(stub)).toContain(LEADERSHIP.id));
    expect(useSelectedDepartmentStore.getState().selectedId).toBe(LEADERSHIP.id);
  });
});
