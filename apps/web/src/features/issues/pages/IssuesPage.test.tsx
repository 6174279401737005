import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { stubFetch } from '../../../test-utils/fetch-stub';
import { ORG_ID } from '../../../test-utils/fixtures';
import { renderPage } from '../../../test-utils/render';
import { DEPT, pageReply, signedInForEachTest, teamFrameRoutes } from '../../../test-utils/team-stubs';
import IssuesPage from './IssuesPage';

signedInForEachTest();

describe('IssuesPage', () => {
  it('shows the selected department’s list', async () => {
    const stub = stubFetch(
      teamFrameRoutes(
        { people: [] },
        {
          [`GET /organizations/${ORG_ID}/issues`]: pageReply([]),
          [`GET /organizations/${ORG_ID}/issues/sent`]: pageReply([]),
        },
      ),
    );
    renderPage(<IssuesPage />, { path: '/issues' });
    expect(await screen.findByText(/Operations/)).toBeTruthy();
    expect(await screen.findByText(/No open Issues here/)).toBeTruthy();
    expect(stub.calls.find((call) => call.url.includes('/issues?'))?.url).toContain(`teamId=${DEPT}`);
  });
});
