import type { Issue } from '@keel/contract';
import { makeUser } from '../../test-utils/fixtures';
import { DEPT } from '../../test-utils/team-stubs';

const ME = makeUser().id;

/** An open issue of the test department, raised by and owned by the signed-in test user. */
export const makeIssue = (overrides: Partial<Issue> = {}): Issue => ({
  id: '55555555-5555-4555-8555-555555555555',
  teamId: DEPT,
  title: 'Hiring is slow',
  description: 'Three roles open',
  raisedById: ME,
  raisedBy: { id: ME, name: 'Ada Lovelace' },
  ownerId: ME,
  owner: { id: ME, name: 'Ada Lovelace' },
  horizon: 'short_term',
  priorityRank: null,
  votes: 0,
  votedByMe: false,
  position: 1,
  status: 'open',
  solvedAt: null,
  solvedById: null,
  resolution: null,
  source: null,
  archivedAt: null,
  commentCount: 0,
  version: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});
