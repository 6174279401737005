import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { emptyBusinessPlanContent, TERMINOLOGY_DEFAULTS, type BusinessPlan } from '@keel/contract';
import { stubFetch } from '../../../test-utils/fetch-stub';
import { ORG_ID } from '../../../test-utils/fixtures';
import { renderWithToasts } from '../../../test-utils/render';
import { pageReply, signedInForEachTest } from '../../../test-utils/team-stubs';
import { withPart } from '../plan-content';
import { PlanSections } from './PlanSections';

const TEAM = '44444444-4444-4444-8444-444444444444';
const savePath = `PUT /organizations/${ORG_ID}/business-plan`;

const planOf = (overrides: Partial<BusinessPlan> = {}): BusinessPlan => ({
  id: '55555555-5555-4555-8555-555555555555',
  teamId: TEAM,
  teamName: 'Leadership',
  isCompanyPlan: true,
  content: withPart(emptyBusinessPlanContent(), 'core_focus', { purpose: 'Feed the city', niche: '' }),
  version: 2,
  updatedAt: '2026-11-20T10:00:00.000Z',
  updatedBy: { id: '66666666-6666-4666-8666-666666666666', name: 'Grace Hopper' },
  canEdit: true,
  shareToken: null,
  ...overrides,
});

/** What the sections read besides the plan: terminology, this quarter, its priorities, issues and goals. */
const planReads = () => ({
  [`GET /terminology/organizations/${ORG_ID}`]: {
    body: { ...TERMINOLOGY_DEFAULTS, long_term_vision_label: 'Vivid Vision' },
  },
  [`GET /organizations/${ORG_ID}/fiscal-quarters`]: {
    body: {
      data: {
        fiscalYearStartMonth: 1,
        quarters: [{ year: 2026, quarter: 4, start: '2026-10-01', end: '2026-12-31', current: true }],
      },
    },
  },
  [`GET /organizations/${ORG_ID}/priorities`]: { body: { data: [], truncated: false } },
  [`GET /organizations/${ORG_ID}/issues`]: pageReply([]),
  [`GET /organizations/${ORG_ID}/annual-goals`]: { body: { data: [] } },
  [`GET /organizations/${ORG_ID}/people`]: { body: { data: [] } },
});

function render(plan: BusinessPlan, saves: { status?: number; body?: unknown }[] = [], latest: BusinessPlan = plan) {
  const stub = stubFetch({
    ...planReads(),
    [savePath]: saves,
  });
  const refetch = vi.fn(async () => latest);
  renderWithToasts(<PlanSections plan={plan} refetch={refetch} />);
  return { stub, refetch };
}

signedInForEachTest();

