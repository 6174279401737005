import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { signedInFrameRoutes } from '../../../test-utils/app-stubs';
import { stubFetch } from '../../../test-utils/fetch-stub';
import { renderPage } from '../../../test-utils/render';
import { DEPT, departmentsReply, makeDepartment, signedInForEachTest } from '../../../test-utils/team-stubs';
import { useSelectedDepartmentStore } from '../departments.api';
import { RouteDepartmentGate, SelectedDepartmentGate } from './DepartmentGate';

const SALES = '44444444-4444-4444-8444-444444444444';

signedInForEachTest();

const selected = (plural: string) => (
  <SelectedDepartmentGate plural={plural}>
    {(team, departments) => (
      <p>
        Showing {team.name} of {departments.length}
      </p>
    )}
  </SelectedDepartmentGate>
);

describe('SelectedDepartmentGate', () => {
  it('hands the department chosen in the header and all of the person’s departments to the page', async () => {
    useSelectedDepartmentStore.setState({ selectedId: null });
    stubFetch(
      signedInFrameRoutes({
        'GET /users/departments': departmentsReply([
          makeDepartment(DEPT, 'Operations'),
          makeDepartment(SALES, 'Sales'),
        ]),
      }),
    );
    renderPage(selected('Tasks'));
    expect(await screen.findByText('Showing Operations of 2')).toBeTruthy();
  });

  it('says so, in the page’s own words, when the person is in no department', async () => {
    stubFetch(signedInFrameRoutes());
    renderPage(selected('Tasks'));
    expect(
      await screen.findByText('You are not in any Department yet, so there are no Tasks to show.', { exact: false }),
    ).toBeTruthy();
  });

  it('says the departments could not be loaded when that fails', async () => {
    stubFetch(signedInFrameRoutes({ 'GET /users/departments': { status: 500, body: { error: 'x', code: 'x' } } }));
    renderPage(selected('Issues'));
    expect(await screen.findByText(/Your Departments could not be loaded/)).toBeTruthy();
  });
});

describe('RouteDepartmentGate', () => {
  const gate = <RouteDepartmentGate plural="Issues">{(team) => <p>Showing {team.name}</p>}</RouteDepartmentGate>;

  it('shows the department named in the path', async () => {
    stubFetch(signedInFrameRoutes({ 'GET /users/departments': departmentsReply([makeDepartment(SALES, 'Sales')]) }));
    renderPage(gate, { route: '/departments/:departmentId/issues', path: `/departments/${SALES}/issues` });
    expect(await screen.findByText('Showing Sales')).toBeTruthy();
  });

  it('falls back to the organization’s word for a department it cannot name', async () => {
    stubFetch(signedInFrameRoutes());
    renderPage(gate, { route: '/departments/:departmentId/issues', path: `/departments/${DEPT}/issues` });
    expect(await screen.findByText('Showing Department')).toBeTruthy();
  });
});
