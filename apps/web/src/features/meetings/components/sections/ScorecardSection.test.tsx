import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stubFetch } from '../../../../test-utils/fetch-stub';
import { renderWithToasts } from '../../../../test-utils/render';
import { DEPT, signedInForEachTest } from '../../../../test-utils/team-stubs';
import {
  base,
  GRID,
  gridBody,
  makeGrid,
  REVENUE,
  scorecardRoutes,
  WEEKS,
  written,
} from '../../../scorecard/scorecard-test-data';
import { makeMeeting } from '../live/live-test-data';
import { ScorecardSection } from './ScorecardSection';

signedInForEachTest();

const raisePath = `POST ${base}/measurables/${REVENUE}/issue`;
const putPath = `PUT ${base}/measurables/${REVENUE}/scores/${WEEKS[2]}`;

function render(routes: Record<string, unknown> = {}) {
  const stub = stubFetch(scorecardRoutes(routes));
  document.title = 'Weekly meeting · Keel';
  renderWithToasts(<ScorecardSection meeting={makeMeeting()} large={false} canLead />);
  return stub;
}

async function revenueCells() {
  const grid = await screen.findByRole('grid', { name: 'Numbers of Operations' });
  const row = within(grid).getByRole('button', { name: 'Revenue' }).closest('tr');
  return [...(row?.querySelectorAll<HTMLElement>('td[data-c]') ?? [])];
}

describe('ScorecardSection', () => {
  it("shows the meeting team's grid under the organization's name, red where a number misses its goal", async () => {
    const stub = render();
    const cells = await revenueCells();
    expect(cells[1]?.dataset.status).toBe('red');
    expect(cells[1]?.getAttribute('aria-label')).toBe('50, misses the goal');
    expect(cells[0]?.dataset.status).toBe('green');
    expect(stub.calls.find((call) => `${call.method} ${call.path}` === GRID)?.url).toContain(`teamId=${DEPT}`);
    // The grid is the meeting's: it leaves the page's title alone.
    expect(document.title).toBe('Weekly meeting · Keel');
  });

  it('saves a number typed into a cell with the version it saw', async () => {
    const stub = render({ [putPath]: written(REVENUE, WEEKS[2], { value: 130, status: 'green', version: 1 }) });
    const user = userEvent.setup();
    const cells = await revenueCells();
    if (!cells[2]) throw new Error('no current cell');
    await user.click(cells[2]);
    await user.keyboard('130{Enter}');
    await waitFor(() => expect(stub.callsTo(putPath)).toHaveLength(1));
    expect(stub.callsTo(putPath)[0]?.body).toEqual({ value: 130, version: 0 });
  });

  it('moves between cells with ← and → inside the grid (the meeting page leaves those keys to it)', async () => {
    render();
    const user = userEvent.setup();
    const cells = await revenueCells();
    if (!cells[1]) throw new Error('no cell');
    await user.click(cells[1]);
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe((await revenueCells())[2]);
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe((await revenueCells())[1]);
  });

  it('drops a red number onto the issues list in one click', async () => {
    const stub = render({ [raisePath]: { status: 201, body: { data: { issueId: REVENUE, teamId: DEPT } } } });
    const offTrack = await screen.findByRole('region', { name: 'Off track' });
    // Calls has no number and "Done on time" meets its goal: only Revenue is off track.
    expect(within(offTrack).getAllByRole('listitem')).toHaveLength(1);
    expect(within(offTrack).getByText('Revenue')).toBeTruthy();
    await userEvent.click(within(offTrack).getByRole('button', { name: 'Add to Issues: Revenue' }));
    expect(await screen.findByText('Issue created: Revenue is off track')).toBeTruthy();
    expect(stub.callsTo(raisePath)).toHaveLength(1);
    expect(within(offTrack).getByText('Added to Issues')).toBeTruthy();
  });

  it('offers no issue button to someone who may only read the scorecard', async () => {
    render({ [GRID]: { body: gridBody(makeGrid({ canEdit: false })) } });
    const offTrack = await screen.findByRole('region', { name: 'Off track' });
    expect(within(offTrack).getByText('Revenue')).toBeTruthy();
    expect(within(offTrack).queryByRole('button')).toBeNull();
  });

  it('says when the team has no measurables, and links to its scorecard', async () => {
    render({ [GRID]: { body: gridBody(makeGrid({ rows: [] })) } });
    const link = await screen.findByRole('link', { name: "the team's Numbers page" });
    expect(link.getAttribute('href')).toBe(`/scorecard?teamId=${DEPT}`);
  });

  it('shows why the grid could not load and tries again', async () => {
    const stub = render({
      [GRID]: [
        { status: 500, body: { error: 'The server is busy', code: 'server.busy' } },
        { body: gridBody(makeGrid()) },
      ],
    });
    expect((await screen.findByRole('alert')).textContent).toContain('The server is busy');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await revenueCells();
    expect(stub.calls.filter((call) => `${call.method} ${call.path}` === GRID)).toHaveLength(2);
  });
});
