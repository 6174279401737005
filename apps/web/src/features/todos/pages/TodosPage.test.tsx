import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { stubFetch } from '../../../test-utils/fetch-stub';
import { ORG_ID } from '../../../test-utils/fixtures';
import { renderPage } from '../../../test-utils/render';
import { DEPT, pageReply, signedInForEachTest, teamFrameRoutes } from '../../../test-utils/team-stubs';
import TodosPage from './TodosPage';

signedInForEachTest();

describe('TodosPage', () => {
  it('shows the selected department’s list', async () => {
    const stub = stubFetch(
      teamFrameRoutes(
        { people: [] },
        {
          [`GET /organizations/${ORG_ID}/todos`]: pageReply([]),
          'GET /user/ui-state/selected_todo_ids': { body: { data: null } },
        },
      ),
    );
    renderPage(<TodosPage />, { path: '/todos' });
    expect(await screen.findByText('Operations')).toBeTruthy();
    expect(await screen.findByText(/No Tasks yet/)).toBeTruthy();
    expect(stub.calls.find((call) => call.url.includes('/todos?'))?.url).toContain(`teamId=${DEPT}`);
  });
});
