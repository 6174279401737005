import { beforeAll, describe, expect, it } from 'vitest';
import type { Meeting } from '@keel/contract';
import { pdfText } from '../../test-support/pdf-text.js';
import { addTeam, useTeamSuite } from '../../test-support/team-fixtures.js';
import { bodyOf, queryAsOwner } from '../../test-support/test-app.js';

const { state: t, call } = useTeamSuite();

const pdfOf = (meetingId: string) => `/meetings/${meetingId}/summary.pdf`;

beforeAll(async () => {
  await queryAsOwner(
    t.context.database,
    `update users set first_name = 'Zoë', last_name = 'Ørsted' where id = '${t.owner.user.id}'`,
  );
  await queryAsOwner(
    t.context.database,
    `update users set first_name = 'Łukasz', last_name = 'Żółć' where id = '${t.member.user.id}'`,
  );
  await queryAsOwner(t.context.database, `update organizations set timezone = 'Asia/Tokyo' where id = '${t.orgId}'`);
});

async function startMeeting(teamId: string) {
  const response = await call(t.owner, 'POST', '/meetings', { teamId, typeKey: 'weekly-accountability' });
  expect(response.statusCode, response.body).toBe(201);
  return bodyOf<{ data: Meeting }>(response).data;
}

describe('GET /meetings/:id/summary.pdf', () => {
  it('answers 401 without a token, 400 for a malformed id, 404 to another organization, 409 before it ends', async () => {
    const team = await addTeam(t.context, t.owner, 'PDF access');
    const meeting = await startMeeting(team);
    expect((await call(null, 'GET', pdfOf(meeting.id))).statusCode).toBe(401);
    expect((await call(t.owner, 'GET', pdfOf('not-an-id'))).statusCode).toBe(400);
    expect((await call(t.other, 'GET', pdfOf(meeting.id))).statusCode).toBe(404);
    const elsewhere = await call(t.other, 'GET', pdfOf(meeting.id), undefined, t.other.user.organizationId);
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json()).toMatchObject({ code: 'meeting.not_found' });

    const running = await call(t.owner, 'GET', pdfOf(meeting.id));
    expect(running.statusCode).toBe(409);
    expect(running.json()).toMatchObject({
      code: 'meeting.not_concluded',
      error: 'This meeting has not ended yet: its PDF is ready once it is concluded',
    });
    await call(t.owner, 'POST', `/meetings/${meeting.id}/conclude`, {});
  });

  it('is the concluded meeting’s record, with accented names as text, for any reader', async () => {
    const team = await addTeam(t.context, t.owner, 'Kraków office', [
      t.owner.user.id,
      t.member.user.id,
      t.observer.user.id,
    ]);
    const meeting = await startMeeting(team);
    expect(
      (await call(t.owner, 'PUT', `/meetings/${meeting.id}/attendance`, { userId: t.member.user.id, present: true }))
        .statusCode,
    ).toBe(200);
    const roles = await call(t.owner, 'PUT', `/meetings/${meeting.id}/roles`, {
      facilitatorId: t.owner.user.id,
      scribeId: t.member.user.id,
    });
    expect(roles.statusCode, roles.body).toBe(200);
    const issue = await call(t.owner, 'POST', '/issues', { teamId: team, title: 'Łódź deliveries are late' });
    const { id: issueId, version } = bodyOf<{ data: { id: string; version: number } }>(issue).data;
    const solved = await call(t.owner, 'POST', `/issues/${issueId}/solve`, {
      version,
      todos: [{ title: 'Call the Łódź depot', ownerIds: [t.member.user.id] }],
    });
    expect(solved.statusCode, solved.body).toBe(200);
    await call(t.owner, 'PUT', `/meetings/${meeting.id}/rating`, { rating: 9, comment: 'Très bien' });
    await call(t.member, 'PUT', `/meetings/${meeting.id}/rating`, { rating: 6 });
    const noted = await call(t.member, 'PUT', `/meetings/${meeting.id}/notes`, {
      notes: 'Łukasz calls the depot\nZoë checks the invoices',
      notesVersion: 1,
    });
    expect(noted.statusCode, noted.body).toBe(200);
    const concluded = bodyOf<{ data: Meeting }>(
      await call(t.owner, 'POST', `/meetings/${meeting.id}/conclude`, {}),
    ).data;
    const due = concluded.recap!.newTodos[0]!.dueDate;

    const response = await call(t.observer, 'GET', pdfOf(meeting.id));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent('Kraków office - Weekly Accountability Meeting - ')}`,
    );
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="Krak_w office - [^"]+\.pdf"/);
    expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const lines = pdfText(response.rawPayload);
    const ended = new Date(concluded.endedAt!);
    const tokyoDay = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Asia/Tokyo',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
    }).format(ended);
    expect(lines).toEqual(
      expect.arrayContaining([
        'Weekly Accountability Meeting',
        'Kraków office',
        'Facilitator: Zoë Ørsted    Scribe: Łukasz Żółć',
        'Attendance: 2 of 3 present',
        '•  Zoë Ørsted: present, 9 / 10 — “Très bien”',
        '•  Łukasz Żółć: present, 6 / 10',
        '•  Grace Hopper: absent',
        'Average rating: 7.5 / 10',
        // The organization's words (a new organization calls to-dos "Tasks").
        'New Tasks',
        'Issues solved',
        `•  Call the Łódź depot — Łukasz Żółć, due ${due}`,
        '•  Łódź deliveries are late',
        '•  Issues: 0 min of 60 min',
        'No messages were cascaded.',
        'Notes',
        'Łukasz calls the depot',
        'Zoë checks the invoices',
      ]),
    );
    const when = lines.find((line) => line.endsWith('(Asia/Tokyo)'));
    expect(when).toContain(tokyoDay);
  });
});
