import { addDays, periodAt, periodStartOf, type ScorecardCalendar, type ScorecardFrequency } from '@keel/contract';
import { z } from 'zod';
import type { Database, OwnerSql } from '../../db/database.js';
import { inTenant, readInTenant } from '../../db/scope.js';
import { publishDomainEvent } from '../../events/domain-events.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import type { Mailer } from '../../mail/mailer.js';
import { findOrganization, listMembersForMatching } from '../people/index.js';
import { findActiveTeams } from '../teams/index.js';
import { reminderMail } from './scorecard.reminders.mail.js';
import * as repository from './scorecard.reminders.repository.js';

/** Told (to chat channels that chose it) when a team's reminder finds measurables without their numbers. */
export const NUMBERS_MISSING_EVENT = 'scorecard.numbers_missing';

/** Every quarter of an hour: a reminder set for 16:00 leaves by 16:15 in any time zone (all offsets are whole quarters). */
export const SCORECARD_REMINDERS_CRON = '*/15 * * * *';

type WeekCalendar = Pick<ScorecardCalendar, 'weekStartDay' | 'fiscalYearStartMonth'>;

/** The wall clock of `timeZone` at `now`: its date and its hh:mm. */
export function localClock(timeZone: string, now: Date): { date: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(now)
      .map((part) => [part.type, part.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/**
 * When a team's reminder is due: its weekday and time of the current week (the organization's week)
 * have passed and this week has not been reminded yet. Answers the week and the reminder's date.
 */
export function reminderDue(
  schedule: { weekday: number; time: string; lastRemindedPeriod: string | null },
  clock: { date: string; time: string },
  calendar: WeekCalendar,
): { weekStart: string; reminderDate: string } | null {
  const weekStart = periodStartOf(clock.date, 'weekly', calendar);
  if (schedule.lastRemindedPeriod === weekStart) return null;
  const reminderDate = addDays(weekStart, (schedule.weekday - calendar.weekStartDay + 7) % 7);
  const passed = clock.date > reminderDate || (clock.date === reminderDate && clock.time >= schedule.time);
  return passed ? { weekStart, reminderDate } : null;
}

/**
 * The period of each frequency whose numbers are asked for: the week containing the reminder, and a
 * month or quarter only when it ends within the seven days from the reminder (earlier, its numbers
 * are not due yet).
 */
export function periodsToRemind(reminderDate: string, calendar: WeekCalendar) {
  const frequencies: ScorecardFrequency[] = ['weekly', 'monthly', 'quarterly'];
  return frequencies
    .map((frequency) => periodAt(periodStartOf(reminderDate, frequency, calendar), frequency, calendar))
    .map((period, index) => ({ frequency: frequencies[index]!, periodStart: period.start, periodEnd: period.end }))
    .filter((period) => period.frequency === 'weekly' || period.periodEnd < addDays(reminderDate, 7));
}

export interface ScorecardRemindersDeps {
  db: Database;
  ownerSql: OwnerSql;
  mailer: Mailer;
  appUrl: string;
  log: { warn(details: object, message: string): void; error(details: object, message: string): void };
}

/**
 * One team's reminder, in one transaction of its organization: the settings row is locked and
 * re-checked, one mail per person with missing numbers is queued, and the week is marked reminded
 * in the same transaction, so a crash or a second run never sends twice.
 */
async function remindTeam(
  deps: ScorecardRemindersDeps,
  organizationId: string,
  teamId: string,
  clock: { date: string; time: string },
  calendar: WeekCalendar,
): Promise<number> {
  return inTenant(deps.db, { organizationId, userId: null }, async () => {
    const settings = await repository.lockReminderSettings(organizationId, teamId);
    const due = settings?.enabled ? reminderDue(settings, clock, calendar) : null;
    if (!settings || !due) return 0;
    const [team] = await findActiveTeams(organizationId, [teamId]);
    let sent = 0;
    if (team) {
      const periods = periodsToRemind(due.reminderDate, calendar);
      const missing = await repository.listMissingNumbers(organizationId, teamId, periods);
      if (missing.length > 0) {
        await publishDomainEvent(organizationId, {
          type: NUMBERS_MISSING_EVENT,
          subjectType: 'team',
          subjectId: teamId,
          actorUserId: null,
          data: { teamId, weekStart: due.weekStart, measurables: [...new Set(missing.map((number) => number.title))] },
          occurredAt: new Date(),
        });
      }
      const people = new Map(
        (await listMembersForMatching(organizationId))
          .filter((person) => person.status === 'active')
          .map((person) => [person.userId, person]),
      );
      const byPerson = new Map<string, repository.MissingNumber[]>();
      for (const number of missing) byPerson.set(number.enteredBy, [...(byPerson.get(number.enteredBy) ?? []), number]);
      for (const [userId, numbers] of byPerson) {
        const person = people.get(userId);
        if (!person) continue;
        const periodEnd = (number: repository.MissingNumber) =>
          periods.find((period) => period.frequency === number.frequency)?.periodEnd ?? number.periodStart;
        await deps.mailer.enqueue(
          reminderMail({
            organizationId,
            to: person.email,
            firstName: person.firstName,
            teamId,
            teamName: team.name,
            numbers: numbers.map((number) => ({ ...number, periodEnd: periodEnd(number) })),
            reminder: settings,
            appUrl: deps.appUrl,
          }),
        );
        sent += 1;
      }
    }
    await repository.markReminded(organizationId, teamId, due.weekStart);
    return sent;
  });
}

/** One run over every team with a reminder on; one organization's failure does not hold back the others. */
export async function runScorecardReminders(deps: ScorecardRemindersDeps, now: Date): Promise<number> {
  const schedules = await repository.listReminderSchedules(deps.ownerSql);
  const byOrganization = new Map<string, repository.ReminderSchedule[]>();
  for (const schedule of schedules) {
    byOrganization.set(schedule.organizationId, [...(byOrganization.get(schedule.organizationId) ?? []), schedule]);
  }
  let sent = 0;
  const failures: string[] = [];
  for (const [organizationId, teams] of byOrganization) {
    try {
      const organization = await readInTenant(deps.db, { organizationId, userId: null }, () =>
        findOrganization(organizationId),
      );
      if (!organization) continue;
      const calendar = {
        weekStartDay: organization.weekStartDay,
        fiscalYearStartMonth: organization.fiscalYearStartMonth,
      };
      const clock = localClock(organization.timezone, now);
      for (const schedule of teams) {
        // Checked here first without a lock so that a quiet run opens no write transaction at all.
        if (!reminderDue(schedule, clock, calendar)) continue;
        sent += await remindTeam(deps, organizationId, schedule.teamId, clock, calendar);
      }
    } catch (error) {
      deps.log.error({ err: error, organizationId }, 'scorecard reminders failed for an organization');
      failures.push(organizationId);
    }
  }
  if (failures.length > 0) throw new Error(`Scorecard reminders failed for ${failures.length} organization(s)`);
  return sent;
}

/**
 * Defines the `scorecard.reminders` job (before `jobs.prepare()`) and answers `schedule`, to call once
 * the queues exist. The payload's `at` stands in for the clock (tests); scheduled runs leave it out.
 */
export function defineScorecardReminders(deps: ScorecardRemindersDeps & { jobs: JobQueue }) {
  let warned = false;
  deps.jobs.define({
    kind: 'scorecard.reminders',
    payload: z.object({ at: z.iso.datetime().optional() }),
    retryLimit: 2,
    retryDelaySeconds: 60,
    expireInSeconds: 10 * 60,
    async run(payload) {
      if (!warned && !(await repository.ownerReadsAllTenants(deps.ownerSql))) {
        warned = true;
        deps.log.warn(
          {},
          'scorecard reminders: the database owner cannot read past row-level security, so no team is found',
        );
      }
      await runScorecardReminders(deps, payload.at ? new Date(payload.at) : new Date());
    },
  });
  return {
    schedule: () =>
      deps.jobs.schedule(
        'scorecard.reminders',
        SCORECARD_REMINDERS_CRON,
        {},
        { organizationId: null, description: 'Scorecard reminders' },
      ),
  };
}
