import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'react-hot-toast';
import { useSession } from '../../../lib/session-store';
import { stubFetch } from '../../../test-utils/fetch-stub';
import { ORG_ID, makeUser } from '../../../test-utils/fixtures';
import { renderPage } from '../../../test-utils/render';
import PrioritiesPage from '../pages/PrioritiesPage';
import { DEPT, PRIORITY_ID, base, listOf, priority, routes } from '../priorities-test-data';

const raisePath = `POST ${base}/${PRIORITY_ID}/issue`;

async function openDetail(status: 'on_track' | 'off_track', raise: unknown = undefined) {
  const stub = stubFetch(
    routes({ [`GET ${base}`]: listOf([priority({ status })]), ...(raise ? { [raisePath]: raise } : {}) }),
  );
  const view = renderPage(
    <>
      <PrioritiesPage />
      <Toaster />
    </>,
    { path: '/quarterly-priorities' },
  );
  const invalidate = vi.spyOn(view.queryClient, 'invalidateQueries');
  await userEvent.click(await screen.findByRole('button', { name: 'Launch the website' }));
  const dialog = await screen.findByRole('dialog', { name: 'Launch the website' });
  return { stub, dialog, invalidate };
}

beforeEach(() => useSession.setState({ status: 'signedIn', user: makeUser() }));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Create issue from an off-track priority', () => {
  it('is offered only when the priority is off track', async () => {
    const { dialog } = await openDetail('on_track');
    expect(within(dialog).queryByRole('button', { name: 'Create issue' })).toBeNull();
  });

  it('creates a linked issue in one click, toasts and refreshes the issues', async () => {
    const { stub, dialog, invalidate } = await openDetail('off_track', {
      status: 201,
      body: { data: { issueId: PRIORITY_ID, teamId: DEPT } },
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create issue' }));
    expect(await screen.findByText('Issue created')).toBeTruthy();
    expect(stub.callsTo(raisePath)).toHaveLength(1);
    await waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: ['organizations', ORG_ID, 'issue'] }));
  });

  it("shows the server's message when it refuses", async () => {
    const { dialog } = await openDetail('off_track', {
      status: 404,
      body: { error: 'This priority does not exist or was deleted', code: 'priority.not_found' },
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create issue' }));
    expect(await screen.findByText('This priority does not exist or was deleted')).toBeTruthy();
  });
});
