import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addDays } from '@keel/contract';
import { useSession } from '../../../lib/session-store';
import { stubFetch } from '../../../test-utils/fetch-stub';
import { ORG_ID, makeUser } from '../../../test-utils/fixtures';
import { renderPage } from '../../../test-utils/render';
import { teamFrameRoutes } from '../../../test-utils/team-stubs';
import { makeHeadline } from '../../headlines/headlines-test-data';
import { makeIssue } from '../../issues/issues-test-data';
import { localToday } from '../../todos/todo-dates';
import { DEPARTMENTS, DEPT, ME, dashboardTestSetup } from '../dashboard-test-data';
import { QuickAddButton, QuickAddHost } from './QuickAddButton';

const routes = (extra: Record<string, unknown> = {}) => teamFrameRoutes({ departments: DEPARTMENTS }, extra);

function Frame() {
  return (
    <>
      <label>
        Somewhere to type <input />
      </label>
      <QuickAddButton />
      <QuickAddHost />
    </>
  );
}

dashboardTestSetup();

/** What the server answers to a created issue (the dialog only needs the call to succeed). */
const createdIssue = makeIssue({ description: '' });

describe('quick add', () => {
  it('opens with Q pressed outside a field, and Escape closes it', async () => {
    stubFetch(routes());
    renderPage(<Frame />);
    const user = userEvent.setup();
    await user.keyboard('q');
    const dialog = await screen.findByRole('dialog', { name: 'Quick add' });
    // The Q opened the dialog; it did not land in the title.
    expect(screen.getByLabelText<HTMLInputElement>('Title').value).toBe('');
    expect(dialog).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('ignores Q typed in a field, and Ctrl+Q', async () => {
    stubFetch(routes());
    renderPage(<Frame />);
    const user = userEvent.setup();
    const input = screen.getByLabelText<HTMLInputElement>('Somewhere to type');
    await user.type(input, 'qq');
    expect(input.value).toBe('qq');
    fireEvent.keyDown(document.body, { key: 'q', ctrlKey: true });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('still opens from a focused checkbox, which takes no typing', async () => {
    stubFetch(routes());
    renderPage(
      <>
        <input type="checkbox" aria-label="Done" />
        <QuickAddHost />
      </>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: 'Done' }));
    await user.keyboard('q');
    expect(await screen.findByRole('dialog', { name: 'Quick add' })).toBeTruthy();
  });

  it('shows the shortcut on the button and returns focus to it on close', async () => {
    stubFetch(routes());
    renderPage(<Frame />);
    const user = userEvent.setup();
    const button = screen.getByRole('button', { name: /Quick add/ });
    expect(button.getAttribute('aria-keyshortcuts')).toBe('q');
    expect(button.getAttribute('title')).toContain('Q');
    await user.click(button);
    await screen.findByRole('dialog');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(document.activeElement).toBe(button));
  });

  it('adds a to-do to the selected department, owned by me, due in 7 days', async () => {
    const stub = stubFetch(routes({ [`POST /organizations/${ORG_ID}/todos`]: { status: 201, body: { data: [] } } }));
    renderPage(<Frame />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /Quick add/ }));
    await screen.findByRole('option', { name: 'Ada Lovelace (me)' });
    await user.type(screen.getByLabelText('Title'), 'Call the bank');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(stub.callsTo(`POST /organizations/${ORG_ID}/todos`)[0]?.body).toEqual({
      title: 'Call the bank',
      ownerIds: [ME],
      teamId: DEPT,
      dueDate: addDays(localToday(), 7),
    });
  });

  it('adds an issue or a headline when chosen', async () => {
    const stub = stubFetch(
      routes({
        [`POST /organizations/${ORG_ID}/issues`]: { status: 201, body: { data: createdIssue } },
        [`POST /organizations/${ORG_ID}/headlines`]: { status: 201, body: { data: makeHeadline({ teamId: DEPT }) } },
      }),
    );
    renderPage(<Frame />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /Quick add/ }));
    await screen.findByRole('option', { name: 'Operations' });
    await user.click(screen.getByRole('radio', { name: 'Issue' }));
    await user.type(screen.getByLabelText('Title'), 'Hiring is slow');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(stub.callsTo(`POST /organizations/${ORG_ID}/issues`)).toHaveLength(1));
    expect(stub.callsTo(`POST /organizations/${ORG_ID}/issues`)[0]?.body).toEqual({
      title: 'Hiring is slow',
      ownerId: ME,
      teamId: DEPT,
    });

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: /Quick add/ }));
    await user.click(await screen.findByRole('radio', { name: 'Headline' }));
    await user.type(screen.getByRole('textbox', { name: 'Headline' }), 'Won Acme');
    await user.selectOptions(screen.getByLabelText('Type'), 'employee');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(stub.callsTo(`POST /organizations/${ORG_ID}/headlines`)).toHaveLength(1));
    expect(stub.callsTo(`POST /organizations/${ORG_ID}/headlines`)[0]?.body).toMatchObject({
      text: 'Won Acme',
      type: 'employee',
      teamId: DEPT,
    });
  });

  it('keeps the dialog open with the error when adding fails, and asks for a title', async () => {
    stubFetch(
      routes({
        [`POST /organizations/${ORG_ID}/todos`]: {
          status: 400,
          body: { error: 'The date must be in or before the year 9999', code: 'validation.failed' },
        },
      }),
    );
    renderPage(<Frame />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /Quick add/ }));
    await screen.findByRole('dialog');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Title is required')).toBeTruthy();
    await user.type(screen.getByLabelText('Title'), 'Far away');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('The date must be in or before the year 9999')).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('offers nothing to observers', async () => {
    useSession.setState({ status: 'signedIn', user: makeUser({ role: 'observer' }) });
    stubFetch(routes());
    renderPage(<Frame />);
    expect(screen.queryByRole('button', { name: /Quick add/ })).toBeNull();
    await userEvent.setup().keyboard('q');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
