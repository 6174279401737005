import ICAL from 'ical.js';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CalendarFeed, Meeting, Priority, Session, Todo } from '@keel/contract';
import { addTeam, useTeamSuite } from '../../test-support/team-fixtures.js';
import { bodyOf, queryAsOwner } from '../../test-support/test-app.js';

const { state: t, call } = useTeamSuite();

const DAY_MS = 86_400_000;
const ZONE = 'Europe/Paris';

/** The wall clock of Paris at `instant`. */
const parisClock = (instant: Date) => {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: ZONE,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      weekday: 'short',
      hourCycle: 'h23',
    })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(parts.weekday!);
  return { year: +parts.year!, month: +parts.month!, day: +parts.day!, hour: +parts.hour!, weekday };
};
const isoDay = (date: { year: number; month: number; day: number }) =>
  `${date.year}-${String(date.month).padStart(2, '0')}-${String(date.day).padStart(2, '0')}`;
const inDays = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);

const created = async <T>(session: Session, path: string, payload: object): Promise<T> => {
  const response = await call(session, 'POST', path, payload);
  expect(response.statusCode, response.body).toBe(201);
  return bodyOf<{ data: T }>(response).data;
};
const createTodo = async (session: Session, payload: object) => (await created<Todo[]>(session, '/todos', payload))[0]!;

/** The served feed, parsed by ical.js with its time zones registered. */
async function parsedFeed(feed: CalendarFeed) {
  const response = await t.context.app.inject({ method: 'GET', url: new URL(feed.url).pathname });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
  const calendar = new ICAL.Component(ICAL.parse(response.body) as unknown[]);
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  const events = calendar.getAllSubcomponents('vevent').map((component) => new ICAL.Event(component));
  return { text: response.body, calendar, events, byUid: new Map(events.map((event) => [event.uid, event])) };
}

