import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { TERMINOLOGY_DEFAULTS, TERMINOLOGY_PRESETS, type Terminology } from '@keel/contract';
import { buildNavigation } from '../../app/layout/nav-items';
import { signedInFrameRoutes } from '../../test-utils/app-stubs';
import { stubFetch } from '../../test-utils/fetch-stub';
import { ORG_ID } from '../../test-utils/fixtures';
import { renderPage, renderWithToasts } from '../../test-utils/render';
import { departmentsReply } from '../../test-utils/team-stubs';
import { DEPARTMENTS, DEPT, dashboardPath, dashboardTestSetup, emptyDashboard } from '../dashboard/dashboard-test-data';
import DashboardPage from '../dashboard/pages/DashboardPage';
import { CloseQuarterBanner } from '../priorities/components/CloseQuarterBanner';
import { priority } from '../priorities/priorities-test-data';
import { PAGE_CATALOG } from '../workspace/page-catalog';
import { meetingsLabel, termPlural } from './term-words';

/** The spec's defaults and every preset, as an organization that applied it reads them. */
const TERMINOLOGIES: Array<[string, Terminology]> = [
  ['the defaults', { ...TERMINOLOGY_DEFAULTS }],
  ...TERMINOLOGY_PRESETS.map((preset): [string, Terminology] => [
    preset.name,
    { ...TERMINOLOGY_DEFAULTS, ...preset.labels },
  ]),
];

/** Terms an organization might type: one letter, and up to 60 characters (the limit) with accents and capitals. */
const EDGE_TERMS: Terminology = {
  ...TERMINOLOGY_DEFAULTS,
  priorities_label: 'Objectifs prioritaires ÉTÉ – équipe élargie à Genève (CODIR)',
  priority_singular: 'R',
  todos_label: 'x',
  todo_singular: 'x',
  issues_label: 'Sujets à traiter – Comité de Direction (CODIR) élargi ÀÉÎÕÜ',
  issue_singular: 'É',
  department_label: 'Équipe',
  weekly_meeting_label: 'Réunion hebdomadaire du Comité de Direction élargi à Genève',
};

/** The renamable words the page catalog puts in its sentences. */
const CATALOG_TERMS = [
  'priorities_label',
  'priority_singular',
  'todos_label',
  'issues_label',
  'scorecard_label',
  'milestones_label',
  'quarter_label',
  'year_label',
  'department_label',
  'processes_label',
  'weekly_meeting_label',
  'quarterly_meeting_label',
  'business_blueprint_label',
  'long_term_vision_label',
  'annual_goals_label',
  'problem_solving_process',
] as const;

dashboardTestSetup();

const renderDashboard = (terms: Terminology) => {
  stubFetch(
    signedInFrameRoutes({
      [`GET /terminology/organizations/${ORG_ID}`]: { body: terms },
      'GET /users/departments': departmentsReply(DEPARTMENTS),
      [`GET ${dashboardPath}`]: { body: { data: emptyDashboard() } },
    }),
  );
  renderPage(<DashboardPage />, { path: '/dashboard' });
};

