import { beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '@keel/contract';
import { inAccountScope } from '../../db/scope.js';
import { addTeam, useTeamSuite } from '../../test-support/team-fixtures.js';
import { addMember, mailsTo, queryAsOwner } from '../../test-support/test-app.js';
import { localClock, periodsToRemind, reminderDue } from './scorecard.reminders.job.js';

const { state: t } = useTeamSuite();

/** Thursday 26 November 2026, 17:00 UTC: the organization under test keeps UTC and Monday weeks. */
const THURSDAY_5PM = '2026-11-26T17:00:00.000Z';
const WEEK = '2026-11-23';

/** One run of the job as the scheduler starts it, at the given instant, and everything it queued delivered. */
async function runAt(at: string) {
  const { app, database } = t.context;
  await inAccountScope(database.db, () =>
    app.jobs.enqueue('scorecard.reminders', { at }, { organizationId: null, description: 'Scorecard reminders' }),
  );
  await app.jobs.whenIdle();
}

const sqlText = (value: string | null) => (value === null ? 'null' : `'${value}'`);

async function reminderOn(organizationId: string, teamId: string, weekday: number, time: string) {
  await queryAsOwner(
    t.context.database,
    `insert into scorecard_team_settings (organization_id, team_id, reminder_enabled, reminder_weekday, reminder_time)
     values ('${organizationId}', '${teamId}', true, ${weekday}, '${time}')`,
  );
}

async function addMeasurable(
  organizationId: string,
  teamId: string,
  fields: {
    title: string;
    ownerId: string;
    dataEntryUserId?: string;
    frequency?: string;
    kind?: string;
    archived?: boolean;
  },
): Promise<string> {
  const [row] = await queryAsOwner<{ id: string }>(
    t.context.database,
    `insert into measurables (organization_id, team_id, position, title, owner_id, data_entry_user_id, frequency, kind,
                              starts_on, archived_at)
     values ('${organizationId}', '${teamId}', 0, '${fields.title}', '${fields.ownerId}', ${sqlText(fields.dataEntryUserId ?? null)},
             '${fields.frequency ?? 'weekly'}', '${fields.kind ?? 'manual'}', '2026-01-05', ${fields.archived ? 'now()' : 'null'})
     returning id`,
  );
  return row!.id;
}

async function addScore(organizationId: string, measurableId: string, periodStart: string, value: number) {
  await queryAsOwner(
    t.context.database,
    `insert into measurable_scores (organization_id, measurable_id, period_start, value)
     values ('${organizationId}', '${measurableId}', '${periodStart}', ${value})`,
  );
}

const remindedPeriod = async (teamId: string) =>
  (
    await queryAsOwner<{ period: string | null }>(
      t.context.database,
      `select last_reminded_period::text as period from scorecard_team_settings where team_id = '${teamId}'`,
    )
  )[0]?.period;

let owner: Session;
let typist: Session;
let quiet: Session;

beforeAll(async () => {
  await queryAsOwner(
    t.context.database,
    `update organizations set timezone = 'UTC', week_start_day = 1 where id = '${t.orgId}'`,
  );
  owner = await addMember(t.context, t.orgId, 'member');
  typist = await addMember(t.context, t.orgId, 'member');
  quiet = await addMember(t.context, t.orgId, 'member');
});

describe('scorecard reminders', () => {
  it("mails each person their missing numbers once the team's time has passed, once a week", async () => {
    const teamId = await addTeam(t.context, t.owner, 'Reminded');
    await reminderOn(t.orgId, teamId, 4, '16:00');
    await addMeasurable(t.orgId, teamId, { title: 'Calls made', ownerId: owner.user.id });
    await addMeasurable(t.orgId, teamId, {
      title: 'Invoices sent',
      ownerId: owner.user.id,
      dataEntryUserId: typist.user.id,
    });
    const entered = await addMeasurable(t.orgId, teamId, { title: 'Demos held', ownerId: owner.user.id });
    await addScore(t.orgId, entered, WEEK, 4);
    await addMeasurable(t.orgId, teamId, { title: 'Monthly churn', ownerId: owner.user.id, frequency: 'monthly' });
    await addMeasurable(t.orgId, teamId, { title: 'Quarterly NPS', ownerId: owner.user.id, frequency: 'quarterly' });
    await addMeasurable(t.orgId, teamId, { title: 'Old measure', ownerId: owner.user.id, archived: true });
    await addMeasurable(t.orgId, teamId, { title: 'Computed ratio', ownerId: owner.user.id, kind: 'formula' });

    await runAt('2026-11-26T15:59:00.000Z');
    expect(await mailsTo(t.context, owner.user.email)).toEqual([]);
    expect(await remindedPeriod(teamId)).toBeNull();

    await runAt(THURSDAY_5PM);
    const [mail, ...more] = await mailsTo(t.context, owner.user.email);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe('2 numbers to enter for Reminded');
    expect(mail?.text_body).toContain('- Calls made (week of Nov 23');
    expect(mail?.text_body).toContain('- Monthly churn (month of Nov 1');
    expect(mail?.text_body).toContain(`http://keel.test/scorecard?teamId=${teamId}&enter=mine`);
    for (const absent of ['Demos held', 'Quarterly NPS', 'Old measure', 'Computed ratio', 'Invoices sent']) {
      expect(mail?.text_body).not.toContain(absent);
    }
    // The data-entry person types the number, so the reminder goes to them rather than to the owner.
    const [typed] = await mailsTo(t.context, typist.user.email);
    expect(typed?.subject).toBe('1 number to enter for Reminded');
    expect(typed?.text_body).toContain('- Invoices sent');
    expect(await remindedPeriod(teamId)).toBe(WEEK);

    await runAt('2026-11-27T09:00:00.000Z');
    expect(await mailsTo(t.context, owner.user.email)).toHaveLength(1);
  });

  it('sends nothing before the time, and nothing when every number is in', async () => {
    const later = await addTeam(t.context, t.owner, 'Friday team');
    await reminderOn(t.orgId, later, 5, '09:00');
    await addMeasurable(t.orgId, later, { title: 'Friday number', ownerId: quiet.user.id });
    const complete = await addTeam(t.context, t.owner, 'Complete team');
    await reminderOn(t.orgId, complete, 4, '08:00');
    const done = await addMeasurable(t.orgId, complete, { title: 'Done number', ownerId: quiet.user.id });
    await addScore(t.orgId, done, WEEK, 1);

    await runAt(THURSDAY_5PM);
    expect(await mailsTo(t.context, quiet.user.email)).toEqual([]);
    expect(await remindedPeriod(later)).toBeNull();
    expect(await remindedPeriod(complete)).toBe(WEEK);
  });

  it("reads the team's weekday and time in its organization's time zone", async () => {
    const auckland = t.other.user.organizationId;
    await queryAsOwner(
      t.context.database,
      `update organizations set timezone = 'Pacific/Auckland', week_start_day = 1 where id = '${auckland}'`,
    );
    // Friday 08:00 in Auckland is Thursday 19:00 UTC (New Zealand keeps daylight time in November).
    await reminderOn(auckland, t.otherTeamId, 5, '08:00');
    await addMeasurable(auckland, t.otherTeamId, { title: 'Kiwi number', ownerId: t.other.user.id });

    await runAt('2026-11-26T18:59:00.000Z');
    expect(await mailsTo(t.context, t.other.user.email)).toEqual([]);
    await runAt('2026-11-26T19:00:00.000Z');
    const [mail] = await mailsTo(t.context, t.other.user.email);
    expect(mail?.text_body).toContain('- Kiwi number (week of Nov 23');
    expect(await remindedPeriod(t.otherTeamId)).toBe(WEEK);
  });
});

describe('when a reminder is due', () => {
  const monday = { weekStartDay: 1, fiscalYearStartMonth: 1 };

  it('counts the weekday from the organization’s week start', () => {
    const schedule = { weekday: 0, time: '18:00', lastRemindedPeriod: null };
    // Sunday is the last day of a Monday week: not yet on Thursday, due on Sunday evening.
    expect(reminderDue(schedule, { date: '2026-11-26', time: '20:00' }, monday)).toBeNull();
    expect(reminderDue(schedule, { date: '2026-11-29', time: '18:00' }, monday)).toEqual({
      weekStart: '2026-11-23',
      reminderDate: '2026-11-29',
    });
    // In a Sunday week the same Sunday opens the week.
    const sunday = { weekStartDay: 0, fiscalYearStartMonth: 1 };
    expect(reminderDue(schedule, { date: '2026-11-29', time: '18:00' }, sunday)?.weekStart).toBe('2026-11-29');
  });

  it('asks for a month or a quarter only in its last week', () => {
    expect(periodsToRemind('2026-11-12', monday).map((period) => period.frequency)).toEqual(['weekly']);
    expect(periodsToRemind('2026-12-28', monday).map((period) => period.frequency)).toEqual([
      'weekly',
      'monthly',
      'quarterly',
    ]);
  });

  it('reads the wall clock of a time zone', () => {
    expect(localClock('America/New_York', new Date('2026-11-26T03:30:00Z'))).toEqual({
      date: '2026-11-25',
      time: '22:30',
    });
  });
});
