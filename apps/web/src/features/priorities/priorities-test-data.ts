import {
  fiscalQuarterOf,
  fiscalQuarterRange,
  nextFiscalQuarter,
  type FiscalQuarter,
  type Milestone,
  type Priority,
} from '@keel/contract';
import { ORG_ID, makeUser } from '../../test-utils/fixtures';
import { ADA, DEPT, pageReply, teamFrameRoutes } from '../../test-utils/team-stubs';

export { DEPT };
export const ME = makeUser().id;
export const GRACE = '99999999-9999-4999-8999-999999999999';
export const base = `/organizations/${ORG_ID}/priorities`;
export const PRIORITY_ID = '55555555-5555-4555-8555-555555555555';

export const current = fiscalQuarterOf(new Date(), 1);
export const next: FiscalQuarter = nextFiscalQuarter(current);

export function fiscalQuarters() {
  const quarters = [];
  let quarter = current;
  for (let index = 0; index < 4; index += 1) {
    quarters.push({ ...quarter, ...fiscalQuarterRange(quarter, 1), current: index === 0 });
    quarter = nextFiscalQuarter(quarter);
  }
  return { data: { fiscalYearStartMonth: 1, quarters } };
}

export const milestone = (overrides: Partial<Milestone>): Milestone => ({
  id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaa1',
  priorityId: PRIORITY_ID,
  title: 'Draft the plan',
  dueDate: null,
  ownerId: ME,
  owner: { id: ME, name: 'Ada Lovelace' },
  done: false,
  doneAt: null,
  position: 0,
  version: 1,
  ...overrides,
});

export const priority = (overrides: Partial<Priority>): Priority => ({
  id: PRIORITY_ID,
  title: 'Launch the website',
  description: 'Why it matters',
  ownerId: ME,
  owner: { id: ME, name: 'Ada Lovelace' },
  teamId: DEPT,
  scope: 'team',
  year: current.year,
  quarter: current.quarter,
  dueDate: fiscalQuarterRange(current, 1).end,
  status: 'on_track',
  progressType: 'milestones',
  numericStart: null,
  numericTarget: null,
  numericCurrent: null,
  unit: null,
  progress: 50,
  milestoneCount: 2,
  milestonesDone: 1,
  milestones: [
    milestone({ done: true, doneAt: '2026-01-02T00:00:00.000Z' }),
    milestone({ id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaa2', title: 'Ship it', position: 1 }),
  ],
  groupId: null,
  annualGoalId: null,
  completedAt: null,
  archivedAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  version: 3,
  ...overrides,
});

export const listOf = (items: Priority[]) => ({ body: { data: items, truncated: false } });

export function routes(overrides: Record<string, unknown> = {}) {
  return teamFrameRoutes(
    { people: [ADA, { id: GRACE, name: 'Grace Hopper', email: 'grace@example.com', avatarUrl: null }] },
    {
      [`GET /organizations/${ORG_ID}/fiscal-quarters`]: { body: fiscalQuarters() },
      [`GET ${base}`]: listOf([priority({})]),
      [`GET ${base}/${PRIORITY_ID}/updates`]: pageReply([]),
      [`GET ${base}/${PRIORITY_ID}/attachments`]: { body: { data: [] } },
      ...overrides,
    },
  );
}
