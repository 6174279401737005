import type { Process } from '@keel/contract';

export const SALES = '55555555-5555-4555-8555-555555555555';
export const PROCESS_ID = '77777777-7777-4777-8777-777777777777';
export const ME = '22222222-2222-4222-8222-222222222222';
export const BOB = '33333333-3333-4333-8333-333333333333';

/** A published process of Sales that the signed-in member may edit; overrides change any field. */
export function makeProcess(overrides: Partial<Process> = {}): Process {
  return {
    id: PROCESS_ID,
    teamId: SALES,
    team: { id: SALES, name: 'Sales' },
    ownerId: ME,
    owner: { id: ME, name: 'Ada Lovelace' },
    title: 'Onboard a customer',
    purpose: 'Every customer starts the same way',
    status: 'published',
    stepCount: 1,
    publishedVersion: 2,
    publishedAt: '2026-11-20T10:00:00.000Z',
    reviewEveryDays: 90,
    nextReviewOn: '2027-02-18',
    following: { acknowledgedCount: 1, memberCount: 2, percent: 50 },
    acknowledgedByMe: false,
    version: 2,
    createdAt: '2026-11-20T09:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    steps: [
      { id: 'step-1', title: 'Send the welcome pack', body: '<p>Within <strong>one</strong> day</p>', subSteps: [] },
    ],
    people: [
      { id: BOB, name: 'Bob Builder', inTeam: true, acknowledgedAt: '2026-11-21T10:00:00.000Z' },
      { id: ME, name: 'Ada Lovelace', inTeam: true, acknowledgedAt: null },
    ],
    canEdit: true,
    ...overrides,
  };
}