describe('PlanSections', () => {
  it('shows the sections in their order with titles in the organization’s words, and live sections', async () => {
    render(planOf());
    await screen.findByRole('heading', { name: 'Vivid Vision' });
    const headings = screen.getAllByRole('heading', { level: 2 });
    expect(headings.map((heading) => heading.textContent)).toEqual([
      'Core Values',
      'Core Focus',
      '10-Year Target',
      'Marketing Strategy',
      'Vivid Vision',
      'Annual Goals',
      'Quarterly Priorities',
      'Issues',
      'SWOT',
    ]);
    expect(await screen.findByText('No Quarterly Priorities this quarter.')).toBeTruthy();
  });

  it('edits a section in place: Escape cancels, Save sends the whole plan at its version', async () => {
    const { stub } = render(planOf(), [{ body: { data: planOf({ version: 3 }) } }]);
    const focus = await screen.findByRole('region', { name: 'Core Focus' });
    await userEvent.click(within(focus).getByRole('button', { name: 'Edit Core Focus' }));
    await userEvent.type(within(focus).getByLabelText('Niche'), 'Bakeries');
    await userEvent.keyboard('{Escape}');
    expect(within(focus).queryByLabelText('Niche')).toBeNull();
    expect(stub.callsTo(savePath)).toHaveLength(0);

    await userEvent.click(within(focus).getByText('Feed the city'));
    await userEvent.type(within(focus).getByLabelText('Niche'), 'Bakeries');
    await userEvent.click(within(focus).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(stub.callsTo(savePath)).toHaveLength(1));
    expect(stub.callsTo(savePath)[0]!.body).toEqual({
      teamId: TEAM,
      version: 2,
      content: withPart(planOf().content, 'core_focus', { purpose: 'Feed the city', niche: 'Bakeries' }),
    });
  });

  it('on a conflict names who saved, keeps what was typed, and saves it over theirs on "Keep mine"', async () => {
    const theirs = planOf({
      version: 3,
      updatedBy: { id: '77777777-7777-4777-8777-777777777777', name: 'Alan Turing' },
      content: withPart(planOf().content, 'core_focus', { purpose: 'Feed the country', niche: '' }),
    });
    const { stub } = render(
      planOf(),
      [
        {
          status: 409,
          body: { code: 'business_plan.stale_version', error: 'Alan Turing saved this plan (version 3)' },
        },
        { body: { data: planOf({ version: 4 }) } },
      ],
      theirs,
    );
    const focus = await screen.findByRole('region', { name: 'Core Focus' });
    await userEvent.click(within(focus).getByRole('button', { name: 'Edit Core Focus' }));
    await userEvent.type(within(focus).getByLabelText('Niche'), 'Cafés');
    await userEvent.click(within(focus).getByRole('button', { name: 'Save' }));

    expect(
      await within(focus).findByText('Alan Turing saved this section (version 3) while you were editing it'),
    ).toBeTruthy();
    expect(within(focus).getByLabelText<HTMLTextAreaElement>('Niche').value).toBe('Cafés');
    await userEvent.click(within(focus).getByRole('button', { name: 'Keep mine' }));
    await waitFor(() => expect(stub.callsTo(savePath)).toHaveLength(2));
    expect(stub.callsTo(savePath)[1]!.body).toEqual({
      teamId: TEAM,
      version: 3,
      content: withPart(theirs.content, 'core_focus', { purpose: 'Feed the city', niche: 'Cafés' }),
    });
  });

  it('takes in someone else’s save while a section is being edited, without touching what is typed', async () => {
    let receive: (plan: BusinessPlan) => void = () => undefined;
    function LivePlan() {
      const [plan, setPlan] = useState(planOf());
      receive = setPlan;
      return <PlanSections plan={plan} refetch={async () => plan} />;
    }
    stubFetch(planReads());
    renderWithToasts(<LivePlan />);
    const focus = await screen.findByRole('region', { name: 'Core Focus' });
    await userEvent.click(within(focus).getByRole('button', { name: 'Edit Core Focus' }));
    await userEvent.type(within(focus).getByLabelText('Niche'), 'Mine');
    act(() =>
      receive(
        planOf({
          version: 3,
          content: withPart(
            withPart(planOf().content, 'core_focus', { purpose: 'Theirs', niche: 'Theirs too' }),
            'swot',
            { strengths: ['Their strength'], weaknesses: [], opportunities: [], threats: [] },
          ),
        }),
      ),
    );
    expect(await screen.findByText('Their strength')).toBeTruthy();
    expect(within(focus).getByLabelText<HTMLTextAreaElement>('Niche').value).toBe('Mine');
    expect(within(focus).getByLabelText<HTMLTextAreaElement>('Purpose').value).toBe('Feed the city');
  });

  it('"Reload theirs" drops the draft and shows their version', async () => {
    render(
      planOf(),
      [{ status: 409, body: { code: 'business_plan.stale_version', error: 'Stale' } }],
      planOf({ version: 3 }),
    );
    const focus = await screen.findByRole('region', { name: 'Core Focus' });
    await userEvent.click(within(focus).getByRole('button', { name: 'Edit Core Focus' }));
    await userEvent.click(within(focus).getByRole('button', { name: 'Save' }));
    await userEvent.click(await within(focus).findByRole('button', { name: 'Reload theirs' }));
    expect(within(focus).queryByLabelText('Niche')).toBeNull();
    expect(within(focus).queryByText(/while you were editing it/)).toBeNull();
  });

  it('moves a section by its button, saving the new order at once', async () => {
    const { stub } = render(planOf(), [{ body: { data: planOf({ version: 3 }) } }]);
    await userEvent.click(await screen.findByRole('button', { name: 'Move Core Focus up' }));
    await waitFor(() => expect(stub.callsTo(savePath)).toHaveLength(1));
    const sent = stub.callsTo(savePath)[0]!.body as { content: BusinessPlan['content'] };
    expect(sent.content.sections.slice(0, 2).map((section) => section.key)).toEqual(['core_focus', 'core_values']);
  });

  it('shows a reader the plan without its hidden sections or any editing button', async () => {
    const content = emptyBusinessPlanContent();
    content.sections = content.sections.map((section) =>
      section.key === 'swot' ? { ...section, hidden: true } : section,
    );
    render(planOf({ canEdit: false, content }), []);
    expect(await screen.findByRole('heading', { name: 'Core Values' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'SWOT' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Edit / })).toBeNull();
  });
});
