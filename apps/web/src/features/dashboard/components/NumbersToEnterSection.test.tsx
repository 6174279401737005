import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { stubFetch } from '../../../test-utils/fetch-stub';
import { ORG_ID } from '../../../test-utils/fixtures';
import { renderPage } from '../../../test-utils/render';
import userEvent from '@testing-library/user-event';
import { DEPT, makeDepartment, signedInForEachTest, teamFrameRoutes } from '../../../test-utils/team-stubs';
import { useSelectedDepartmentStore } from '../../departments/departments.api';
import {
  OTHER_MEASURABLE_ID,
  makeMeasurable,
  makeMyNumber,
  myNumbersReply,
} from '../../scorecard/measurables-test-data';
import { NumbersToEnterSection } from './NumbersToEnterSection';

signedInForEachTest();

const myNumbersPath = `GET /organizations/${ORG_ID}/scorecard/my-numbers`;

describe('NumbersToEnterSection', () => {
  it('lists the missing numbers only, each opening its team’s scorecard ready to type', async () => {
    const stub = stubFetch(
      teamFrameRoutes(
        {},
        {
          [myNumbersPath]: myNumbersReply([
            makeMyNumber(makeMeasurable({ title: 'Revenue' }), { value: 40, status: 'red', version: 1 }),
            makeMyNumber(makeMeasurable({ id: OTHER_MEASURABLE_ID, title: 'Calls made' })),
            makeMyNumber(makeMeasurable({ title: 'Profit', kind: 'formula' })),
          ]),
        },
      ),
    );
    renderPage(<NumbersToEnterSection />, { path: '/dashboard' });
    const section = await screen.findByRole('region', { name: /Numbers to enter/ });
    const list = within(section).getByRole('list', { name: 'My missing numbers' });
    expect(
      within(list)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Calls made']);
    expect(within(list).getByRole('link', { name: 'Calls made' }).getAttribute('href')).toBe(
      `/scorecard?teamId=${DEPT}&enter=mine`,
    );
    expect(within(list).getByText('Operations')).toBeTruthy();
    expect(stub.callsTo(myNumbersPath)[0]?.url).toBe(`/organizations/${ORG_ID}/scorecard/my-numbers`);
  });

  it('selects the number’s team on the way, since the scorecard shows the selected one', async () => {
    const other = '66666666-6666-4666-8666-666666666666';
    stubFetch(
      teamFrameRoutes(
        { departments: [makeDepartment(DEPT, 'Operations'), makeDepartment(other, 'Sales')] },
        { [myNumbersPath]: myNumbersReply([makeMyNumber(makeMeasurable({ teamId: other, title: 'Deals' }))]) },
      ),
    );
    renderPage(<NumbersToEnterSection />, { path: '/dashboard', markers: ['/scorecard'] });
    await waitFor(() => expect(useSelectedDepartmentStore.getState().selectedId).toBe(DEPT));
    await userEvent.click(await screen.findByRole('link', { name: 'Deals' }));
    expect(await screen.findByText('at /scorecard')).toBeTruthy();
    expect(useSelectedDepartmentStore.getState().selectedId).toBe(other);
  });

  it('is not shown when every number is in', async () => {
    const stub = stubFetch(
      teamFrameRoutes(
        {},
        { [myNumbersPath]: myNumbersReply([makeMyNumber(makeMeasurable(), { value: 40, status: 'red' })]) },
      ),
    );
    const view = renderPage(<NumbersToEnterSection />, { path: '/dashboard' });
    await vi.waitFor(() => expect(stub.callsTo(myNumbersPath)).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(view.container.textContent).toBe('');
  });
});
