import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Process } from '@keel/contract';
import { stubFetch } from '../../../test-utils/fetch-stub';
import { useSession } from '../../../lib/session-store';
import { ORG_ID, makeUser } from '../../../test-utils/fixtures';
import { renderWithToasts } from '../../../test-utils/render';
import {
  ADA,
  departmentsReply,
  makeDepartment,
  pageReply,
  peopleReply,
  signedInForEachTest,
} from '../../../test-utils/team-stubs';
import { makeDocument } from '../../documents/test-data';
import { PROCESS_ID, SALES, makeProcess } from '../test-data';
import ProcessesPage from './ProcessesPage';

const base = `/organizations/${ORG_ID}/processes`;
const linkedDocuments = `GET /organizations/${ORG_ID}/linked-documents`;

function stubPage(routes: Parameters<typeof stubFetch>[0] = {}) {
  return stubFetch({
    'GET /users/departments': departmentsReply([makeDepartment(SALES, 'Sales', { is_member: true })]),
    [`GET /organizations/${ORG_ID}/people`]: peopleReply([ADA]),
    [`GET ${base}`]: pageReply([]),
    ...routes,
  });
}

const render = (path = '/processes') => renderWithToasts(<ProcessesPage />, { path, route: '/processes' });
const one = (process: Process) => ({ body: { data: process } });

signedInForEachTest();

describe('ProcessesPage', () => {
  it('lists published processes by default, filters by team, status and title, and says when there are none', async () => {
    const stub = stubPage({
      [`GET ${base}`]: (call) => (call.url.includes('status=draft') ? pageReply([]) : pageReply([makeProcess()])),
    });
    render();
    const list = await screen.findByRole('list', { name: 'Published Processes' });
    expect(within(list).getByRole('link', { name: 'Onboard a customer' }).getAttribute('href')).toBe(
      `/processes?process=${PROCESS_ID}`,
    );
    expect(within(list).getByText('50% follow it')).toBeTruthy();

    await userEvent.selectOptions(screen.getByLabelText('Team'), SALES);
    await userEvent.type(screen.getByLabelText('Search by title'), 'onboard{Enter}');
    await userEvent.click(screen.getByRole('button', { name: 'Draft' }));
    expect(await screen.findByText('No draft Processes match “onboard”.')).toBeTruthy();
    expect(stub.calls.at(-1)?.url).toBe(`${base}?status=draft&limit=50&teamId=${SALES}&search=onboard`);
  });

  it('shows a process with its steps, who follows it, and acknowledges it', async () => {
    const stub = stubPage({
      [`GET ${base}/${PROCESS_ID}`]: [
        one(makeProcess()),
        one(makeProcess({ acknowledgedByMe: true, following: { acknowledgedCount: 2, memberCount: 2, percent: 100 } })),
      ],
      [`POST ${base}/${PROCESS_ID}/acknowledge`]: one(makeProcess({ acknowledgedByMe: true })),
      [linkedDocuments]: { body: { data: [makeDocument()] } },
    });
    render(`/processes?process=${PROCESS_ID}`);
    expect(await screen.findByRole('heading', { level: 2, name: 'Onboard a customer' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 4, name: '1. Send the welcome pack' })).toBeTruthy();
    expect(screen.getByText('one').tagName).toBe('STRONG');
    expect(screen.getByTestId('followed-percent').textContent).toBe('50%');
    const waiting = screen.getByRole('region', { name: 'Not yet (1)' });
    expect(within(waiting).getByText('Ada Lovelace')).toBeTruthy();
    const documents = screen.getByRole('region', { name: 'Documents' });
    expect(await within(documents).findByRole('link', { name: 'Handbook.docx' })).toBeTruthy();
    expect(stub.callsTo(linkedDocuments)[0]?.url).toContain(`target=process&targetId=${PROCESS_ID}`);

    await userEvent.click(screen.getByRole('button', { name: 'I follow this Process' }));
    await waitFor(() => expect(screen.getByTestId('followed-percent').textContent).toBe('100%'));
    expect(screen.getByText('You follow this Process.')).toBeTruthy();
    expect(stub.callsTo(`POST ${base}/${PROCESS_ID}/acknowledge`)).toHaveLength(1);
  });

  it('on a stale save keeps what was typed and saves it on the newer version when asked', async () => {
    const theirs = makeProcess({ version: 3, title: 'Their title' });
    const stub = stubPage({
      [`GET ${base}/${PROCESS_ID}`]: [one(makeProcess()), one(theirs)],
      [`PATCH ${base}/${PROCESS_ID}`]: [
        {
          status: 409,
          body: { error: 'Someone else changed this process since you opened it.', code: 'process.stale_version' },
        },
        one(makeProcess({ version: 4, title: 'My title' })),
      ],
    });
    render(`/processes?process=${PROCESS_ID}&edit=1`);
    const title = await screen.findByLabelText('Title');
    await userEvent.clear(title);
    await userEvent.type(title, 'My title');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Someone else saved this Process while you were editing')).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Title').value).toBe('My title');

    await waitFor(() => expect(screen.getByText(/over theirs \(version 3\)/)).toBeTruthy());
    await userEvent.click(screen.getByRole('button', { name: 'Keep my changes' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(stub.callsTo(`PATCH ${base}/${PROCESS_ID}`)).toHaveLength(2));
    const [first, second] = stub.callsTo(`PATCH ${base}/${PROCESS_ID}`);
    expect(first?.body).toMatchObject({ version: 2, title: 'My title' });
    expect(second?.body).toMatchObject({ version: 3, title: 'My title' });
  });

  it('adds, reorders with Move up and removes steps before saving them', async () => {
    const stub = stubPage({
      [`GET ${base}/${PROCESS_ID}`]: one(makeProcess()),
      [`PATCH ${base}/${PROCESS_ID}`]: one(makeProcess({ version: 3 })),
    });
    render(`/processes?process=${PROCESS_ID}&edit=1`);
    await screen.findByLabelText('Step 1 title');
    await userEvent.click(screen.getByRole('button', { name: 'Add step' }));
    await userEvent.type(screen.getByLabelText('Step 2 title'), 'Call them');
    await userEvent.click(screen.getByRole('button', { name: 'Move up: Call them' }));
    expect(screen.getByLabelText<HTMLInputElement>('Step 1 title').value).toBe('Call them');
    await userEvent.click(screen.getByRole('button', { name: 'Add sub-step to step 1' }));
    await userEvent.type(screen.getByLabelText('Sub-step 1.1 title'), 'Dial');
    await userEvent.click(screen.getByRole('button', { name: 'Add step' }));
    // An empty step is refused by the form, with its message beside it.
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Each step needs a title')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Remove step 3' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(stub.callsTo(`PATCH ${base}/${PROCESS_ID}`)).toHaveLength(1));
    const body = stub.callsTo(`PATCH ${base}/${PROCESS_ID}`)[0]?.body as Process;
    expect(body.steps.map((step) => step.title)).toEqual(['Call them', 'Send the welcome pack']);
    expect(body.steps[0]?.subSteps.map((subStep) => subStep.title)).toEqual(['Dial']);
  });

  it('lets an observer read but not edit or acknowledge', async () => {
    useSession.setState({ user: makeUser({ role: 'observer' }) });
    stubPage({ [`GET ${base}/${PROCESS_ID}`]: one(makeProcess({ canEdit: false })) });
    render(`/processes?process=${PROCESS_ID}`);
    expect(await screen.findByRole('heading', { level: 2, name: 'Onboard a customer' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Mark reviewed' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'I follow this Process' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeTruthy();
  });
});
