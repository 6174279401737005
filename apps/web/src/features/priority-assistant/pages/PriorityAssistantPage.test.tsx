import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Alignment, AssistantSettings, MilestoneProposal, SmartCheck } from '@keel/contract';
import { priority } from '../../priorities/priorities-test-data';
import { stubFetch } from '../../../test-utils/fetch-stub';
import { ORG_ID } from '../../../test-utils/fixtures';
import { renderWithToasts } from '../../../test-utils/render';
import { DEPT, signedInForEachTest, teamFrameRoutes } from '../../../test-utils/team-stubs';
import PriorityAssistantPage from './PriorityAssistantPage';

signedInForEachTest();

const BASE = `/organizations/${ORG_ID}/priority-assistant`;
const PRIORITIES = `/organizations/${ORG_ID}/priorities`;
const PRIORITY_ID = '55555555-5555-4555-8555-555555555555';
const GOAL_ID = '66666666-6666-4666-8666-666666666666';

const SETTINGS: AssistantSettings = {
  modelAvailable: false,
  modelName: null,
  modelEnabled: false,
  monthlyLimit: 2000,
  usedThisMonth: 0,
  version: 1,
};
const VAGUE: SmartCheck = {
  engine: 'offline',
  verdicts: [
    { letter: 'specific', met: false, reason: '“Improve” says a direction, not a result.' },
    { letter: 'measurable', met: false, reason: 'No number or deliverable tells when it is done.' },
    { letter: 'achievable', met: true, reason: 'One goal, within a quarter.' },
    { letter: 'relevant', met: true, reason: 'It shares words with “Grow online sales”.' },
    { letter: 'time_bound', met: false, reason: 'No due date or date in the text.' },
  ],
  rewrite: { title: 'Raise online sales to [target] by December 31, 2026', description: 'From [today’s value].' },
  notices: [],
};
const PROPOSAL: MilestoneProposal = {
  engine: 'offline',
  kind: 'a number to reach',
  milestones: [
    { title: 'Measure where online sales stand', dueDate: '2026-12-04' },
    { title: 'Choose the three levers', dueDate: '2026-12-11' },
    { title: 'Review the number weekly', dueDate: '2026-12-31' },
  ],
  notices: [],
};
const alignmentOf = (linked: boolean): Alignment => ({
  engine: 'offline',
  year: 2026,
  quarter: 4,
  priorities: [
    {
      priorityId: PRIORITY_ID,
      title: 'Raise online sales to 40% by December 31, 2026',
      servesGoal: linked ? { id: GOAL_ID, title: 'Grow online sales' } : null,
      relatedCompanyPriorities: [],
      suggestion: linked
        ? null
        : { goal: { id: GOAL_ID, title: 'Grow online sales' }, reason: 'Both speak of online sales.' },
    },
  ],
  goalsWithoutPriorities: linked ? [] : [{ id: GOAL_ID, title: 'Grow online sales' }],
  notices: [],
});

