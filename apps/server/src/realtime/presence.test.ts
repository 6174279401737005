import { describe, expect, it } from 'vitest';
import { createPresence } from './presence.js';

const ORG = 'org';
const where = (meetingId: string, userId: string, section: number | null) => ({
  organizationId: ORG,
  teamId: 'team',
  meetingId,
  userId,
  section,
});

describe('meeting presence', () => {
  it('lists each person once, follows them between sections and meetings, and forgets closed pages', () => {
    const presence = createPresence<string>({ ttlMs: 1000 });
    presence.set('ann-tab-1', where('m1', 'ann', 0));
    presence.set('ann-tab-2', where('m1', 'ann', 3));
    const [snapshot] = presence.set('bob-tab', where('m1', 'bob', 1));
    expect(snapshot?.people).toEqual([
      { userId: 'ann', section: 0 },
      { userId: 'bob', section: 1 },
    ]);
    presence.set('bob-tab', where('m1', 'bob', 2));
    expect(presence.everyone(ORG, 'm1')).toContainEqual({ userId: 'bob', section: 2 });

    const moved = presence.set('bob-tab', where('m2', 'bob', 0));
    expect(moved.map((entry) => [entry.meetingId, entry.people.length])).toEqual([
      ['m1', 1],
      ['m2', 1],
    ]);
    expect(presence.drop('ann-tab-1')[0]?.people).toEqual([{ userId: 'ann', section: 3 }]);
    presence.set('ann-tab-2', where('m1', 'ann', null));
    expect(presence.everyone(ORG, 'm1')).toEqual([]);
    expect(presence.everyone('another-org', 'm2')).toEqual([]);
  });

  it('merges what other processes say, until they stop repeating it', () => {
    let now = 0;
    const presence = createPresence<string>({ ttlMs: 1000, now: () => now });
    presence.set('ann-tab', where('m1', 'ann', 0));
    presence.hear('process-b', {
      organizationId: ORG,
      teamId: 'team',
      meetingId: 'm1',
      people: [{ userId: 'cy', section: 4 }],
    });
    expect(presence.everyone(ORG, 'm1')).toEqual([
      { userId: 'ann', section: 0 },
      { userId: 'cy', section: 4 },
    ]);
    expect(presence.ownSnapshots().map((snapshot) => snapshot.people)).toEqual([[{ userId: 'ann', section: 0 }]]);
    now = 1500;
    expect(presence.expire()).toEqual([{ organizationId: ORG, teamId: 'team', meetingId: 'm1' }]);
    expect(presence.everyone(ORG, 'm1')).toEqual([{ userId: 'ann', section: 0 }]);
    presence.hear('process-b', {
      organizationId: ORG,
      teamId: 'team',
      meetingId: 'm1',
      people: [{ userId: 'cy', section: 1 }],
    });
    presence.hear('process-b', { organizationId: ORG, teamId: 'team', meetingId: 'm1', people: [] });
    expect(presence.everyone(ORG, 'm1')).toEqual([{ userId: 'ann', section: 0 }]);
  });
});
