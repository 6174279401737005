import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TERMINOLOGY_DEFAULTS, TERMINOLOGY_PRESETS } from '@keel/contract';
import { useSession } from '../../../lib/session-store';
import { stubFetch } from '../../../test-utils/fetch-stub';
import { ORG_ID, makeUser } from '../../../test-utils/fixtures';
import { renderPage } from '../../../test-utils/render';
import TerminologySettingsPage from './TerminologySettingsPage';

const path = `/terminology/organizations/${ORG_ID}`;

beforeEach(() => useSession.setState({ status: 'signedIn', user: makeUser({ role: 'admin' }) }));
afterEach(() => vi.unstubAllGlobals());

describe('TerminologySettingsPage', () => {
  it('edits and saves the 25 labels', async () => {
    const stub = stubFetch({
      [`GET ${path}`]: { body: TERMINOLOGY_DEFAULTS },
      [`PUT ${path}`]: { body: { ...TERMINOLOGY_DEFAULTS, issues_label: 'Obstacles' } },
      'GET /terminology/presets': { body: TERMINOLOGY_PRESETS },
    });
    const user = userEvent.setup();
    renderPage(<TerminologySettingsPage />);
    expect(screen.getAllByRole('textbox')).toHaveLength(25);
    await waitFor(() => expect(stub.callsTo(`GET ${path}`)).toHaveLength(1));
    const issues = screen.getByLabelText('Issues (plural)');
    await user.clear(issues);
    await user.type(issues, 'Obstacles');
    await user.click(screen.getByRole('button', { name: 'Save labels' }));
    await waitFor(() => expect(stub.callsTo(`PUT ${path}`)).toHaveLength(1));
    expect(stub.callsTo(`PUT ${path}`)[0]?.body).toMatchObject({ issues_label: 'Obstacles', todos_label: 'Tasks' });
  });

  it('saves a 1-character label and a 60-character accented one as written, and says clearly when one is too long', async () => {
    const accented = 'Réunion hebdomadaire du Comité de Direction élargi à Genève!';
    expect(accented).toHaveLength(60);
    const stub = stubFetch({
      [`GET ${path}`]: { body: TERMINOLOGY_DEFAULTS },
      [`PUT ${path}`]: { body: { ...TERMINOLOGY_DEFAULTS, team_label: 'Q', weekly_meeting_label: accented } },
      'GET /terminology/presets': { body: TERMINOLOGY_PRESETS },
    });
    const user = userEvent.setup();
    renderPage(<TerminologySettingsPage />);
    await waitFor(() => expect(stub.callsTo(`GET ${path}`)).toHaveLength(1));
    const meeting = screen.getByLabelText('Weekly meeting');
    // Nothing typed is cut off silently: the field takes it all and the message says what to do.
    await user.clear(meeting);
    await user.click(meeting);
    await user.paste(`${accented}!`);
    expect((meeting as HTMLInputElement).value).toBe(`${accented}!`);
    await user.click(screen.getByRole('button', { name: 'Save labels' }));
    expect(await screen.findByText('A label must be at most 60 characters; this one has 61')).toBeTruthy();
    expect(stub.callsTo(`PUT ${path}`)).toHaveLength(0);

    await user.type(meeting, '{Backspace}');
    const team = screen.getByLabelText('Team');
    await user.clear(team);
    await user.type(team, 'Q');
    await user.click(screen.getByRole('button', { name: 'Save labels' }));
    await waitFor(() => expect(stub.callsTo(`PUT ${path}`)).toHaveLength(1));
    expect(stub.callsTo(`PUT ${path}`)[0]?.body).toMatchObject({ team_label: 'Q', weekly_meeting_label: accented });
  });

  it('applies a preset and resets, each after confirmation', async () => {
    const stub = stubFetch({
      [`GET ${path}`]: { body: TERMINOLOGY_DEFAULTS },
      [`POST ${path}/apply-preset`]: { body: { data: { success: true } } },
      [`POST ${path}/reset`]: { body: { data: { success: true } } },
      'GET /terminology/presets': { body: TERMINOLOGY_PRESETS },
    });
    const user = userEvent.setup();
    renderPage(<TerminologySettingsPage />);
    await user.click(await screen.findByRole('button', { name: 'Apply OKRs' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Apply preset' }));
    await waitFor(() => expect(stub.callsTo(`POST ${path}/apply-preset`)[0]?.body).toEqual({ preset: 'okrs' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Reset all labels to the defaults' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Reset labels' }));
    await waitFor(() => expect(stub.callsTo(`POST ${path}/reset`)).toHaveLength(1));
  });
});
