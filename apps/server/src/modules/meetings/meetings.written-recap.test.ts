import type { Meeting } from '@keel/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validAnswers } from '../../test-support/assistant-fixture.js';
import { startModelStandIn, type ModelStandIn } from '../../test-support/model-stand-in.js';
import { addTeam, useTeamSuite } from '../../test-support/team-fixtures.js';
import { bodyOf, mailsTo } from '../../test-support/test-app.js';

const WRITTEN = 'The team solved the slow hiring by posting the job ad this week.';

let standIn: ModelStandIn;
beforeAll(async () => {
  standIn = await startModelStandIn();
  standIn.answer((request) =>
    request.body.response_format?.json_schema?.name === 'meeting_recap'
      ? { kind: 'text', text: JSON.stringify({ recap: WRITTEN }) }
      : validAnswers(request),
  );
});
afterAll(async () => standIn.close());

const { state: t, call } = useTeamSuite([], () => ({
  ASSISTANT_MODEL_PROVIDER: 'openai-compatible',
  ASSISTANT_MODEL_BASE_URL: standIn.baseUrl,
  ASSISTANT_MODEL_API_KEY: 'sk-recap-test-key',
  ASSISTANT_MODEL_NAME: 'stand-in-model',
  ASSISTANT_MODEL_TIMEOUT_MS: '2000',
}));

/** A meeting of a new team (owner present, member absent) that solved an issue into a to-do, then concluded. */
async function concludedMeeting(teamName: string) {
  const team = await addTeam(t.context, t.owner, teamName, [t.owner.user.id, t.member.user.id]);
  const started = await call(t.owner, 'POST', '/meetings', { teamId: team, typeKey: 'weekly-accountability' });
  expect(started.statusCode, started.body).toBe(201);
  const meeting = bodyOf<{ data: Meeting }>(started).data;
  const issue = bodyOf<{ data: { id: string; version: number } }>(
    await call(t.owner, 'POST', '/issues', { teamId: team, title: 'Hiring is slow' }),
  ).data;
  await call(t.owner, 'POST', `/issues/${issue.id}/solve`, {
    version: issue.version,
    todos: [{ title: 'Post the job ad', ownerIds: [t.owner.user.id] }],
  });
  const concluded = await call(t.owner, 'POST', `/meetings/${meeting.id}/conclude`, {});
  expect(concluded.statusCode, concluded.body).toBe(200);
  return bodyOf<{ data: Meeting }>(concluded).data;
}

const meetingOf = async (id: string) => bodyOf<{ data: Meeting }>(await call(t.owner, 'GET', `/meetings/${id}`)).data;

describe("a concluded meeting's recap in words", () => {
  it('is not drafted while the model is off for the organization: the mails carry the structured recap alone', async () => {
    const before = standIn.received.length;
    const meeting = await concludedMeeting('Offline recap');
    const [summary] = await mailsTo(t.context, t.owner.user.email);
    expect(summary?.text_body).toContain('Hiring is slow');
    expect(summary?.text_body).not.toContain('Recap (drafted by the assistant)');
    expect((await meetingOf(meeting.id)).writtenRecap).toBeNull();
    expect(standIn.received.length).toBe(before);
  });

  it('is drafted by the model once on, stored as drafted, and opens the summary and catch-up mails', async () => {
    const settings = await call(t.owner, 'PUT', '/priority-assistant/settings', { modelEnabled: true, version: 1 });
    expect(settings.statusCode, settings.body).toBe(200);
    const meeting = await concludedMeeting('Drafted recap');
    const [summary] = await mailsTo(t.context, t.owner.user.email);
    expect(summary?.subject).toBe('Summary: Drafted recap Weekly Accountability Meeting');
    const text = summary!.text_body;
    expect(text).toContain(`Recap (drafted by the assistant):\n${WRITTEN}\n`);
    expect(text.indexOf(WRITTEN)).toBeLessThan(text.indexOf('Post the job ad'));
    const [catchUp] = await mailsTo(t.context, t.member.user.email);
    expect(catchUp?.text_body).toContain(WRITTEN);
    expect((await meetingOf(meeting.id)).writtenRecap).toEqual({ text: WRITTEN, drafted: true });

    const [system, user] = standIn.received.at(-1)!.body.messages;
    expect(system!.content).not.toContain('Hiring is slow');
    expect(JSON.parse(user!.content)).toMatchObject({ solvedIssues: ['Hiring is slow'] });
  });

  it('falls back to the structured recap alone when the model fails', async () => {
    standIn.answer({ kind: 'status', status: 500 });
    try {
      const meeting = await concludedMeeting('Failed recap');
      const [summary] = await mailsTo(t.context, t.owner.user.email);
      expect(summary?.subject).toBe('Summary: Failed recap Weekly Accountability Meeting');
      expect(summary?.text_body).not.toContain('Recap (drafted by the assistant)');
      expect(summary?.text_body).toContain('Hiring is slow');
      expect((await meetingOf(meeting.id)).writtenRecap).toBeNull();
    } finally {
      standIn.answer((request) =>
        request.body.response_format?.json_schema?.name === 'meeting_recap'
          ? { kind: 'text', text: JSON.stringify({ recap: WRITTEN }) }
          : validAnswers(request),
      );
    }
  });

  it('is edited by the facilitator at the meeting version, and is then no longer marked as drafted', async () => {
    const meeting = await concludedMeeting('Edited recap');
    await t.context.app.jobs.whenIdle();
    const drafted = await meetingOf(meeting.id);
    expect(drafted.writtenRecap?.drafted).toBe(true);
    const path = `/meetings/${meeting.id}/written-recap`;
    const body = { text: 'We fixed hiring: the ad is out.', version: drafted.version };

    expect((await call(null, 'PATCH', path, body)).statusCode).toBe(401);
    expect((await call(t.owner, 'PATCH', path, { ...body, text: '   ' })).statusCode).toBe(400);
    expect((await call(t.owner, 'PATCH', path, { ...body, extra: 1 })).statusCode).toBe(400);
    expect((await call(t.member, 'PATCH', path, body)).statusCode).toBe(403);
    expect((await call(t.observer, 'PATCH', path, body)).statusCode).toBe(403);
    expect((await call(t.other, 'PATCH', path, body, t.other.user.organizationId)).statusCode).toBe(404);
    expect((await call(t.owner, 'PATCH', path, { ...body, version: drafted.version - 1 })).statusCode).toBe(409);

    const edited = await call(t.owner, 'PATCH', path, body);
    expect(edited.statusCode, edited.body).toBe(200);
    expect(bodyOf<{ data: Meeting }>(edited).data.writtenRecap).toEqual({ text: body.text, drafted: false });

    const running = bodyOf<{ data: Meeting }>(
      await call(t.owner, 'POST', '/meetings', { teamId: t.teamId, typeKey: 'weekly-accountability' }),
    ).data;
    const early = await call(t.owner, 'PATCH', `/meetings/${running.id}/written-recap`, {
      ...body,
      version: running.version,
    });
    expect(early.statusCode).toBe(409);
    expect(bodyOf<{ code: string }>(early).code).toBe('meeting.not_concluded');
  });
});
