import { describe, expect, it } from 'vitest';
import {
  calendarOf,
  escapeText,
  foldLine,
  instantOf,
  localDateTimeAt,
  nextLocalWeekday,
  offsetMinutesAt,
  timeZoneLines,
} from './meetings.calendar.js';

const NOW = new Date('2026-03-20T10:00:00Z');
const unfold = (text: string) => text.replace(/\r\n /g, '');
const linesOf = (text: string) => unfold(text).split('\r\n');

describe('the iCalendar writer', () => {
  it('escapes backslashes, semicolons, commas and line breaks in text', () => {
    expect(escapeText('Sales, north; Q1\\2\nnext')).toBe('Sales\\, north\\; Q1\\\\2\\nnext');
    const text = calendarOf({
      timeZone: 'Europe/Paris',
      now: NOW,
      events: [
        {
          uid: 'a@keel',
          start: { year: 2026, month: 3, day: 24, hour: 9, minute: 0 },
          minutes: 90,
          summary: 'Weekly; sales, north',
        },
      ],
    });
    expect(linesOf(text)).toContain('SUMMARY:Weekly\\; sales\\, north');
  });

  it('folds lines at 75 octets without cutting a character, and ends every line with CRLF', () => {
    const long = `SUMMARY:${'é'.repeat(60)}`;
    const folded = foldLine(long);
    for (const line of folded.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    expect(
      folded
        .split('\r\n')
        .slice(1)
        .every((line) => line.startsWith(' ')),
    ).toBe(true);
    expect(unfold(folded)).toBe(long);
    expect(foldLine('x'.repeat(75))).toBe('x'.repeat(75));
    expect(foldLine('x'.repeat(76))).toBe(`${'x'.repeat(75)}\r\n x`);

    const text = calendarOf({
      timeZone: 'Europe/Paris',
      now: NOW,
      events: [
        {
          uid: 'b@keel',
          start: { year: 2026, month: 3, day: 24, hour: 9, minute: 0 },
          minutes: 30,
          summary: 'Ü'.repeat(100),
        },
      ],
    });
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
  });

  it('puts a single meeting at its time in the organization zone, with the zone described', () => {
    const start = localDateTimeAt('Europe/Paris', new Date('2026-03-31T07:00:00Z'));
    expect(start).toEqual({ year: 2026, month: 3, day: 31, hour: 9, minute: 0 });
    const lines = linesOf(
      calendarOf({
        timeZone: 'Europe/Paris',
        now: NOW,
        events: [{ uid: 'c@keel', start, minutes: 90, summary: 'Weekly' }],
      }),
    );
    expect(lines).toEqual(
      expect.arrayContaining([
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'BEGIN:VTIMEZONE',
        'TZID:Europe/Paris',
        'DTSTART;TZID=Europe/Paris:20260331T090000',
        'DURATION:PT90M',
        'DTSTAMP:20260320T100000Z',
      ]),
    );
    expect(lines.some((line) => line.startsWith('RRULE:FREQ=WEEKLY'))).toBe(false);
  });

  it('writes UTC instants for an organization on UTC', () => {
    const lines = linesOf(
      calendarOf({
        timeZone: 'UTC',
        now: NOW,
        events: [
          {
            uid: 'd@keel',
            start: { year: 2026, month: 7, day: 1, hour: 9, minute: 30 },
            minutes: 45,
            summary: 'Weekly',
          },
        ],
      }),
    );
    expect(lines).toContain('DTSTART:20260701T093000Z');
    expect(lines).not.toContain('BEGIN:VTIMEZONE');
  });

  it('keeps a weekly meeting at 09:00 local across the March and October changes (Paris)', () => {
    // Monday 09:00 before and after the last Sunday of March, and of October.
    expect(instantOf('Europe/Paris', { year: 2026, month: 3, day: 23, hour: 9, minute: 0 }).toISOString()).toBe(
      '2026-03-23T08:00:00.000Z',
    );
    expect(instantOf('Europe/Paris', { year: 2026, month: 3, day: 30, hour: 9, minute: 0 }).toISOString()).toBe(
      '2026-03-30T07:00:00.000Z',
    );
    expect(instantOf('Europe/Paris', { year: 2026, month: 10, day: 26, hour: 9, minute: 0 }).toISOString()).toBe(
      '2026-10-26T08:00:00.000Z',
    );
    const lines = linesOf(
      calendarOf({
        timeZone: 'Europe/Paris',
        now: NOW,
        events: [
          {
            uid: 'e@keel',
            start: nextLocalWeekday(localDateTimeAt('Europe/Paris', NOW), 1, '09:00'),
            minutes: 90,
            weeklyOn: 1,
            summary: 'Weekly',
          },
        ],
      }),
    );
    // Local time with a TZID and a weekly rule: the calendar keeps 09:00 as the offset changes.
    expect(lines).toContain('DTSTART;TZID=Europe/Paris:20260323T090000');
    expect(lines).toContain('RRULE:FREQ=WEEKLY;BYDAY=MO');
    expect(timeZoneLines('Europe/Paris', 2026)).toEqual([
      'BEGIN:VTIMEZONE',
      'TZID:Europe/Paris',
      'BEGIN:DAYLIGHT',
      'DTSTART:20250330T020000',
      'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
      'TZOFFSETFROM:+0100',
      'TZOFFSETTO:+0200',
      'END:DAYLIGHT',
      'BEGIN:STANDARD',
      'DTSTART:20251026T030000',
      'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
      'TZOFFSETFROM:+0200',
      'TZOFFSETTO:+0100',
      'END:STANDARD',
      'END:VTIMEZONE',
    ]);
  });

  it('describes zones of other rules: New York, Sydney (southern summer), Kolkata (no change)', () => {
    const newYork = timeZoneLines('America/New_York', 2026);
    expect(newYork).toContain('RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU');
    expect(newYork).toContain('RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU');
    expect(newYork).toContain('TZOFFSETTO:-0400');
    const sydney = timeZoneLines('Australia/Sydney', 2026);
    expect(sydney.slice(2, 8)).toEqual([
      'BEGIN:STANDARD',
      'DTSTART:20250406T030000',
      'RRULE:FREQ=YEARLY;BYMONTH=4;BYDAY=1SU',
      'TZOFFSETFROM:+1100',
      'TZOFFSETTO:+1000',
      'END:STANDARD',
    ]);
    expect(timeZoneLines('Asia/Kolkata', 2026)).toEqual([
      'BEGIN:VTIMEZONE',
      'TZID:Asia/Kolkata',
      'BEGIN:STANDARD',
      'DTSTART:19700101T000000',
      'TZOFFSETFROM:+0530',
      'TZOFFSETTO:+0530',
      'END:STANDARD',
      'END:VTIMEZONE',
    ]);
    expect(offsetMinutesAt('Asia/Kolkata', NOW)).toBe(330);
  });

  it('finds the next occurrence of the weekday, today included', () => {
    const friday = { year: 2026, month: 3, day: 20, hour: 11, minute: 0 };
    expect(nextLocalWeekday(friday, 5, '09:00')).toEqual({ year: 2026, month: 3, day: 20, hour: 9, minute: 0 });
    expect(nextLocalWeekday(friday, 4, '16:30')).toEqual({ year: 2026, month: 3, day: 26, hour: 16, minute: 30 });
    expect(nextLocalWeekday({ ...friday, month: 12, day: 31 }, 1, '08:00')).toMatchObject({
      year: 2027,
      month: 1,
      day: 4,
    });
  });

  it('falls back to UTC for a zone the runtime does not know', () => {
    const lines = linesOf(
      calendarOf({
        timeZone: 'Mars/Olympus',
        now: NOW,
        events: [
          { uid: 'f@keel', start: { year: 2026, month: 7, day: 1, hour: 9, minute: 0 }, minutes: 30, summary: 'x' },
        ],
      }),
    );
    expect(lines).toContain('DTSTART:20260701T090000Z');
  });
});
