import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stubFetch } from '../../../test-utils/fetch-stub';
import { renderWithToasts } from '../../../test-utils/render';
import { signedInForEachTest } from '../../../test-utils/team-stubs';
import { DEPT, base, priority } from '../priorities-test-data';
import { CloseQuarterBanner } from './CloseQuarterBanner';

signedInForEachTest();

const pastQuarter = { year: 2025, quarter: 3, end: '2025-09-30' };
const open = [
  priority({ id: '11111111-1111-4111-8111-111111111111', status: 'complete' }),
  priority({ id: '22222222-2222-4222-8222-222222222222', status: 'off_track' }),
];

const renderBanner = (quarter = pastQuarter, priorities = open) =>
  renderWithToasts(
    <CloseQuarterBanner
      teamId={DEPT}
      quarter={quarter}
      priorities={priorities}
      quarterLabel="Quarter"
      prioritySingular="Priority"
      prioritiesLabel="Priorities"
      today="2025-10-02"
    />,
  );

describe('CloseQuarterBanner', () => {
  it('stays hidden while the quarter runs, or when nothing is left open', () => {
    renderBanner({ year: 2025, quarter: 4, end: '2025-12-31' });
    expect(screen.queryByRole('button', { name: /Close/ })).toBeNull();
    renderBanner(pastQuarter, []);
    expect(screen.queryByRole('button', { name: /Close/ })).toBeNull();
  });

  it('asks first, then closes the quarter and says what happened', async () => {
    const stub = stubFetch({ [`POST ${base}/close-quarter`]: { body: { data: { closed: 2, notComplete: 1 } } } });
    renderBanner();
    expect(screen.getByText(/Quarter 3, 2025 ended on/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Close Quarter 3, 2025' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close Quarter 3, 2025?' });
    expect(within(dialog).getByText(/1 of 2 Priorities will be marked not complete, and all 2 archived/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close Quarter 3, 2025' }));
    expect(await screen.findByText('Quarter 3, 2025 closed: 2 archived, 1 marked not complete.')).toBeTruthy();
    expect(stub.callsTo(`POST ${base}/close-quarter`)[0]!.body).toEqual({ teamId: DEPT, year: 2025, quarter: 3 });
  });

  it('shows the server’s message and keeps the dialog open when closing fails', async () => {
    stubFetch({
      [`POST ${base}/close-quarter`]: {
        status: 400,
        body: { error: 'This quarter is not over yet: it ends on 2025-09-30.', code: 'priority.quarter_not_over' },
      },
    });
    renderBanner();
    await userEvent.click(screen.getByRole('button', { name: 'Close Quarter 3, 2025' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close Quarter 3, 2025' }));
    expect(await within(dialog).findByText('This quarter is not over yet: it ends on 2025-09-30.')).toBeTruthy();
  });
});
