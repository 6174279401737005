import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'react-hot-toast';
import { TERMINOLOGY_DEFAULTS, type Headline } from '@keel/contract';
import { useSession } from '../../../lib/session-store';
import { stubFetch } from '../../../test-utils/fetch-stub';
import { ORG_ID, makeUser } from '../../../test-utils/fixtures';
import { renderPage } from '../../../test-utils/render';
import { CreateIssueFromHeadline } from './CreateIssueFromHeadline';

const HEADLINE_ID = '00000000-0000-4000-8000-000000000001';
const TEAM = '44444444-4444-4444-8444-444444444444';
const raisePath = `POST /organizations/${ORG_ID}/headlines/${HEADLINE_ID}/issue`;

const headline: Headline = {
  id: HEADLINE_ID,
  teamId: TEAM,
  text: 'Acme may churn',
  details: null,
  type: 'customer',
  status: 'new',
  ownerId: makeUser().id,
  owner: { id: makeUser().id, name: 'Ada Lovelace' },
  aboutText: null,
  aboutUserId: null,
  aboutUser: null,
  archivedAt: null,
  version: 1,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  createdById: makeUser().id,
};

function render(raise: Parameters<typeof stubFetch>[0][string]) {
  const stub = stubFetch({
    [`GET /terminology/organizations/${ORG_ID}`]: { body: { ...TERMINOLOGY_DEFAULTS, issue_singular: 'Barrier' } },
    [raisePath]: raise,
  });
  const view = renderPage(
    <>
      <Toaster />
      <CreateIssueFromHeadline headline={headline} />
    </>,
  );
  const invalidate = vi.spyOn(view.queryClient, 'invalidateQueries');
  return { stub, invalidate };
}

beforeEach(() => useSession.setState({ status: 'signedIn', user: makeUser() }));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('CreateIssueFromHeadline', () => {
  it('turns the headline into an issue in one click, named by the terminology, and refreshes the issues', async () => {
    const { stub, invalidate } = render({ status: 201, body: { data: { issueId: HEADLINE_ID, teamId: TEAM } } });
    const button = await screen.findByRole('button', { name: 'Create barrier: Acme may churn' });
    await userEvent.click(button);
    expect(await screen.findByText('Barrier created')).toBeTruthy();
    expect(stub.callsTo(raisePath)).toHaveLength(1);
    expect(stub.callsTo(raisePath)[0]!.body).toBeUndefined();
    await waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: ['organizations', ORG_ID, 'issue'] }));
  });

  it("shows the server's message when it refuses", async () => {
    render({ status: 403, body: { error: 'Observers cannot change anything', code: 'auth.forbidden' } });
    await userEvent.click(await screen.findByRole('button', { name: /Create .*: Acme may churn/ }));
    expect(await screen.findByText('Observers cannot change anything')).toBeTruthy();
  });
});
