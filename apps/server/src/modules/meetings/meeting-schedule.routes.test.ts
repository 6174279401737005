import { describe, expect, it } from 'vitest';
import type { Meeting, MeetingType } from '@keel/contract';
import { addTeam, useTeamSuite } from '../../test-support/team-fixtures.js';
import {
  bearer,
  bodyOf,
  createTestApp,
  mailsTo,
  queryAsOwner,
  registerOrganization,
} from '../../test-support/test-app.js';
import { startSmtpCapture } from '../../test-support/smtp-capture.js';

const { state: t, call } = useTeamSuite();

const unfold = (text: string) => text.replace(/\r\n /g, '').split('\r\n');
const weekly = (team: string, rest = '') => `/teams/${team}/meeting-types/weekly-accountability${rest}`;
const inParis = () =>
  queryAsOwner(t.context.database, `update organizations set timezone = 'Europe/Paris' where id = '${t.orgId}'`);

const typeOf = async (team: string, key = 'weekly-accountability') => {
  const response = await call(t.owner, 'GET', `/teams/${team}/meeting-types`);
  return bodyOf<{ data: MeetingType[] }>(response).data.find((type) => type.key === key)!;
};

describe("a team's regular meeting", () => {
  it('keeps the day, time and length on a default agenda, and keeps them when the agenda changes and goes back', async () => {
    const team = await addTeam(t.context, t.owner, 'Regular');
    const saved = await call(t.member, 'PUT', weekly(team, '/schedule'), {
      schedule: { weekday: 2, time: '09:30', minutes: null },
      version: 0,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(bodyOf<{ data: MeetingType }>(saved).data).toMatchObject({
      customized: false,
      schedule: { weekday: 2, time: '09:30', minutes: null },
      version: 1,
    });
    expect((await call(t.member, 'PUT', weekly(team, '/schedule'), { schedule: null, version: 0 })).statusCode).toBe(
      409,
    );

    const before = await typeOf(team);
    const agenda = await call(t.member, 'PUT', weekly(team), {
      name: 'Tuesday huddle',
      sections: before.sections,
      version: before.version,
    });
    expect(agenda.statusCode, agenda.body).toBe(200);
    expect(bodyOf<{ data: MeetingType }>(agenda).data).toMatchObject({
      name: 'Tuesday huddle',
      customized: true,
      schedule: { weekday: 2, time: '09:30' },
    });

    expect((await call(t.member, 'DELETE', weekly(team))).statusCode).toBe(200);
    expect(await typeOf(team)).toMatchObject({
      name: 'Weekly Accountability Meeting',
      customized: false,
      schedule: { weekday: 2, time: '09:30', minutes: null },
    });

    const cleared = await call(t.member, 'PUT', weekly(team, '/schedule'), {
      schedule: null,
      version: (await typeOf(team)).version,
    });
    expect(bodyOf<{ data: MeetingType }>(cleared).data.schedule).toBeNull();
  });

  it('refuses a malformed schedule with a specific message', async () => {
    const team = await addTeam(t.context, t.owner, 'Malformed schedule');
    const refused = async (schedule: unknown) => {
      const response = await call(t.member, 'PUT', weekly(team, '/schedule'), { schedule, version: 0 });
      expect(response.statusCode, response.body).toBe(400);
      return response.body;
    };
    expect(await refused({ weekday: 2, time: '9:30', minutes: null })).toContain(
      'Give the time the meeting starts as hours and minutes, such as 09:30',
    );
    expect(await refused({ weekday: 7, time: '09:30', minutes: null })).toContain(
      'Choose the day of the week the team meets',
    );
    expect(await refused({ weekday: 1, time: '09:30', minutes: 2 })).toContain('A meeting lasts at least 5 minutes');
    expect(await refused({ weekday: 1, time: '09:30', minutes: 1441 })).toContain('at most 1440 minutes');
    expect(
      (
        await call(t.member, 'PUT', `/teams/${team}/meeting-types/nothing-here/schedule`, {
          schedule: null,
          version: 0,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('serves the regular meeting as a weekly event in the organization time zone', async () => {
    await inParis();
    const team = await addTeam(t.context, t.owner, 'Weekly; north, south');
    expect((await call(t.member, 'GET', weekly(team, '/calendar.ics'))).statusCode).toBe(404);
    await call(t.member, 'PUT', weekly(team, '/schedule'), {
      schedule: { weekday: 1, time: '09:00', minutes: 45 },
      version: 0,
    });
    const response = await call(t.observer, 'GET', weekly(team, '/calendar.ics'));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.headers['content-disposition']).toContain(
      'attachment; filename="weekly-north-south-weekly-accountability-meeting-weekly.ics"',
    );
    const lines = unfold(response.body);
    expect(lines).toContain('TZID:Europe/Paris');
    expect(lines).toContain('RRULE:FREQ=WEEKLY;BYDAY=MO');
    expect(lines).toContain('DURATION:PT45M');
    expect(lines).toContain('SUMMARY:Weekly Accountability Meeting\\, Weekly\\; north\\, south');
    expect(lines.find((line) => line.startsWith('DTSTART;TZID=Europe/Paris:'))).toMatch(/T090000$/);
  });

  it('answers 401 without a token, 400 for a malformed id, 403 to observers scheduling, 404 across organizations', async () => {
    const team = await addTeam(t.context, t.owner, 'Guarded schedule');
    await call(t.member, 'PUT', weekly(team, '/schedule'), {
      schedule: { weekday: 3, time: '10:00', minutes: null },
      version: 0,
    });
    const meeting = bodyOf<{ data: Meeting }>(
      await call(t.owner, 'POST', '/meetings', {
        teamId: team,
        typeKey: 'weekly-accountability',
        scheduledAt: '2027-03-30T07:00:00.000Z',
      }),
    ).data;
    const ics = `/meetings/${meeting.id}/calendar.ics`;
    expect((await call(null, 'GET', ics)).statusCode).toBe(401);
    expect((await call(null, 'GET', weekly(team, '/calendar.ics'))).statusCode).toBe(401);
    expect((await call(null, 'PUT', weekly(team, '/schedule'), { schedule: null, version: 1 })).statusCode).toBe(401);
    expect((await call(t.owner, 'GET', '/meetings/not-a-uuid/calendar.ics')).statusCode).toBe(400);
    expect(
      (await call(t.owner, 'GET', '/teams/not-a-uuid/meeting-types/weekly-accountability/calendar.ics')).statusCode,
    ).toBe(400);
    expect((await call(t.owner, 'GET', `/teams/${team}/meeting-types/Not_A_Key/calendar.ics`)).statusCode).toBe(400);
    expect((await call(t.observer, 'PUT', weekly(team, '/schedule'), { schedule: null, version: 1 })).statusCode).toBe(
      403,
    );
    expect((await call(t.other, 'GET', ics, undefined, t.orgId)).statusCode).toBe(404);
    expect((await call(t.other, 'GET', ics, undefined, t.other.user.organizationId)).statusCode).toBe(404);
    expect(
      (await call(t.other, 'GET', weekly(team, '/calendar.ics'), undefined, t.other.user.organizationId)).statusCode,
    ).toBe(404);
    expect(
      (
        await call(
          t.other,
          'PUT',
          weekly(team, '/schedule'),
          { schedule: null, version: 1 },
          t.other.user.organizationId,
        )
      ).statusCode,
    ).toBe(404);
    expect((await call(t.owner, 'GET', weekly(t.otherTeamId, '/calendar.ics'))).statusCode).toBe(404);
  });
});

describe('a scheduled meeting', () => {
  it('is one event at its time in the organization zone, as long as the regular meeting, and invites the team', async () => {
    await inParis();
    const team = await addTeam(t.context, t.owner, 'Invited', [t.owner.user.id, t.member.user.id]);
    await call(t.member, 'PUT', weekly(team, '/schedule'), {
      schedule: { weekday: 2, time: '09:00', minutes: 50 },
      version: 0,
    });
    const response = await call(t.owner, 'POST', '/meetings', {
      teamId: team,
      typeKey: 'weekly-accountability',
      scheduledAt: '2027-03-30T07:00:00.000Z',
    });
    expect(response.statusCode, response.body).toBe(201);
    const meeting = bodyOf<{ data: Meeting }>(response).data;

    const ics = await call(t.observer, 'GET', `/meetings/${meeting.id}/calendar.ics`);
    expect(ics.statusCode, ics.body).toBe(200);
    expect(ics.headers['content-disposition']).toContain('filename="weekly-accountability-meeting-2027-03-30.ics"');
    const lines = unfold(ics.body);
    expect(lines).toContain('DTSTART;TZID=Europe/Paris:20270330T090000');
    expect(lines).toContain('DURATION:PT50M');
    expect(lines).toContain(`UID:meeting-${meeting.id}@keel`);
    expect(lines.some((line) => line.startsWith('RRULE:FREQ=WEEKLY'))).toBe(false);

    const [mail] = await mailsTo(t.context, t.member.user.email);
    expect(mail).toMatchObject({
      subject: 'Invitation: Weekly Accountability Meeting, Tuesday 30 March 2027 at 09:00',
      status: 'logged',
    });
    expect(mail!.text_body).toContain('Invited meets for the Weekly Accountability Meeting on Tuesday 30 March 2027');
    expect(mail!.text_body).toContain('(Europe/Paris time), for 50 minutes');
    expect((await mailsTo(t.context, t.owner.user.email))[0]?.subject).toContain('Invitation: Weekly Accountability');
  });

  it('sends nobody an invitation for a meeting started now', async () => {
    const team = await addTeam(t.context, t.owner, 'Started now', [t.member.user.id]);
    const started = await call(t.owner, 'POST', '/meetings', { teamId: team, typeKey: 'weekly-express' });
    expect(started.statusCode).toBe(201);
    const mails = await mailsTo(t.context, t.member.user.email);
    expect(mails.filter((mail) => mail.subject.includes('Weekly Accountability Meeting (express)'))).toEqual([]);
  });
});

describe('the invitation over SMTP', () => {
  it('carries the meeting as a text/calendar attachment', async () => {
    const smtp = await startSmtpCapture();
    const context = await createTestApp({ SMTP_URL: smtp.url });
    try {
      const owner = await registerOrganization(context.app);
      const organizationId = owner.user.organizationId;
      const team = await addTeam(context, owner, 'Attached', [owner.user.id]);
      const response = await context.app.inject({
        method: 'POST',
        url: `/api/v1/organizations/${organizationId}/meetings`,
        headers: bearer(owner),
        payload: { teamId: team, typeKey: 'weekly-accountability', scheduledAt: '2027-01-12T09:00:00.000Z' },
      });
      expect(response.statusCode, response.body).toBe(201);
      await context.app.jobs.whenIdle(30_000);
      const message = smtp.received.find((received) => received.includes('Invitation: Weekly Accountability'));
      expect(message).toBeDefined();
      expect(message).toMatch(
        /Content-Type: text\/calendar; charset=utf-8;\s+name=weekly-accountability-meeting-2027-01-12\.ics/,
      );
      expect(message).toContain('Content-Disposition: attachment');
      const [headers = '', ...rest] = message!.slice(message!.indexOf('Content-Type: text/calendar')).split('\r\n\r\n');
      const encoded = (rest[0] ?? '').split(/-{2,}/)[0]!.replace(/\s+/g, '');
      const body = /Content-Transfer-Encoding: base64/i.test(headers)
        ? Buffer.from(encoded, 'base64').toString('utf8')
        : encoded;
      expect(body).toContain('BEGIN:VCALENDAR');
      expect(body).toContain('DTSTART:20270112T090000Z');
    } finally {
      await context.close();
      await smtp.close();
    }
  }, 60_000);
});
