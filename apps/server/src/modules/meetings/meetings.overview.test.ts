import { describe, expect, it } from 'vitest';
import type { MeetingSchedule, MeetingType } from '@keel/contract';
import { nextRegularMeeting } from './meetings.overview.js';

const TEAM = '11111111-1111-4111-8111-111111111111';
const typeOf = (key: string, name: string, schedule: MeetingSchedule | null): MeetingType => ({
  key,
  teamId: TEAM,
  name,
  builtIn: false,
  customized: true,
  sections: [],
  schedule,
  version: 1,
});
const weekly = (weekday: number, time: string) =>
  typeOf('weekly-accountability', 'Weekly Sync', { weekday, time, minutes: null });
const held = (typeKey: string, startedAt: string) => ({
  id: '22222222-2222-4222-8222-222222222222',
  typeKey,
  name: 'Held',
  scheduledAt: null,
  startedAt: new Date(startedAt),
  endedAt: null,
});

// Tuesday 31 March 2026, 10:00 in Paris (summer time, UTC+2).
const now = new Date('2026-03-31T08:00:00Z');
const next = (types: MeetingType[], meetings: ReturnType<typeof held>[] = []) =>
  nextRegularMeeting(types, meetings, 'Europe/Paris', now)?.startsAt.toISOString();

describe('the next occurrence of a regular meeting', () => {
  it('is later today when today’s time is still ahead, else a week on', () => {
    expect(next([weekly(2, '11:00')])).toBe('2026-03-31T09:00:00.000Z');
    expect(next([weekly(2, '09:30')])).toBe('2026-04-07T07:30:00.000Z');
  });

  it('keeps the wall-clock time across the change to summer time', () => {
    const saturday = new Date('2026-03-28T12:00:00Z');
    const sunday = nextRegularMeeting([weekly(0, '09:30')], [], 'Europe/Paris', saturday);
    expect(sunday?.startsAt.toISOString()).toBe('2026-03-29T07:30:00.000Z');
  });

  it('skips a day on which a meeting of the same type is held or scheduled, not one of another type', () => {
    expect(next([weekly(2, '11:00')], [held('weekly-accountability', '2026-03-31T07:00:00Z')])).toBe(
      '2026-04-07T09:00:00.000Z',
    );
    expect(next([weekly(2, '11:00')], [held('weekly-express', '2026-03-31T07:00:00Z')])).toBe(
      '2026-03-31T09:00:00.000Z',
    );
  });

  it('names the soonest of the types, and none when no type has a regular day', () => {
    const monthly = typeOf('monthly-review', 'Monthly review', { weekday: 3, time: '08:00', minutes: 60 });
    expect(nextRegularMeeting([weekly(5, '09:00'), monthly], [], 'Europe/Paris', now)).toEqual({
      typeKey: 'monthly-review',
      name: 'Monthly review',
      startsAt: new Date('2026-04-01T06:00:00Z'),
    });
    expect(nextRegularMeeting([typeOf('weekly-express', 'Express', null)], [], 'Europe/Paris', now)).toBeNull();
  });
});