describe('the calendar feed, as a calendar library reads it', () => {
  let team: string;
  let elsewhere: string;
  let feed: CalendarFeed;
  let meeting: Meeting;
  let elsewhereMeeting: Meeting;
  let meetingAt: Date;
  const todos: Record<'mine' | 'myPrivate' | 'theirPrivate' | 'done' | 'far', Todo> = {} as never;
  let priority: Priority;

  beforeAll(async () => {
    await queryAsOwner(t.context.database, `update organizations set timezone = '${ZONE}' where id = '${t.orgId}'`);
    team = await addTeam(t.context, t.owner, 'Operations', [t.owner.user.id, t.member.user.id]);
    elsewhere = await addTeam(t.context, t.owner, 'Elsewhere', [t.owner.user.id]);

    meetingAt = new Date(Math.floor((Date.now() + 14 * DAY_MS) / 60_000) * 60_000);
    const schedule = await call(t.owner, 'PUT', `/teams/${team}/meeting-types/weekly-accountability/schedule`, {
      schedule: { weekday: parisClock(meetingAt).weekday, time: '09:30', minutes: 90 },
      version: 0,
    });
    expect(schedule.statusCode, schedule.body).toBe(200);
    meeting = await created<Meeting>(t.owner, '/meetings', {
      teamId: team,
      typeKey: 'weekly-accountability',
      scheduledAt: meetingAt.toISOString(),
    });
    elsewhereMeeting = await created<Meeting>(t.owner, '/meetings', {
      teamId: elsewhere,
      typeKey: 'weekly-accountability',
      scheduledAt: meetingAt.toISOString(),
    });

    const mine = { ownerIds: [t.member.user.id], teamId: team };
    todos.mine = await createTodo(t.member, { ...mine, title: 'Send the board pack', dueDate: inDays(10) });
    todos.myPrivate = await createTodo(t.member, {
      ...mine,
      title: 'Book my appraisal',
      isPrivate: true,
      dueDate: inDays(12),
    });
    todos.theirPrivate = await createTodo(t.owner, {
      ownerIds: [t.owner.user.id],
      teamId: team,
      title: 'Owner secret errand',
      isPrivate: true,
      dueDate: inDays(10),
    });
    todos.done = await createTodo(t.member, { ...mine, title: 'Already finished', dueDate: inDays(3) });
    const completed = await call(t.member, 'POST', `/todos/${todos.done.id}/complete`, { version: todos.done.version });
    expect(completed.statusCode, completed.body).toBe(200);
    todos.far = await createTodo(t.member, { ...mine, title: 'Beyond the window', dueDate: inDays(400) });
    priority = (await created<Priority[]>(t.member, '/priorities', { ...mine, title: 'Open the Lyon office' }))[0]!;

    const response = await call(t.member, 'GET', '/calendar-feed');
    feed = bodyOf<{ data: CalendarFeed }>(response).data;
  });

  it('names itself and asks to be fetched again every hour', async () => {
    const { calendar } = await parsedFeed(feed);
    expect(String(calendar.getFirstPropertyValue('x-wr-calname'))).toContain('Keel');
    expect(String(calendar.getFirstPropertyValue('refresh-interval'))).toBe('PT1H');
    expect(String(calendar.getFirstPropertyValue('x-published-ttl'))).toBe('PT1H');
    expect(calendar.getFirstSubcomponent('vtimezone')?.getFirstPropertyValue('tzid')).toBe(ZONE);
  });

  it("holds the person's teams' meetings at their time in the organization's zone, and no other team's", async () => {
    const { byUid } = await parsedFeed(feed);
    const single = byUid.get(`feed-meeting-${meeting.id}@keel`);
    expect(single).toBeDefined();
    expect(single!.startDate.zone?.tzid).toBe(ZONE);
    expect(single!.startDate.toJSDate().getTime()).toBe(meetingAt.getTime());
    expect(single!.duration.toSeconds()).toBe(90 * 60);
    expect(single!.summary).toBe('Weekly Accountability Meeting, Operations');
    expect(byUid.has(`feed-meeting-${elsewhereMeeting.id}@keel`)).toBe(false);

    const regular = byUid.get(`feed-team-${team}-weekly-accountability@keel`);
    expect(regular?.isRecurring()).toBe(true);
    expect(regular!.startDate.zone?.tzid).toBe(ZONE);
    expect(byUid.has(`feed-team-${elsewhere}-weekly-accountability@keel`)).toBe(false);

    // Every occurrence from now to three weeks ahead is at 09:30 in Paris, except the one the scheduled meeting replaces.
    const days: string[] = [];
    const expansion = regular!.iterator();
    for (let next = expansion.next(); next; next = expansion.next()) {
      const at = next.toJSDate();
      if (at.getTime() > Date.now() + 21 * DAY_MS) break;
      if (at.getTime() < Date.now()) continue;
      const clock = parisClock(at);
      expect([clock.hour, at.getUTCMinutes()]).toEqual([9, 30]);
      days.push(isoDay(clock));
    }
    expect(days).toHaveLength(2);
    expect(days).not.toContain(isoDay(parisClock(meetingAt)));
  });

  it("holds the person's open to-dos (private ones too) and priorities as all-day events on their due dates", async () => {
    const { byUid, text } = await parsedFeed(feed);
    for (const todo of [todos.mine, todos.myPrivate]) {
      const event = byUid.get(`todo-${todo.id}@keel`);
      expect(event?.startDate.isDate).toBe(true);
      expect(event!.startDate.toString()).toBe(todo.dueDate);
      expect(event!.summary).toBe(`To-do due: ${todo.title}`);
    }
    const due = byUid.get(`priority-${priority.id}@keel`);
    expect(due?.startDate.isDate).toBe(true);
    expect(due!.startDate.toString()).toBe(priority.dueDate);
    expect(due!.summary).toBe('Priority due: Open the Lyon office');

    for (const left of [todos.theirPrivate, todos.done, todos.far])
      expect(byUid.has(`todo-${left.id}@keel`)).toBe(false);
    expect(text).not.toContain('Owner secret errand');
  });

  it('keeps every UID across fetches, so calendars update events instead of adding copies', async () => {
    const first = await parsedFeed(feed);
    const second = await parsedFeed(feed);
    const uids = (events: { uid: string }[]) => events.map((event) => event.uid).sort();
    expect(uids(second.events)).toEqual(uids(first.events));
    expect(new Set(uids(first.events)).size).toBe(first.events.length);
    expect(first.events.length).toBe(5);
  });

  it("shows another person's feed none of this person's to-dos", async () => {
    const response = await call(t.observer, 'GET', '/calendar-feed');
    const { events, text } = await parsedFeed(bodyOf<{ data: CalendarFeed }>(response).data);
    expect(events).toEqual([]);
    expect(text).not.toContain('Book my appraisal');
  });
});
