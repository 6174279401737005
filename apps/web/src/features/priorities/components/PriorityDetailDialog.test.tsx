import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stubFetch } from '../../../test-utils/fetch-stub';
import { useSession } from '../../../lib/session-store';
import { ORG_ID, makeUser } from '../../../test-utils/fixtures';
import { renderWithToasts } from '../../../test-utils/render';
import { signedInForEachTest } from '../../../test-utils/team-stubs';
import PrioritiesPage from '../pages/PrioritiesPage';
import { makeDocument } from '../../documents/test-data';
import { PRIORITY_ID, base, listOf, milestone, priority, routes } from '../priorities-test-data';

const [first, second] = priority({}).milestones;
const one = `${base}/${PRIORITY_ID}`;
const linkedDocuments = `GET /organizations/${ORG_ID}/linked-documents`;

async function openDetail(overrides: Record<string, unknown> = {}) {
  const stub = stubFetch(routes({ [linkedDocuments]: { body: { data: [] } }, ...overrides }));
  renderWithToasts(<PrioritiesPage />, { path: '/quarterly-priorities' });
  await userEvent.click(await screen.findByRole('button', { name: 'Launch the website' }));
  const dialog = await screen.findByRole('dialog', { name: 'Launch the website' });
  return { stub, dialog };
}

signedInForEachTest();

