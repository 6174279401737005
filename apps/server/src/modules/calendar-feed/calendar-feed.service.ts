import {
  CALENDAR_FEED_DAYS_AHEAD,
  CALENDAR_FEED_DAYS_BACK,
  CALENDAR_FEED_REFRESH_MINUTES,
  type CalendarFeed,
} from '@keel/contract';
import { createSecretBox } from '../../crypto/secret-box.js';
import type { Database } from '../../db/database.js';
import { inAccountScope, readInTenant } from '../../db/scope.js';
import { AppError } from '../../http/errors.js';
import { recordAuditEvent } from '../audit/index.js';
import { hashOpaqueToken, newOpaqueToken } from '../auth/index.js';
import {
  calendarOf,
  knownTimeZone,
  localDateTimeAt,
  teamMeetingsForCalendar,
  type AllDayEvent,
} from '../meetings/index.js';
import { asMember, requireActiveMember, type Caller, type RequestMeta } from '../organizations/index.js';
import { findOrganization, organizationCalendar } from '../people/index.js';
import { openPrioritiesDueBetween } from '../priorities/index.js';
import { activeTeamsOfPerson } from '../teams/index.js';
import { openTodosDueBetween } from '../todos/index.js';
import * as repository from './calendar-feed.repository.js';

export interface CalendarFeedServiceDeps {
  db: Database;
  /** The address people subscribe to starts here (APP_URL). */
  appUrl: string;
  /** The server secret the tokens are sealed under, so an address can be shown again. */
  serverSecret: string;
  now?: () => Date;
}

/** More to-dos or priorities due in the window than anyone keeps; the feed stays small whatever happens. */
const DUE_ITEMS_MAX = 500;
const DAY_MS = 86_400_000;

/** Said in plain text to whoever opens an address that no longer works (a calendar app, or a person in a browser). */
export const UNKNOWN_ADDRESS_MESSAGE = 'This calendar address is not in use. Copy the current one from your settings.';

const isoDate = (date: { year: number; month: number; day: number }) =>
  `${String(date.year).padStart(4, '0')}-${String(date.month).padStart(2, '0')}-${String(date.day).padStart(2, '0')}`;

const dateParts = (value: string) => {
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  return { year, month, day };
};

