import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stubFetch } from '../../../test-utils/fetch-stub';
import { renderWithToasts } from '../../../test-utils/render';
import { signedInForEachTest } from '../../../test-utils/team-stubs';
import { MEETING_ID, ORG, makeListItem, makeMeeting, meetingsRoutes } from '../meetings-test-data';
import AdminActiveMeetingsPage from './AdminActiveMeetingsPage';

signedInForEachTest();

const ACTIVE = `GET ${ORG}/meetings/active`;
const END = `POST ${ORG}/meetings/${MEETING_ID}/end`;

function renderActive(routes: Record<string, unknown>) {
  const stub = stubFetch(meetingsRoutes(routes));
  renderWithToasts(<AdminActiveMeetingsPage />, { route: '/admin/active-meetings' });
  return stub;
}

const running = makeListItem({ status: 'live', endedAt: null, currentSection: 2 });

describe('/admin/active-meetings', () => {
  it('lists the running meetings with their team, start and current section', async () => {
    renderActive({ [ACTIVE]: { body: { data: [running] } } });
    const list = await screen.findByRole('list', { name: 'Active meetings' });
    expect(within(list).getByText(/Operations/)).toBeTruthy();
    expect(within(list).getByText(/Running · started .* · section 3/)).toBeTruthy();
  });

  it('ends a meeting after the admin confirms', async () => {
    const stub = renderActive({
      [ACTIVE]: [{ body: { data: [running] } }, { body: { data: [] } }],
      [END]: { body: { data: makeMeeting({ status: 'concluded' }) } },
    });
    await userEvent.click(
      await screen.findByRole('button', { name: 'End meeting: Weekly Accountability Meeting of Operations' }),
    );
    const confirm = await screen.findByRole('dialog', { name: 'End Weekly Accountability Meeting?' });
    expect(stub.callsTo(END)).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole('button', { name: 'End meeting' }));
    await waitFor(() => expect(stub.callsTo(END)).toHaveLength(1));
    expect(stub.callsTo(END)[0]?.body).toEqual({});
    expect(await screen.findByText('No meeting is running.')).toBeTruthy();
  });

  it('says so when no meeting is running', async () => {
    renderActive({ [ACTIVE]: { body: { data: [] } } });
    expect(await screen.findByText('No meeting is running.')).toBeTruthy();
  });

  it('offers to try again after a failed load', async () => {
    renderActive({
      [ACTIVE]: [
        { status: 500, body: { error: 'Active meetings are unavailable', code: 'x' } },
        { body: { data: [] } },
      ],
    });
    expect(await screen.findByText('Active meetings are unavailable')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No meeting is running.')).toBeTruthy();
  });
});
