import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stubFetch } from '../../../test-utils/fetch-stub';
import { ORG_ID } from '../../../test-utils/fixtures';
import { renderWithToasts } from '../../../test-utils/render';
import { signedInForEachTest } from '../../../test-utils/team-stubs';
import PrioritiesPage from '../pages/PrioritiesPage';
import { DEPT, PRIORITY_ID, base, listOf, priority, routes } from '../priorities-test-data';

const raisePath = `POST ${base}/${PRIORITY_ID}/issue`;

async function openDetail(status: 'on_track' | 'off_track', raise: unknown = undefined) {
  const stub = stubFetch(
    routes({ [`GET ${base}`]: listOf([priority({ status })]), ...(raise ? { [raisePath]: raise } : {}) }),
  );
  const view = renderWithToasts(<PrioritiesPage />, { path: '/quarterly-priorities' });
  const invalidate = vi.spyOn(view.queryClient, 'invalidateQueries');
  await userEvent.click(await screen.findByRole('button', { name: 'Launch the website' }));
  const dialog = await screen.findByRole('dialog', { name: 'Launch the website' });
  return { stub, dialog, invalidate };
}

signedInForEachTest();

describe('Create issue from an off-track priority', () => {
  it('is offered only when the priority is off track', async () => {
    const { dialog } = await openDetail('on_track');
    expect(within(dialog).queryByRole('button', { name: 'Create Issue' })).toBeNull();
  });

  it('creates a linked issue in one click, toasts and refreshes the issues', async () => {
    const { stub, dialog, invalidate } = await openDetail('off_track', {
      status: 201,
      body: { data: { issueId: PRIORITY_ID, teamId: DEPT } },
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Issue' }));
    expect(await screen.findByText('Issue created')).toBeTruthy();
    expect(stub.callsTo(raisePath)).toHaveLength(1);
    await waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: ['organizations', ORG_ID, 'issue'] }));
  });

  it("shows the server's message when it refuses", async () => {
    const { dialog } = await openDetail('off_track', {
      status: 404,
      body: { error: 'This priority does not exist or was deleted', code: 'priority.not_found' },
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Issue' }));
    expect(await screen.findByText('This priority does not exist or was deleted')).toBeTruthy();
  });
});
