import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Issue } from '@keel/contract';
import { stubFetch } from '../../../test-utils/fetch-stub';
import { ORG_ID } from '../../../test-utils/fixtures';
import { renderWithToasts } from '../../../test-utils/render';
import { ADA, DEPT, pageReply, signedInForEachTest, teamFrameRoutes } from '../../../test-utils/team-stubs';
import { makeIssue } from '../issues-test-data';
import DepartmentIssuesPage from './DepartmentIssuesPage';

const base = `/organizations/${ORG_ID}/issues`;

const issueNamed = (title: string, position: number, priorityRank: Issue['priorityRank'] = null) =>
  makeIssue({ id: `55555555-5555-4555-8555-55555555555${position}`, title, position, priorityRank });

const render = () =>
  renderWithToasts(<DepartmentIssuesPage />, {
    route: '/departments/:departmentId/issues',
    path: `/departments/${DEPT}/issues`,
  });

const TITLES = /^(Alpha|Bravo|Charlie|Delta|Echo)$/;

/** The titles of the open list, top to bottom (each row's title is the button that opens it). */
async function listedTitles() {
  const list = await screen.findByRole('list', { name: 'Issues' });
  return within(list)
    .getAllByRole('button', { name: TITLES })
    .map((button) => button.textContent);
}

signedInForEachTest();

describe('DepartmentIssuesPage ranking', () => {
  it('shows the top three first in rank order, then the rest in their hand-made order', async () => {
    stubFetch(
      teamFrameRoutes(
        {},
        {
          [`GET ${base}/sent`]: pageReply([]),
          [`GET ${base}`]: pageReply([
            issueNamed('Alpha', 1),
            issueNamed('Bravo', 2, 3),
            issueNamed('Charlie', 3),
            issueNamed('Delta', 4, 1),
            issueNamed('Echo', 5),
          ]),
        },
      ),
    );
    render();
    await waitFor(async () => expect(await listedTitles()).toEqual(['Delta', 'Bravo', 'Alpha', 'Charlie', 'Echo']));
  });

  it('moves an issue to the top once it is ranked', async () => {
    const alpha = issueNamed('Alpha', 1);
    const bravo = issueNamed('Bravo', 2);
    let ranked = false;
    const stub = stubFetch(
      teamFrameRoutes(
        {},
        {
          [`GET ${base}/sent`]: pageReply([]),
          [`GET ${base}`]: () =>
            pageReply(ranked ? [alpha, { ...bravo, priorityRank: 1, version: 2 }] : [alpha, bravo]),
          [`POST ${base}/${bravo.id}/rank`]: () => {
            ranked = true;
            return { body: { data: { ...bravo, priorityRank: 1, version: 2 } } };
          },
        },
      ),
    );
    const user = userEvent.setup();
    render();
    await waitFor(async () => expect(await listedTitles()).toEqual(['Alpha', 'Bravo']));
    await user.click(screen.getByRole('button', { name: 'Rank Bravo number 1' }));
    expect(stub.callsTo(`POST ${base}/${bravo.id}/rank`)[0]?.body).toEqual({ version: 1, rank: 1 });
    await waitFor(async () => expect(await listedTitles()).toEqual(['Bravo', 'Alpha']));
  });

  it('empties the owner of the new-issue form after an issue is added, as its title', async () => {
    const stub = stubFetch(
      teamFrameRoutes(
        {},
        {
          [`GET ${base}/sent`]: pageReply([]),
          [`GET ${base}`]: pageReply([]),
          [`POST ${base}`]: { status: 201, body: { data: issueNamed('Office too small', 1) } },
        },
      ),
    );
    const user = userEvent.setup();
    render();
    const form = await screen.findByRole('form', { name: /^New issue$/i });
    const owner = within(form).getByLabelText<HTMLSelectElement>('Owner');
    await waitFor(() => expect(within(owner).getByRole('option', { name: ADA.name })).toBeTruthy());
    await user.type(within(form).getByLabelText('Title'), 'Office too small');
    await user.selectOptions(owner, ADA.id);
    await user.click(within(form).getByRole('button', { name: /^Add issue$/i }));
    await waitFor(() => expect(stub.callsTo(`POST ${base}`)).toHaveLength(1));
    expect(stub.callsTo(`POST ${base}`)[0]?.body).toMatchObject({ title: 'Office too small', ownerId: ADA.id });
    await waitFor(() => expect(within(form).getByLabelText<HTMLInputElement>('Title').value).toBe(''));
    expect(owner.value).toBe('');
  });
});
