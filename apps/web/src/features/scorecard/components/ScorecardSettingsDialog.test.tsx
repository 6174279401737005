import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stubFetch } from '../../../test-utils/fetch-stub';
import { ORG_ID } from '../../../test-utils/fixtures';
import { renderWithToasts } from '../../../test-utils/render';
import { DEPT, signedInForEachTest, teamFrameRoutes } from '../../../test-utils/team-stubs';
import { emulateSelectSize } from '../measurables-test-data';
import { ScorecardSettingsDialog } from './ScorecardSettingsDialog';

signedInForEachTest();
emulateSelectSize();

const settingsPath = `/organizations/${ORG_ID}/teams/${DEPT}/scorecard-settings`;
const settings = (reminder: object, version: number) => ({
  body: { data: { teamId: DEPT, reminder: { enabled: false, weekday: 1, time: '16:00', ...reminder }, version } },
});

function open(routes: Record<string, unknown>) {
  const stub = stubFetch(teamFrameRoutes({}, routes));
  const onClose = vi.fn();
  renderWithToasts(<ScorecardSettingsDialog teamId={DEPT} onClose={onClose} />);
  return { stub, onClose, user: userEvent.setup() };
}

describe('ScorecardSettingsDialog', () => {
  it('turns reminders on for a day and time, naming the organization’s time zone', async () => {
    const { stub, user, onClose } = open({
      [`GET ${settingsPath}`]: settings({}, 1),
      [`PUT ${settingsPath}`]: settings({ enabled: true, weekday: 3, time: '09:30' }, 2),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Reminders for missing numbers' });
    const checkbox = await within(dialog).findByLabelText('Send reminders');
    expect(await within(dialog).findByText(/time zone, Europe\/London/)).toBeTruthy();
    expect(within(dialog).getByLabelText<HTMLSelectElement>('Day').value).toBe('1');
    await user.click(checkbox);
    await user.selectOptions(within(dialog).getByLabelText('Day'), 'Wednesday');
    const time = within(dialog).getByLabelText('Time');
    await user.clear(time);
    await user.type(time, '09:30');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(stub.callsTo(`PUT ${settingsPath}`)[0]?.body).toEqual({
      reminder: { enabled: true, weekday: 3, time: '09:30' },
      version: 1,
    });
  });

  it('offers to reload when someone else changed the settings', async () => {
    const { user, stub } = open({
      [`GET ${settingsPath}`]: [settings({}, 1), settings({ enabled: true, weekday: 5, time: '12:00' }, 2)],
      [`PUT ${settingsPath}`]: { status: 409, body: { error: 'Changed meanwhile', code: 'scorecard.stale_settings' } },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Reminders for missing numbers' });
    await user.click(await within(dialog).findByLabelText('Send reminders'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Someone else changed this setting')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(within(dialog).getByLabelText<HTMLSelectElement>('Day').value).toBe('5'));
    expect(within(dialog).getByLabelText<HTMLInputElement>('Send reminders').checked).toBe(true);
    expect(within(dialog).queryByText('Someone else changed this setting')).toBeNull();
    expect(stub.callsTo(`PUT ${settingsPath}`)).toHaveLength(1);
  });
});
