import { describe, expect, it } from 'vitest';
import { sectionSecondsAt, type Meeting } from '@keel/contract';
import { addTeam, useTeamSuite } from '../../test-support/team-fixtures.js';
import { recordedChanges } from '../../test-support/test-app.js';
import { createMeetingsService } from './meetings.service.js';

const { state: t } = useTeamSuite();
const meta = { ipAddress: 'test', userAgent: 'vitest' };

/** A service on the suite's database whose clock the test moves by hand. */
function clockedService() {
  let at = Date.parse('2026-11-23T09:00:00.000Z');
  const { changes, events } = recordedChanges();
  const service = createMeetingsService({ db: t.context.database.db, changes, now: () => new Date(at) });
  return {
    service,
    events,
    advance: (seconds: number) => {
      at += seconds * 1000;
    },
    spent: (meeting: Meeting) => sectionSecondsAt(meeting, at),
  };
}

const owner = () => ({ organizationId: t.orgId, userId: t.owner.user.id });
const member = () => ({ organizationId: t.orgId, userId: t.member.user.id });

describe('the meeting state machine', () => {
  it('starts, moves, pauses, resumes and concludes, keeping the time of every section', async () => {
    const { service, advance, spent, events } = clockedService();
    const team = await addTeam(t.context, t.owner, 'Clock');
    const started = await service.start(owner(), { teamId: team, typeKey: 'weekly-accountability' }, meta);
    expect(started).toMatchObject({ status: 'live', currentSection: 0, facilitatorId: t.owner.user.id });
    expect(started.sections.map((section) => section.minutes)).toEqual([5, 5, 5, 5, 5, 60, 5]);
    expect(started.attendees.find((person) => person.userId === t.owner.user.id)?.present).toBe(true);
    expect(events.at(-1)).toMatchObject({ entity: 'meeting', action: 'created', teamId: team });

    advance(200);
    const moved = await service.navigate(owner(), started.id, { from: 0, to: 1 });
    expect(moved.sections[0]!.spentSeconds).toBe(200);
    expect(spent(moved)).toEqual([200, 0, 0, 0, 0, 0, 0]);

    advance(30);
    const paused = await service.pause(owner(), started.id);
    expect(paused).toMatchObject({ status: 'paused', sectionStartedAt: null });
    advance(600);
    expect(spent(paused)[1]).toBe(30);
    const resumed = await service.resume(owner(), started.id);
    advance(45);
    expect(spent(resumed)[1]).toBe(75);

    const back = await service.navigate(owner(), started.id, { from: 1, to: 0 });
    advance(10);
    expect(spent(back).slice(0, 2)).toEqual([210, 75]);

    await service.rate(owner(), started.id, { rating: 9 });
    await service.rate(member(), started.id, { rating: 6, comment: 'Ran long' });
    const concluded = await service.conclude(owner(), started.id, meta);
    expect(concluded).toMatchObject({ status: 'concluded', sectionStartedAt: null, averageRating: 7.5 });
    // The history's row carries the same average, read from the ratings without loading the attendees.
    const listed = await service.list(owner(), { teamId: started.teamId, limit: 25 });
    expect(listed.data.find((item) => item.id === started.id)).toMatchObject({ averageRating: 7.5, attendeeCount: 2 });
    expect(concluded.sections.map((section) => section.spentSeconds).slice(0, 2)).toEqual([210, 75]);
    expect(concluded.endedAt).not.toBeNull();
    advance(1000);
    expect(spent(concluded).slice(0, 2)).toEqual([210, 75]);
  });

  it('keeps its clock in the database: a new process (a restart) picks the meeting up where it was', async () => {
    const first = clockedService();
    const team = await addTeam(t.context, t.owner, 'Restart');
    const started = await first.service.start(owner(), { teamId: team, typeKey: 'weekly-express' }, meta);
    first.advance(90);

    const second = clockedService();
    second.advance(90);
    const read = await second.service.get(owner(), started.id);
    expect(second.spent(read)[0]).toBe(90);
    expect(read.status).toBe('live');
  });

  it('refuses a second running meeting for the team, a second conclude, and moves from a stale section', async () => {
    const { service } = clockedService();
    const team = await addTeam(t.context, t.owner, 'Races');
    const started = await service.start(owner(), { teamId: team, typeKey: 'weekly-accountability' }, meta);
    await expect(service.start(owner(), { teamId: team, typeKey: 'weekly-express' }, meta)).rejects.toMatchObject({
      statusCode: 409,
      code: 'meeting.already_running',
    });
    expect((await service.running(owner(), team))?.id).toBe(started.id);

    await service.navigate(owner(), started.id, { from: 0, to: 2 });
    await expect(service.navigate(owner(), started.id, { from: 0, to: 1 })).rejects.toMatchObject({
      statusCode: 409,
      code: 'meeting.moved',
    });
    await service.conclude(owner(), started.id, meta);
    await expect(service.conclude(owner(), started.id, meta)).rejects.toMatchObject({
      statusCode: 409,
      code: 'meeting.already_concluded',
    });
    await expect(service.rate(owner(), started.id, { rating: 5 })).rejects.toMatchObject({ statusCode: 409 });
    expect(await service.running(owner(), team)).toBeNull();
  });

  it('lets only the facilitator, the scribe or an admin move the meeting along', async () => {
    const { service } = clockedService();
    const team = await addTeam(t.context, t.owner, 'Lead');
    const started = await service.start(owner(), { teamId: team, typeKey: 'weekly-accountability' }, meta);
    await expect(service.navigate(member(), started.id, { from: 0, to: 1 })).rejects.toMatchObject({
      statusCode: 403,
      code: 'meeting.facilitator_only',
    });
    await service.roles(owner(), started.id, { facilitatorId: t.owner.user.id, scribeId: t.member.user.id });
    const moved = await service.navigate(member(), started.id, { from: 0, to: 1 });
    expect(moved.currentSection).toBe(1);
  });

  it('schedules a meeting, then starts it', async () => {
    const { service } = clockedService();
    const team = await addTeam(t.context, t.owner, 'Planned');
    const scheduled = await service.start(
      owner(),
      { teamId: team, typeKey: 'quarterly-planning', scheduledAt: '2026-12-01T14:00:00.000Z' },
      meta,
    );
    expect(scheduled).toMatchObject({ status: 'scheduled', startedAt: null, sectionStartedAt: null });
    const begun = await service.begin(member(), scheduled.id);
    expect(begun).toMatchObject({ status: 'live', facilitatorId: t.member.user.id });
    await expect(service.begin(member(), scheduled.id)).rejects.toMatchObject({ code: 'meeting.already_running' });
  });
});
