import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TERMINOLOGY_DEFAULTS } from '@keel/contract';
import { stubFetch } from '../../../test-utils/fetch-stub';
import { ORG_ID } from '../../../test-utils/fixtures';
import { renderWithToasts } from '../../../test-utils/render';
import { signedInForEachTest } from '../../../test-utils/team-stubs';
import { LEAD, makeHeadline } from '../headlines-test-data';
import { CreateIssueFromHeadline } from './CreateIssueFromHeadline';

const HEADLINE_ID = '00000000-0000-4000-8000-000000000001';
const raisePath = `POST /organizations/${ORG_ID}/headlines/${HEADLINE_ID}/issue`;

const headline = makeHeadline({ id: HEADLINE_ID, text: 'Acme may churn' });

function render(raise: Parameters<typeof stubFetch>[0][string]) {
  const stub = stubFetch({
    [`GET /terminology/organizations/${ORG_ID}`]: { body: { ...TERMINOLOGY_DEFAULTS, issue_singular: 'Barrier' } },
    [raisePath]: raise,
  });
  const view = renderWithToasts(<CreateIssueFromHeadline headline={headline} />);
  const invalidate = vi.spyOn(view.queryClient, 'invalidateQueries');
  return { stub, invalidate };
}

signedInForEachTest();

describe('CreateIssueFromHeadline', () => {
  it('turns the headline into an issue in one click, named by the terminology, and refreshes the issues', async () => {
    const { stub, invalidate } = render({ status: 201, body: { data: { issueId: HEADLINE_ID, teamId: LEAD } } });
    const button = await screen.findByRole('button', { name: 'Create Barrier: Acme may churn' });
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