describe('PriorityAssistantPage', () => {
  it(
    'checks a vague draft, takes the rewrite, adds it with the proposed milestones, and links it to a goal',
    { timeout: 15_000 },
    async () => {
      const stub = stubFetch(
        teamFrameRoutes(
          {},
          {
            [`GET ${BASE}/settings`]: { body: { data: SETTINGS } },
            [`POST ${BASE}/smart-check`]: { body: { data: VAGUE } },
            [`POST ${BASE}/milestones`]: { body: { data: PROPOSAL } },
            [`GET ${BASE}/alignment`]: [
              { body: { data: alignmentOf(false) } },
              { body: { data: alignmentOf(false) } },
              { body: { data: alignmentOf(true) } },
            ],
            [`POST ${PRIORITIES}`]: {
              status: 201,
              body: { data: [priority({ id: PRIORITY_ID, title: 'Raise online sales' })] },
            },
            [`POST ${PRIORITIES}/${PRIORITY_ID}/milestones`]: {
              status: 201,
              body: { data: priority({ id: PRIORITY_ID, version: 2 }) },
            },
            [`GET ${PRIORITIES}/${PRIORITY_ID}`]: { body: { data: priority({ id: PRIORITY_ID, version: 5 }) } },
            [`PATCH ${PRIORITIES}/${PRIORITY_ID}`]: { body: { data: priority({ id: PRIORITY_ID, version: 6 }) } },
          },
        ),
      );
      renderWithToasts(<PriorityAssistantPage />, { path: `/organizations/${ORG_ID}/smart-rock-assistant` });
      expect(await screen.findByRole('heading', { level: 1, name: 'Priority assistant' })).toBeTruthy();
      expect(await screen.findByText(/No language model is set up on this server/)).toBeTruthy();

      await userEvent.type(screen.getByLabelText('Title'), 'Improve online sales');
      await userEvent.click(screen.getByRole('button', { name: 'Check it' }));
      const verdicts = await screen.findByRole('list', { name: 'SMART verdicts' });
      expect(within(verdicts).getByText(/Specific: not yet\./)).toBeTruthy();
      expect(screen.getByText('2 of 5 SMART criteria met')).toBeTruthy();
      expect(
        within(screen.getByRole('region', { name: 'SMART check' })).getByText('Answered by the offline assistant.'),
      ).toBeTruthy();
      expect(stub.callsTo(`POST ${BASE}/smart-check`)[0]?.body).toMatchObject({
        title: 'Improve online sales',
        teamId: DEPT,
      });
      const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
      expect(results.violations).toEqual([]);

      await userEvent.click(screen.getByRole('button', { name: 'Use this rewrite' }));
      expect(screen.getByLabelText<HTMLInputElement>('Title').value).toBe(
        'Raise online sales to [target] by December 31, 2026',
      );
      await userEvent.clear(screen.getByLabelText('Title'));
      await userEvent.click(screen.getByLabelText('Title'));
      await userEvent.paste('Raise online sales to 40% by December 31, 2026');

      await userEvent.click(screen.getByRole('button', { name: 'Propose Milestones' }));
      const second = await screen.findByLabelText('Title of 2');
      await userEvent.clear(second);
      await userEvent.click(second);
      await userEvent.paste('Choose the two levers');
      await userEvent.click(screen.getByRole('button', { name: 'Remove Review the number weekly' }));
      await userEvent.click(
        screen.getByRole('button', { name: 'Add the Priority to Operations with these Milestones' }),
      );
      expect(await screen.findByText(/added to Operations with 2 Milestones/)).toBeTruthy();
      expect(stub.callsTo(`POST ${PRIORITIES}`)[0]?.body).toMatchObject({
        title: 'Raise online sales to 40% by December 31, 2026',
        teamId: DEPT,
        progressType: 'milestones',
      });
      expect(stub.callsTo(`POST ${PRIORITIES}/${PRIORITY_ID}/milestones`).map((call) => call.body)).toEqual([
        { title: 'Measure where online sales stand', dueDate: '2026-12-04' },
        { title: 'Choose the two levers', dueDate: '2026-12-11' },
      ]);

      await userEvent.click(await screen.findByRole('button', { name: 'Link to “Grow online sales”' }));
      expect(await screen.findByText('Serves “Grow online sales”')).toBeTruthy();
      expect(stub.callsTo(`PATCH ${PRIORITIES}/${PRIORITY_ID}`)[0]?.body).toEqual({
        version: 5,
        annualGoalId: GOAL_ID,
      });
    },
  );

  it('says when the model failed and the offline assistant answered, and lets an admin turn the model on', async () => {
    const { useSession } = await import('../../../lib/session-store');
    useSession.setState((state) => ({ user: state.user ? { ...state.user, role: 'admin' } : null }));
    const stub = stubFetch(
      teamFrameRoutes(
        {},
        {
          [`GET ${BASE}/settings`]: {
            body: { data: { ...SETTINGS, modelAvailable: true, modelName: 'openai-compatible · llama3.1' } },
          },
          [`PUT ${BASE}/settings`]: {
            body: { data: { ...SETTINGS, modelAvailable: true, modelEnabled: true, version: 2 } },
          },
          [`POST ${BASE}/smart-check`]: {
            body: {
              data: {
                ...VAGUE,
                notices: [
                  { code: 'model_failed', message: 'The model did not answer in time, so the offline check answered.' },
                ],
              },
            },
          },
          [`GET ${BASE}/alignment`]: { body: { data: alignmentOf(true) } },
        },
      ),
    );
    renderWithToasts(<PriorityAssistantPage />, { path: `/organizations/${ORG_ID}/smart-rock-assistant` });
    const toggle = await screen.findByRole('checkbox', {
      name: 'Use the language model (openai-compatible · llama3.1) for this organization',
    });
    await userEvent.click(toggle);
    expect(stub.callsTo(`PUT ${BASE}/settings`)[0]?.body).toEqual({ modelEnabled: true, version: 1 });
    await userEvent.type(screen.getByLabelText('Title'), 'Improve online sales');
    await userEvent.click(screen.getByRole('button', { name: 'Check it' }));
    expect(await screen.findByText('The model did not answer in time, so the offline check answered.')).toBeTruthy();
  });
});
