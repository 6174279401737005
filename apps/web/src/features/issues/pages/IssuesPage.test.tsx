import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { useSession } from '../../../lib/session-store';
import { signedInFrameRoutes } from '../../../test-utils/app-stubs';
import { stubFetch } from '../../../test-utils/fetch-stub';
import { ORG_ID, makeUser } from '../../../test-utils/fixtures';
import { renderPage } from '../../../test-utils/render';
import IssuesPage from './IssuesPage';

const DEPT = '33333333-3333-4333-8333-333333333333';
const department = {
  id: DEPT,
  name: 'Operations',
  description: null,
  color: null,
  parent_team_id: null,
  is_leadership_team: false,
  is_member: true,
};

beforeEach(() => useSession.setState({ status: 'signedIn', user: makeUser() }));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('IssuesPage', () => {
  it('shows the selected department’s list', async () => {
    const stub = stubFetch(
      signedInFrameRoutes({
        'GET /users/departments': { body: { data: { departments: [department], is_leadership_member: false } } },
        [`GET /organizations/${ORG_ID}/issues`]: { body: { data: [], page: { nextCursor: null } } },
        [`GET /organizations/${ORG_ID}/issues/sent`]: { body: { data: [], page: { nextCursor: null } } },
        [`GET /organizations/${ORG_ID}/people`]: { body: { data: [] } },
      }),
    );
    renderPage(<IssuesPage />, { path: '/issues' });
    expect(await screen.findByText(/Operations/)).toBeTruthy();
    expect(await screen.findByText(/No open issues here/)).toBeTruthy();
    const urls = stub.fetchMock.mock.calls.map(([input]) => (input instanceof Request ? input.url : input.toString()));
    expect(urls.find((url) => url.includes('/issues?'))).toContain(`teamId=${DEPT}`);
  });

  it('says so when the person is in no department', async () => {
    stubFetch(signedInFrameRoutes());
    renderPage(<IssuesPage />, { path: '/issues' });
    expect(await screen.findByText(/not in any department yet/)).toBeTruthy();
  });
});
