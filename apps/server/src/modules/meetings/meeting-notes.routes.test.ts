import { describe, expect, it } from 'vitest';
import { MEETING_NOTES_MAX, type Meeting, type MeetingListItem } from '@keel/contract';
import { addTeam, useTeamSuite } from '../../test-support/team-fixtures.js';
import { bearer, bodyOf } from '../../test-support/test-app.js';

const { state: t, call } = useTeamSuite();

const notesOf = (meetingId: string) => `/meetings/${meetingId}/notes`;

async function startMeeting(teamId: string) {
  const response = await call(t.owner, 'POST', '/meetings', { teamId, typeKey: 'weekly-express' });
  expect(response.statusCode, response.body).toBe(201);
  return bodyOf<{ data: Meeting }>(response).data;
}

describe('PUT /meetings/:id/notes', () => {
  it('saves the notes with their end trimmed, and the history list carries none of them', async () => {
    const team = await addTeam(t.context, t.owner, 'Notes route');
    const meeting = await startMeeting(team);
    const saved = await call(t.owner, 'PUT', notesOf(meeting.id), {
      notes: '  Agreed:\n- ship it \n\n',
      notesVersion: 1,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(bodyOf<{ data: Meeting }>(saved).data).toMatchObject({ notes: '  Agreed:\n- ship it', notesVersion: 2 });

    const longest = `${'n'.repeat(MEETING_NOTES_MAX)}   \n`;
    const full = await call(t.owner, 'PUT', notesOf(meeting.id), { notes: longest, notesVersion: 2 });
    expect(full.statusCode, full.body).toBe(200);
    expect(bodyOf<{ data: Meeting }>(full).data.notes).toHaveLength(MEETING_NOTES_MAX);

    const list = bodyOf<{ data: MeetingListItem[] }>(await call(t.member, 'GET', `/meetings?teamId=${team}`));
    expect(list.data[0]!.id).toBe(meeting.id);
    expect(list.data[0]).not.toHaveProperty('notes');
    expect(list.data[0]).not.toHaveProperty('notesVersion');
    await call(t.owner, 'POST', `/meetings/${meeting.id}/conclude`, {});
  });

  it('answers 401 without a token, 400 for a malformed id or body, 403 to others, 404 across organizations, 409 once ended', async () => {
    const team = await addTeam(t.context, t.owner, 'Notes refusals', [t.owner.user.id, t.member.user.id]);
    const meeting = await startMeeting(team);
    const valid = { notes: 'Fine', notesVersion: 1 };

    expect((await call(null, 'PUT', notesOf(meeting.id), valid)).statusCode).toBe(401);
    expect((await call(t.owner, 'PUT', notesOf('not-an-id'), valid)).statusCode).toBe(400);
    for (const body of [
      {},
      { notes: 'No version' },
      { notesVersion: 1 },
      { notes: 42, notesVersion: 1 },
      { notes: 'Zero', notesVersion: 0 },
      { notes: 'Half', notesVersion: 1.5 },
      { notes: 'Extra', notesVersion: 1, version: 3 },
      { notes: 'x'.repeat(MEETING_NOTES_MAX + 1), notesVersion: 1 },
    ]) {
      const refused = await call(t.owner, 'PUT', notesOf(meeting.id), body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
    }
    const tooLong = await call(t.owner, 'PUT', notesOf(meeting.id), {
      notes: 'x'.repeat(MEETING_NOTES_MAX + 1),
      notesVersion: 1,
    });
    expect(tooLong.json()).toMatchObject({ error: `Notes are at most ${MEETING_NOTES_MAX} characters` });
    const malformed = await t.context.app.inject({
      method: 'PUT',
      url: `/api/v1/organizations/${t.orgId}${notesOf(meeting.id)}`,
      headers: { ...bearer(t.owner), 'content-type': 'application/json' },
      payload: '{"notes":',
    });
    expect(malformed.statusCode).toBe(400);

    const attendee = await call(t.member, 'PUT', notesOf(meeting.id), valid);
    expect(attendee.statusCode).toBe(403);
    expect(attendee.json()).toMatchObject({ code: 'meeting.facilitator_only' });
    expect((await call(t.observer, 'PUT', notesOf(meeting.id), valid)).statusCode).toBe(403);

    expect((await call(t.other, 'PUT', notesOf(meeting.id), valid)).statusCode).toBe(404);
    const elsewhere = await call(t.other, 'PUT', notesOf(meeting.id), valid, t.other.user.organizationId);
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json()).toMatchObject({ code: 'meeting.not_found' });
    expect(bodyOf<{ data: Meeting }>(await call(t.owner, 'GET', `/meetings/${meeting.id}`)).data.notes).toBe('');

    await call(t.owner, 'PUT', notesOf(meeting.id), valid);
    const stale = await call(t.owner, 'PUT', notesOf(meeting.id), { notes: 'Over it', notesVersion: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'meeting.notes_changed' });

    await call(t.owner, 'POST', `/meetings/${meeting.id}/conclude`, {});
    const ended = await call(t.owner, 'PUT', notesOf(meeting.id), { notes: 'After', notesVersion: 2 });
    expect(ended.statusCode).toBe(409);
    expect(ended.json()).toMatchObject({
      code: 'meeting.notes_frozen',
      error: 'This meeting has ended: its notes are kept as they were when it ended and can no longer be changed.',
    });
  });
});
