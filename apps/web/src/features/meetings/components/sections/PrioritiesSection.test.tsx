import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSession } from '../../../../lib/session-store';
import { stubFetch } from '../../../../test-utils/fetch-stub';
import { makeUser } from '../../../../test-utils/fixtures';
import { renderWithToasts } from '../../../../test-utils/render';
import { signedInForEachTest } from '../../../../test-utils/team-stubs';
import {
  base,
  current,
  DEPT,
  GRACE,
  listOf,
  priority,
  PRIORITY_ID,
  routes,
} from '../../../priorities/priorities-test-data';
import { makeMeeting } from '../live/live-test-data';
import { PrioritiesSection } from './PrioritiesSection';

signedInForEachTest();

const HIRE = '66666666-6666-4666-8666-666666666666';
const statusPath = `POST ${base}/${PRIORITY_ID}/status`;
const raisePath = `POST ${base}/${HIRE}/issue`;

const hire = priority({
  id: HIRE,
  title: 'Hire a designer',
  status: 'off_track',
  ownerId: GRACE,
  owner: { id: GRACE, name: 'Grace Hopper' },
  version: 7,
});

function render(overrides: Record<string, unknown> = {}) {
  const stub = stubFetch(routes({ [`GET ${base}`]: listOf([hire, priority({})]), ...overrides }));
  renderWithToasts(<PrioritiesSection meeting={makeMeeting()} large={false} canLead />);
  return stub;
}

const rowOf = async (title: string) => {
  const list = await screen.findByRole('list', { name: 'Big Goals' });
  const row = within(list).getByRole('button', { name: title }).closest('li');
  if (!row) throw new Error(`no row ${title}`);
  return row;
};

describe('PrioritiesSection', () => {
  it("lists the meeting team's priorities of the current quarter with their owners, owner by owner", async () => {
    const stub = render();
    const list = await screen.findByRole('list', { name: 'Big Goals' });
    const titles = within(list)
      .getAllByRole('listitem')
      .map((item) => item.querySelector('button')?.textContent);
    expect(titles).toEqual(['Launch the website', 'Hire a designer']);
    expect(within(await rowOf('Hire a designer')).getByText('Grace Hopper')).toBeTruthy();
    const url = stub.calls.find((call) => call.path === base)?.url ?? '';
    expect(url).toContain(`teamId=${DEPT}`);
    expect(url).toContain(`year=${current.year}&quarter=${current.quarter}`);
  });

  it('marks a priority off track in place, naming the version it saw', async () => {
    const stub = render({ [statusPath]: { body: { data: priority({ status: 'off_track', version: 4 }) } } });
    const row = await rowOf('Launch the website');
    const status = within(row).getByRole('group', { name: 'Status of Launch the website' });
    expect(within(status).getByRole('button', { name: 'On track' }).getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(within(status).getByRole('button', { name: 'Off track' }));
    await waitFor(() => expect(stub.callsTo(statusPath)).toHaveLength(1));
    expect(stub.callsTo(statusPath)[0]?.body).toEqual({ version: 3, status: 'off_track' });
  });

  it('says when someone else changed the priority first, and reloads', async () => {
    const stub = render({
      [statusPath]: { status: 409, body: { error: 'Someone else changed it', code: 'priorities.stale_version' } },
    });
    const row = await rowOf('Launch the website');
    await userEvent.click(within(row).getByRole('button', { name: 'Off track' }));
    expect(await screen.findByText('Someone else changed this Priority')).toBeTruthy();
    const loads = stub.callsTo(`GET ${base}`).length;
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(stub.callsTo(`GET ${base}`)).toHaveLength(loads + 1));
    expect(screen.queryByText('Someone else changed this Priority')).toBeNull();
  });

  it('drops an off-track priority onto the issues list in one click, offered only when off track', async () => {
    const stub = render({ [raisePath]: { status: 201, body: { data: { issueId: HIRE, teamId: DEPT } } } });
    expect(within(await rowOf('Launch the website')).queryByRole('button', { name: /^Add to Issues/ })).toBeNull();
    await userEvent.click(
      within(await rowOf('Hire a designer')).getByRole('button', { name: 'Add to Issues: Hire a designer' }),
    );
    expect(await screen.findByText('Issue created: Hire a designer is off track')).toBeTruthy();
    expect(stub.callsTo(raisePath)).toHaveLength(1);
    expect(within(await rowOf('Hire a designer')).getByText('Added to Issues')).toBeTruthy();
  });

  it('offers no status buttons to an observer', async () => {
    useSession.setState({ user: makeUser({ role: 'observer' }) });
    render();
    const row = await rowOf('Hire a designer');
    expect(within(row).getByText('Off track')).toBeTruthy();
    expect(within(row).queryByRole('group')).toBeNull();
    expect(within(row).queryByRole('button', { name: /^Add to Issues/ })).toBeNull();
  });

  it("says when the team has none, with a link to the team's priorities page", async () => {
    render({ [`GET ${base}`]: listOf([]) });
    expect(await screen.findByText(/Operations has no Big Goals for this Quarter yet/)).toBeTruthy();
    const link = screen.getByRole('link', { name: "Add them on the team's Big Goals page" });
    expect(link.getAttribute('href')).toBe(`/departments/${DEPT}/priorities`);
  });
});