describe('terms as the organization wrote them', () => {
  it.each([...TERMINOLOGIES, ['one-letter and 60-character accented terms', EDGE_TERMS] as [string, Terminology]])(
    'shows %s with their own capitals on the dashboard, mid-sentence too',
    async (_name, terms) => {
      renderDashboard(terms);
      const issues = await screen.findByRole('region', { name: new RegExp(`^My ${escape(terms.issues_label)}`) });
      expect(
        await within(issues).findByText(`No open ${terms.issues_label} owned by you.`, { exact: false }),
      ).toBeTruthy();
      expect(within(issues).getByRole('button', { name: `New ${terms.issue_singular}` })).toBeTruthy();
      expect(within(issues).getByRole('link', { name: `All ${terms.issues_label}` })).toBeTruthy();
      expect(await screen.findByRole('button', { name: `New ${terms.todo_singular}` })).toBeTruthy();
      expect(screen.getByRole('link', { name: `All ${terms.todos_label}` })).toBeTruthy();
      expect(screen.getAllByRole('link', { name: `All ${terms.priorities_label}` })).toHaveLength(2);
      expect(await screen.findByRole('link', { name: `New ${terms.priority_singular}` })).toBeTruthy();
      expect(
        screen.getByText(
          new RegExp(`No open ${escape(terms.priorities_label)} of yours in ${terms.quarter_label} \\d`),
        ),
      ).toBeTruthy();
    },
  );

  it.each(TERMINOLOGIES)('never lower-cases a term of %s in a page’s description', (_name, terms) => {
    const text = Object.values(PAGE_CATALOG)
      .map((page) => `${page.title(terms)} ${page.purpose(terms)}`)
      .join(' ');
    expect(text).toContain(terms.priorities_label);
    expect(text).toContain(terms.weekly_meeting_label);
    expect(text).toContain(terms.problem_solving_process);
    for (const key of CATALOG_TERMS) {
      const lowered = terms[key].toLowerCase();
      if (lowered !== terms[key]) expect(text, `“${lowered}” instead of “${terms[key]}”`).not.toContain(lowered);
    }
  });
});

describe('the meetings entry of the sidebar', () => {
  const meetingsEntry = (terms: Terminology) =>
    buildNavigation({ role: 'admin', isConsultant: false }, terms).main.find((item) => item.to === '/meetings')?.label;

  it.each([
    ['the defaults', 'Meetings'],
    ['EOS', 'Level 10 Meetings'],
    ['4DX', 'WIG Sessions'],
    ['OKRs', 'Weekly Check-ins'],
    ['Scaling Up', 'Weekly Meetings'],
    ['Custom', 'Team Syncs'],
  ])('follows the meeting name of %s: %s', (name, entry) => {
    const terms = TERMINOLOGIES.find(([candidate]) => candidate === name)?.[1];
    expect(terms).toBeDefined();
    expect(meetingsEntry(terms!)).toBe(entry);
    expect(PAGE_CATALOG.meetings.title(terms!)).toBe(entry);
  });

  it('follows a meeting the organization renamed itself, accents and all', () => {
    expect(meetingsEntry(EDGE_TERMS)).toBe(`${EDGE_TERMS.weekly_meeting_label}s`);
    expect(meetingsLabel({ ...TERMINOLOGY_DEFAULTS, weekly_meeting_label: 'L10' })).toBe('L10s');
  });

  it('names the departments entry in the plural of the organization’s word', () => {
    const admin = buildNavigation({ role: 'admin', isConsultant: false }, EDGE_TERMS).admin;
    expect(admin.find((item) => item.to === '/departments')?.label).toBe('Équipes');
    expect(termPlural({ ...TERMINOLOGY_DEFAULTS, team_label: 'Pod' }, 'team_label')).toBe('Pods');
  });
});

describe('counts in the terminology’s singular and plural', () => {
  const pastQuarter = { year: 2025, quarter: 3, end: '2025-09-30' };
  const open = (count: number) =>
    Array.from({ length: count }, (_, index) =>
      priority({ id: `11111111-1111-4111-8111-${String(index).padStart(12, '0')}`, status: 'off_track' }),
    );

  it.each(TERMINOLOGIES)('counts in the %s terms: one in the singular, three in the plural', (_name, terms) => {
    for (const [count, word] of [
      [1, terms.priority_singular],
      [3, terms.priorities_label],
    ] as const) {
      const { unmount } = renderWithToasts(
        <CloseQuarterBanner
          teamId={DEPT}
          quarter={pastQuarter}
          priorities={open(count)}
          quarterLabel={terms.quarter_label}
          prioritySingular={terms.priority_singular}
          prioritiesLabel={terms.priorities_label}
          today="2025-10-02"
        />,
      );
      expect(screen.getByText(`${count} ${word} still open here.`, { exact: false })).toBeTruthy();
      expect(screen.getByText(`Closing the ${terms.quarter_label} records`, { exact: false })).toBeTruthy();
      unmount();
    }
  });
});

function escape(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