/** A date `days` after a yyyy-mm-dd date. */
const shiftDate = (value: string, days: number) =>
  new Date(Date.parse(`${value}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

export function createCalendarFeedService(deps: CalendarFeedServiceDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const box = createSecretBox(deps.serverSecret, 'calendar-feed');
  const base = deps.appUrl.replace(/\/+$/, '');
  const addressOf = (token: string) => `${base}/api/v1/calendar/${token}.ics`;

  const toFeed = (row: repository.CalendarFeedRow): CalendarFeed => ({
    url: addressOf(box.open(row.tokenSealed)),
    createdAt: row.createdAt.toISOString(),
    resetAt: row.resetAt?.toISOString() ?? null,
  });

  const freshToken = () => {
    const { token, tokenHash } = newOpaqueToken();
    return { tokenSealed: box.seal(token), tokenHash };
  };

  /** The person's open to-dos and priorities due in the window, as all-day events on their due dates. */
  async function dueItems(organizationId: string, userId: string, today: string): Promise<AllDayEvent[]> {
    const [from, to] = [shiftDate(today, -CALENDAR_FEED_DAYS_BACK), shiftDate(today, CALENDAR_FEED_DAYS_AHEAD)];
    const [todos, priorities] = await Promise.all([
      openTodosDueBetween(organizationId, userId, from, to, DUE_ITEMS_MAX),
      openPrioritiesDueBetween(organizationId, userId, from, to, DUE_ITEMS_MAX),
    ]);
    return [
      ...todos.map((todo) => ({
        uid: `todo-${todo.id}@keel`,
        date: dateParts(todo.dueDate),
        summary: `To-do due: ${todo.title}`,
        description: `${todo.teamName}\n\n${base}/todos`,
        url: `${base}/todos`,
      })),
      ...priorities.map((priority) => ({
        uid: `priority-${priority.id}@keel`,
        date: dateParts(priority.dueDate),
        summary: `Priority due: ${priority.title}`,
        description: `${priority.teamName}\n\n${base}/quarterly-priorities`,
        url: `${base}/quarterly-priorities`,
      })),
    ];
  }

  return {
    /** The caller's own address, made on their first ask. Observers too: the feed only reads. */
    get: (caller: Caller, meta: RequestMeta): Promise<CalendarFeed> =>
      asMember(db, caller, async ({ organizationId, userId }) => {
        const existing = await repository.findCalendarFeed(organizationId, userId);
        if (existing) {
          try {
            return toFeed(existing);
          } catch {
            // Sealed under a server secret since replaced: the address cannot be shown again, so a new one is made.
            const replaced = await repository.replaceCalendarFeedToken(organizationId, userId, {
              ...freshToken(),
              resetAt: now(),
            });
            if (replaced) return toFeed(replaced);
          }
        }
        const made = await repository.insertCalendarFeed(organizationId, { userId, ...freshToken() });
        if (made) {
          await recordAuditEvent(organizationId, {
            actorUserId: userId,
            action: 'calendar_feed.created',
            targetType: 'calendar_feed',
            targetId: userId,
            ...meta,
          });
        }
        const row = made ?? (await repository.findCalendarFeed(organizationId, userId));
        if (!row) throw new Error('calendar feed vanished while it was made');
        return toFeed(row);
      }),

    /** A new address; the old one stops answering at once. */
    reset: (caller: Caller, meta: RequestMeta): Promise<CalendarFeed> =>
      asMember(db, caller, async ({ organizationId, userId }) => {
        const token = freshToken();
        const row =
          (await repository.replaceCalendarFeedToken(organizationId, userId, { ...token, resetAt: now() })) ??
          (await repository.insertCalendarFeed(organizationId, { userId, ...token }));
        if (!row) throw new Error('calendar feed could not be reset');
        await recordAuditEvent(organizationId, {
          actorUserId: userId,
          action: 'calendar_feed.reset',
          targetType: 'calendar_feed',
          targetId: userId,
          ...meta,
        });
        return toFeed(row);
      }),

    /** Turns the feed off: the address stops answering; asking again later makes a new one. */
    turnOff: (caller: Caller, meta: RequestMeta): Promise<void> =>
      asMember(db, caller, async ({ organizationId, userId }) => {
        if (!(await repository.deleteCalendarFeed(organizationId, userId))) return;
        await recordAuditEvent(organizationId, {
          actorUserId: userId,
          action: 'calendar_feed.turned_off',
          targetType: 'calendar_feed',
          targetId: userId,
          ...meta,
        });
      }),

    /**
     * The feed behind a secret address: the meetings of the person's teams and their open to-dos and
     * priorities due, from CALENDAR_FEED_DAYS_BACK days ago to CALENDAR_FEED_DAYS_AHEAD days ahead. Null for an
     * unknown or replaced address, or one of a person no longer active here.
     */
    async feed(token: string): Promise<string | null> {
      const owner = await inAccountScope(db, () => repository.findCalendarFeedByTokenHash(hashOpaqueToken(token)));
      if (!owner) return null;
      const { organizationId, userId } = owner;
      return readInTenant(db, { organizationId, userId }, async () => {
        try {
          await requireActiveMember(organizationId, userId);
        } catch (error) {
          if (error instanceof AppError) return null;
          throw error;
        }
        const at = now();
        const [calendar, organization, teams] = await Promise.all([
          organizationCalendar(organizationId),
          findOrganization(organizationId),
          activeTeamsOfPerson(organizationId, userId),
        ]);
        const timeZone = knownTimeZone(calendar.timeZone);
        const today = isoDate(localDateTimeAt(timeZone, at));
        const [events, allDayEvents] = await Promise.all([
          teamMeetingsForCalendar(organizationId, teams, {
            from: new Date(at.getTime() - CALENDAR_FEED_DAYS_BACK * DAY_MS),
            to: new Date(at.getTime() + CALENDAR_FEED_DAYS_AHEAD * DAY_MS),
            timeZone,
            link: (typeKey, teamId) => `${base}/meetings/${encodeURIComponent(typeKey)}/${encodeURIComponent(teamId)}`,
          }),
          dueItems(organizationId, userId, today),
        ]);
        return calendarOf({
          timeZone,
          now: at,
          events,
          allDayEvents,
          feed: {
            name: `Keel: ${organization?.name ?? 'meetings and due dates'}`,
            refreshMinutes: CALENDAR_FEED_REFRESH_MINUTES,
          },
        });
      });
    },
  };
}

export type CalendarFeedService = ReturnType<typeof createCalendarFeedService>;