describe('PriorityDetailDialog', () => {
  it('shows milestones in order and ticks one done with its version', async () => {
    const { stub, dialog } = await openDetail({
      [`PATCH ${one}/milestones/${second!.id}`]: { body: { data: priority({}) } },
    });
    const milestones = within(dialog).getByRole('region', { name: 'Milestones' });
    const boxes = within(milestones).getAllByRole('checkbox');
    expect(boxes.map((box) => (box as HTMLInputElement).checked)).toEqual([true, false]);
    expect(within(milestones).getByText('Milestones (1/2)')).toBeTruthy();
    await userEvent.click(within(milestones).getByRole('checkbox', { name: 'Milestone 2: Ship it done' }));
    await waitFor(() => expect(stub.callsTo(`PATCH ${one}/milestones/${second!.id}`)).toHaveLength(1));
    expect(stub.callsTo(`PATCH ${one}/milestones/${second!.id}`)[0]!.body).toEqual({ version: 1, done: true });
  });

  it('adds a milestone owned by the priority’s owner unless another is chosen', async () => {
    const { stub, dialog } = await openDetail({
      [`POST ${one}/milestones`]: { status: 201, body: { data: priority({}) } },
    });
    const form = within(dialog).getByRole('form', { name: 'Add a milestone' });
    await userEvent.type(within(form).getByLabelText('Title of the new milestone'), 'Test it');
    fireEvent.change(within(form).getByLabelText('Due date of the new milestone'), { target: { value: '2026-05-01' } });
    await userEvent.click(within(form).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(stub.callsTo(`POST ${one}/milestones`)).toHaveLength(1));
    expect(stub.callsTo(`POST ${one}/milestones`)[0]!.body).toEqual({
      title: 'Test it',
      dueDate: '2026-05-01',
      ownerId: makeUser().id,
    });
  });

  it('proposes milestones for the priority, and adds the ones kept, as edited', async () => {
    const assistant = `/organizations/${ORG_ID}/priority-assistant/milestones`;
    const proposal = {
      engine: 'offline',
      kind: 'a launch',
      milestones: [
        { title: 'Content written', dueDate: '2026-12-07' },
        { title: 'Pages built', dueDate: '2026-12-18' },
        { title: 'Website launched', dueDate: '2026-12-31' },
      ],
      notices: [],
    };
    const { stub, dialog } = await openDetail({
      [`POST ${assistant}`]: { body: { data: proposal } },
      [`POST ${one}/milestones`]: { status: 201, body: { data: priority({}) } },
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Propose Milestones' }));
    const proposed = await within(dialog).findByRole('region', { name: 'Proposed Milestones' });
    expect(stub.callsTo(`POST ${assistant}`)[0]!.body).toMatchObject({ title: 'Launch the website' });
    await userEvent.click(within(proposed).getByRole('button', { name: 'Remove Pages built' }));
    await userEvent.click(within(proposed).getByRole('button', { name: 'Add these Milestones' }));
    await waitFor(() => expect(stub.callsTo(`POST ${one}/milestones`)).toHaveLength(2));
    expect(stub.callsTo(`POST ${one}/milestones`).map((call) => call.body)).toEqual([
      { title: 'Content written', dueDate: '2026-12-07' },
      { title: 'Website launched', dueDate: '2026-12-31' },
    ]);
  });

  it('names each milestone’s fields by its place', async () => {
    const { dialog } = await openDetail();
    const milestones = within(dialog).getByRole('region', { name: 'Milestones' });
    expect(within(milestones).getByRole('checkbox', { name: 'Milestone 1: Draft the plan done' })).toBeTruthy();
    await userEvent.click(within(milestones).getByRole('button', { name: 'Edit Ship it' }));
    const form = within(milestones).getByRole('form', { name: 'Edit Ship it' });
    expect(within(form).getByRole('textbox', { name: 'Title of milestone 2' })).toBeTruthy();
    expect(within(form).getByLabelText('Due date of milestone 2')).toBeTruthy();
    expect(within(form).getByRole('combobox', { name: 'Owner of milestone 2' })).toBeTruthy();
    const add = within(milestones).getByRole('form', { name: 'Add a milestone' });
    expect(within(add).getByRole('combobox', { name: 'Owner of the new milestone' })).toBeTruthy();
  });

  it('shows no milestone count for a priority without milestones', async () => {
    const { dialog } = await openDetail({
      [`GET ${base}`]: listOf([priority({ milestones: [], milestoneCount: 0, milestonesDone: 0 })]),
    });
    const milestones = within(dialog).getByRole('region', { name: 'Milestones' });
    expect(within(milestones).getByRole('heading').textContent).toBe('Milestones');
  });

  it('reorders milestones from the keyboard and sends the whole new order', async () => {
    const reordered = priority({
      milestones: [milestone({ ...second!, position: 0 }), milestone({ ...first!, position: 1 })],
    });
    const { stub, dialog } = await openDetail({ [`PUT ${one}/milestones/order`]: { body: { data: reordered } } });
    // happy-dom lays nothing out: give each list item its own row so the sensor can find the one above.
    const rect = vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (
      this: HTMLElement,
    ) {
      const item = this.closest('li');
      const index = item?.parentElement ? [...item.parentElement.children].indexOf(item) : 0;
      return DOMRect.fromRect({ x: 0, y: index * 40, width: 300, height: 32 });
    });
    const handle = within(dialog).getByRole('button', { name: 'Move Ship it' });
    handle.focus();
    const press = async (key: string, code: string) => {
      fireEvent.keyDown(document.activeElement ?? handle, { key, code });
      // The sensor attaches its listeners on the next tick.
      await new Promise((resolve) => setTimeout(resolve, 10));
    };
    // dnd-kit's keyboard sensor: space picks up, arrows move, space drops.
    await press(' ', 'Space');
    await press('ArrowUp', 'ArrowUp');
    await press(' ', 'Space');
    rect.mockRestore();
    await waitFor(() => expect(stub.callsTo(`PUT ${one}/milestones/order`)).toHaveLength(1));
    expect(stub.callsTo(`PUT ${one}/milestones/order`)[0]!.body).toEqual({ ids: [second!.id, first!.id] });
  });

  it('offers to reload after a stale edit (409)', async () => {
    const { stub, dialog } = await openDetail({
      [`PATCH ${one}`]: {
        status: 409,
        body: { error: 'Someone else changed this Priority', code: 'priority.stale_version' },
      },
    });
    const form = within(dialog).getByRole('form', { name: 'Edit Priority' });
    const title = within(form).getByLabelText('Title');
    await userEvent.clear(title);
    await userEvent.type(title, 'Renamed');
    await userEvent.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await within(form).findByText('Someone else changed this Priority')).toBeTruthy();
    expect(stub.callsTo(`PATCH ${one}`)[0]!.body).toMatchObject({ version: 3, title: 'Renamed' });
    const before = stub.callsTo(`GET ${base}`).length;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(stub.callsTo(`GET ${base}`).length).toBeGreaterThan(before));
  });

  it('changes the status, and archives with an undo', async () => {
    const archived = priority({ version: 4, archivedAt: '2026-02-01T00:00:00.000Z' });
    const { stub, dialog } = await openDetail({
      [`POST ${one}/status`]: { body: { data: priority({ status: 'off_track', version: 4 }) } },
      [`POST ${one}/archive`]: { body: { data: archived } },
      [`POST ${one}/restore`]: { body: { data: priority({ version: 5 }) } },
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Off track' }));
    await waitFor(() => expect(stub.callsTo(`POST ${one}/status`)).toHaveLength(1));
    expect(stub.callsTo(`POST ${one}/status`)[0]!.body).toEqual({ version: 3, status: 'off_track' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Archive' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(stub.callsTo(`POST ${one}/restore`)).toHaveLength(1));
    expect(stub.callsTo(`POST ${one}/restore`)[0]!.body).toEqual({ version: 4 });
  });

  it('posts a weekly update with a comment and lists updates and attachments', async () => {
    const { stub, dialog } = await openDetail({
      [`GET ${one}/updates`]: {
        body: {
          data: [
            {
              id: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb',
              priorityId: PRIORITY_ID,
              weekStart: '2026-03-02',
              status: 'off_track',
              comment: '<i>Vendor</i> late',
              author: { id: makeUser().id, name: 'Ada Lovelace' },
              createdAt: '2026-03-02T10:00:00.000Z',
            },
          ],
          page: { nextCursor: null },
        },
      },
      [`POST ${one}/updates`]: {
        status: 201,
        body: {
          data: {
            id: '77777777-7777-4777-8777-777777777771',
            priorityId: PRIORITY_ID,
            weekStart: '2026-11-23',
            status: 'complete',
            comment: 'Done early',
            author: { id: makeUser().id, name: 'Ada Lovelace' },
            createdAt: '2026-11-25T09:00:00.000Z',
          },
        },
      },
      [`GET ${one}/attachments`]: {
        body: {
          data: [
            {
              id: 'cccccccc-cccc-4ccc-8ccc-cccccccccccc',
              priorityId: PRIORITY_ID,
              fileName: 'plan.pdf',
              mimeType: 'application/pdf',
              size: 2048,
              uploadedBy: { id: makeUser().id, name: 'Ada Lovelace' },
              createdAt: '2026-03-02T10:00:00.000Z',
            },
          ],
        },
      },
    });
    const updates = within(dialog).getByRole('region', { name: 'Weekly updates' });
    expect(await within(updates).findByText('<i>Vendor</i> late')).toBeTruthy();
    await userEvent.selectOptions(within(updates).getByLabelText('Status this week'), 'complete');
    await userEvent.type(within(updates).getByLabelText('Comment'), 'Done early');
    await userEvent.click(within(updates).getByRole('button', { name: 'Post update' }));
    await waitFor(() => expect(stub.callsTo(`POST ${one}/updates`)).toHaveLength(1));
    expect(stub.callsTo(`POST ${one}/updates`)[0]!.body).toEqual({ status: 'complete', comment: 'Done early' });
    const files = within(dialog).getByRole('region', { name: 'Attachments' });
    expect(await within(files).findByRole('button', { name: 'plan.pdf' })).toBeTruthy();
    expect(within(files).getByText(/2 KB/)).toBeTruthy();
  });
  it('lists the documents linked to the priority, with Unlink', async () => {
    const { stub, dialog } = await openDetail({ [linkedDocuments]: { body: { data: [makeDocument()] } } });
    const documents = within(dialog).getByRole('region', { name: 'Documents' });
    expect(await within(documents).findByRole('link', { name: 'Handbook.docx' })).toBeTruthy();
    expect(within(documents).getByRole('button', { name: 'Unlink Handbook.docx' })).toBeTruthy();
    expect(within(documents).getByRole('button', { name: 'Add a document' })).toBeTruthy();
    expect(stub.callsTo(linkedDocuments)[0]!.url).toContain(`target=priority&targetId=${PRIORITY_ID}`);
  });

  it('shows an observer the linked documents without changing them', async () => {
    useSession.setState({ status: 'signedIn', user: makeUser({ role: 'observer' }) });
    const { dialog } = await openDetail({ [linkedDocuments]: { body: { data: [makeDocument()] } } });
    const documents = within(dialog).getByRole('region', { name: 'Documents' });
    expect(await within(documents).findByRole('link', { name: 'Handbook.docx' })).toBeTruthy();
    expect(within(documents).queryByRole('button', { name: 'Unlink Handbook.docx' })).toBeNull();
    expect(within(documents).queryByRole('button', { name: 'Add a document' })).toBeNull();
  });
});
