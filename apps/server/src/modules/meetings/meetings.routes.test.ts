import { describe, expect, it } from 'vitest';
import type { Meeting, MeetingListItem, MeetingType } from '@keel/contract';
import { addTeam, useTeamSuite } from '../../test-support/team-fixtures.js';
import { bearer, bodyOf, mailsTo } from '../../test-support/test-app.js';

const { state: t, call } = useTeamSuite();

const start = async (teamId: string, typeKey = 'weekly-accountability', extra: Record<string, unknown> = {}) => {
  const response = await call(t.owner, 'POST', '/meetings', { teamId, typeKey, ...extra });
  expect(response.statusCode, response.body).toBe(201);
  return bodyOf<{ data: Meeting }>(response).data;
};

const typesOf = async (teamId: string) => {
  const response = await call(t.owner, 'GET', `/teams/${teamId}/meeting-types`);
  expect(response.statusCode, response.body).toBe(200);
  return bodyOf<{ data: MeetingType[] }>(response).data;
};

describe('meeting types', () => {
  it('gives every team the four built-in agendas, in the organization words, changed by the methodology', async () => {
    const team = await addTeam(t.context, t.owner, 'Agendas');
    const neutral = await typesOf(team);
    expect(neutral.map((type) => type.key)).toEqual([
      'weekly-accountability',
      'weekly-express',
      'quarterly-planning',
      'annual-planning',
    ]);
    expect(neutral[0]).toMatchObject({ name: 'Weekly Accountability Meeting', customized: false, version: 0 });
    expect(neutral[0]!.sections.map((section) => section.kind)).toEqual([
      'check_in',
      'scorecard',
      'priorities',
      'headlines',
      'todos',
      'issues',
      'conclude',
    ]);
    expect(neutral[0]!.sections[1]!.title).toBe('Metrics');
    expect(JSON.stringify(neutral)).not.toMatch(/Level 10|Rock|IDS|EOS/);

    const applied = await t.context.app.inject({
      method: 'POST',
      url: `/api/v1/terminology/organizations/${t.orgId}/apply-preset`,
      headers: bearer(t.owner),
      payload: { preset: '4dx' },
    });
    expect(applied.statusCode, applied.body).toBe(200);
    const wig = await typesOf(team);
    expect(wig[0]!.name).toBe('WIG Session');
    expect(wig[0]!.sections.map((section) => section.kind)).toEqual([
      'scorecard',
      'account',
      'clear_path',
      'commit',
      'conclude',
    ]);
    for (const [path, payload] of [
      ['apply-preset', { preset: 'custom' }],
      ['reset', {}],
    ] as const) {
      const restored = await t.context.app.inject({
        method: 'POST',
        url: `/api/v1/terminology/organizations/${t.orgId}/${path}`,
        headers: bearer(t.owner),
        payload,
      });
      expect(restored.statusCode, restored.body).toBe(200);
    }
    expect((await typesOf(team))[1]!.sections.map((section) => section.minutes)).toEqual([2, 5, 3, 5, 12, 3]);
  });

  it('saves a team agenda with its version, refuses a stale one, goes back to the default, and adds types', async () => {
    const team = await addTeam(t.context, t.owner, 'Own agenda');
    const [weekly] = await typesOf(team);
    const sections = weekly!.sections.map((section) =>
      section.kind === 'issues' ? { ...section, minutes: 45 } : section,
    );
    const saved = await call(t.member, 'PUT', `/teams/${team}/meeting-types/weekly-accountability`, {
      name: 'Tuesday huddle',
      sections,
      version: 0,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(bodyOf<{ data: MeetingType }>(saved).data).toMatchObject({
      name: 'Tuesday huddle',
      customized: true,
      version: 1,
    });
    const stale = await call(t.member, 'PUT', `/teams/${team}/meeting-types/weekly-accountability`, {
      name: 'Late',
      sections,
      version: 0,
    });
    expect(stale.statusCode).toBe(409);

    const meeting = await start(team);
    expect(meeting.name).toBe('Tuesday huddle');
    expect(meeting.sections.find((section) => section.kind === 'issues')?.minutes).toBe(45);
    await call(t.owner, 'POST', `/meetings/${meeting.id}/conclude`, {});

    const back = await call(t.member, 'DELETE', `/teams/${team}/meeting-types/weekly-accountability`);
    expect(back.statusCode).toBe(200);
    expect((await typesOf(team))[0]).toMatchObject({ customized: false, version: 0 });

    const created = await call(t.member, 'POST', `/teams/${team}/meeting-types`, {
      name: 'Monthly one-on-one',
      sections: [{ kind: 'notes', title: 'Talk', minutes: 30, visible: true }],
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(bodyOf<{ data: MeetingType }>(created).data).toMatchObject({ key: 'monthly-one-on-one', builtIn: false });
    const again = await call(t.member, 'POST', `/teams/${team}/meeting-types`, {
      name: 'Monthly one-on-one',
      sections: [{ kind: 'notes', title: 'Talk', minutes: 30, visible: true }],
    });
    expect(bodyOf<{ data: MeetingType }>(again).data.key).toBe('monthly-one-on-one-2');
    expect((await call(t.member, 'DELETE', `/teams/${team}/meeting-types/monthly-one-on-one-2`)).statusCode).toBe(200);
    expect((await call(t.member, 'DELETE', `/teams/${team}/meeting-types/nothing-here`)).statusCode).toBe(404);
  });

  it('refuses agendas that make no sense, with the field named', async () => {
    const team = await addTeam(t.context, t.owner, 'Bad agenda');
    const put = (body: unknown) => call(t.member, 'PUT', `/teams/${team}/meeting-types/weekly-express`, body);
    const hidden = await put({
      name: 'X',
      sections: [{ kind: 'notes', title: 'A', minutes: 5, visible: false }],
      version: 0,
    });
    expect(hidden.statusCode).toBe(400);
    expect(hidden.body).toContain('Show at least one section');
    expect((await put({ name: 'X', sections: [], version: 0 })).statusCode).toBe(400);
    expect(
      (await put({ name: 'X', sections: [{ kind: 'party', title: 'A', minutes: 5, visible: true }], version: 0 }))
        .statusCode,
    ).toBe(400);
    expect(
      (await put({ name: 'X', sections: [{ kind: 'notes', title: 'A', minutes: 9999, visible: true }], version: 0 }))
        .statusCode,
    ).toBe(400);
  });
});

describe('meetings', () => {
  it('answers 401 without a token, 403 to observers changing anything, 404 for another organization', async () => {
    const team = await addTeam(t.context, t.owner, 'Access');
    const meeting = await start(team);
    expect((await call(null, 'GET', `/meetings/${meeting.id}`)).statusCode).toBe(401);
    expect((await call(null, 'POST', '/meetings', { teamId: team, typeKey: 'weekly-express' })).statusCode).toBe(401);
    expect((await call(t.observer, 'GET', `/meetings/${meeting.id}`)).statusCode).toBe(200);
    expect((await call(t.observer, 'POST', `/meetings/${meeting.id}/pause`, {})).statusCode).toBe(403);
    expect((await call(t.observer, 'PUT', `/meetings/${meeting.id}/rating`, { rating: 5 })).statusCode).toBe(403);
    expect((await call(t.other, 'GET', `/meetings/${meeting.id}`, undefined, t.orgId)).statusCode).toBe(404);
    expect(
      (await call(t.other, 'GET', `/meetings/${meeting.id}`, undefined, t.other.user.organizationId)).statusCode,
    ).toBe(404);
    expect(
      (await call(t.other, 'POST', `/meetings/${meeting.id}/conclude`, {}, t.other.user.organizationId)).statusCode,
    ).toBe(404);
    expect(
      (
        await call(
          t.other,
          'POST',
          '/meetings',
          { teamId: team, typeKey: 'weekly-express' },
          t.other.user.organizationId,
        )
      ).statusCode,
    ).toBe(404);
    expect((await call(t.owner, 'GET', `/teams/${t.otherTeamId}/meeting-types`)).statusCode).toBe(404);
    await call(t.owner, 'POST', `/meetings/${meeting.id}/conclude`, {});
  });

  it('refuses bad input clearly: a rating of 11, an unknown section, a malformed id, an unknown type', async () => {
    const team = await addTeam(t.context, t.owner, 'Bad input');
    const meeting = await start(team);
    const eleven = await call(t.member, 'PUT', `/meetings/${meeting.id}/rating`, { rating: 11 });
    expect(eleven.statusCode).toBe(400);
    expect(eleven.body).toContain('A rating is a whole number from 1 to 10');
    expect((await call(t.owner, 'POST', `/meetings/${meeting.id}/navigate`, { from: 0, to: 42 })).statusCode).toBe(400);
    expect((await call(t.owner, 'POST', `/meetings/${meeting.id}/navigate`, { from: 0 })).statusCode).toBe(400);
    expect((await call(t.owner, 'GET', '/meetings/not-an-id')).statusCode).toBe(400);
    expect((await call(t.owner, 'POST', '/meetings', { teamId: team, typeKey: 'no-such-type' })).statusCode).toBe(404);
    const second = await call(t.owner, 'POST', '/meetings', { teamId: team, typeKey: 'weekly-express' });
    expect(second.statusCode).toBe(409);
    expect(second.body).toContain('join it');
    const farAhead = await addTeam(t.context, t.owner, 'Far ahead');
    const tooFar = await call(t.owner, 'POST', '/meetings', {
      teamId: farAhead,
      typeKey: 'weekly-express',
      scheduledAt: '2099-01-01T10:00:00.000Z',
    });
    expect(tooFar.statusCode).toBe(400);
    const stranger = await call(t.owner, 'PUT', `/meetings/${meeting.id}/roles`, {
      facilitatorId: t.other.user.id,
      scribeId: null,
    });
    expect(stranger.statusCode).toBe(400);
    await call(t.owner, 'POST', `/meetings/${meeting.id}/conclude`, {});
  });

  it('lists the history by team, newest first, in pages, and shows admins every running meeting', async () => {
    const team = await addTeam(t.context, t.owner, 'History');
    for (let index = 0; index < 3; index += 1) {
      const meeting = await start(team, 'weekly-express');
      await call(t.owner, 'POST', `/meetings/${meeting.id}/conclude`, {});
    }
    const running = await start(team);
    const first = await call(t.member, 'GET', `/meetings?teamId=${team}&limit=2`);
    const page = bodyOf<{ data: MeetingListItem[]; page: { nextCursor: string | null } }>(first);
    expect(page.data.map((item) => item.status)).toEqual(['live', 'concluded']);
    expect(page.data[1]).toMatchObject({ plannedMinutes: 30, typeKey: 'weekly-express' });
    const second = bodyOf<{ data: MeetingListItem[]; page: { nextCursor: string | null } }>(
      await call(t.member, 'GET', `/meetings?teamId=${team}&limit=2&cursor=${page.page.nextCursor}`),
    );
    expect(second.data).toHaveLength(2);
    expect(second.page.nextCursor).toBeNull();
    expect((await call(t.member, 'GET', '/meetings?cursor=garbage')).statusCode).toBe(400);

    expect((await call(t.member, 'GET', '/meetings/active')).statusCode).toBe(403);
    const active = bodyOf<{ data: MeetingListItem[] }>(await call(t.owner, 'GET', '/meetings/active'));
    expect(active.data.map((item) => item.id)).toContain(running.id);
    expect((await call(t.member, 'POST', `/meetings/${running.id}/end`, {})).statusCode).toBe(403);
    const ended = await call(t.owner, 'POST', `/meetings/${running.id}/end`, {});
    expect(bodyOf<{ data: Meeting }>(ended).data.status).toBe('concluded');
    const joined = await call(t.member, 'GET', `/teams/${team}/running-meeting`);
    expect(bodyOf<{ data: Meeting | null }>(joined).data).toBeNull();
  });

  it('freezes a recap when it concludes and mails it: a summary to those present, a catch-up to the others', async () => {
    const team = await addTeam(t.context, t.owner, 'Recap', [t.owner.user.id, t.member.user.id]);
    const meeting = await start(team);
    expect(meeting.attendees.map((person) => [person.userId, person.present]).sort()).toEqual(
      [
        [t.owner.user.id, true],
        [t.member.user.id, false],
      ].sort(),
    );
    const issue = await call(t.owner, 'POST', '/issues', { teamId: team, title: 'Hiring is slow' });
    expect(issue.statusCode, issue.body).toBe(201);
    const { id: issueId, version } = bodyOf<{ data: { id: string; version: number } }>(issue).data;
    const solved = await call(t.owner, 'POST', `/issues/${issueId}/solve`, {
      version,
      todos: [{ title: 'Post the job ad', ownerIds: [t.owner.user.id] }],
    });
    expect(solved.statusCode, solved.body).toBe(200);
    await call(t.owner, 'PUT', `/meetings/${meeting.id}/rating`, { rating: 8 });
    const noted = await call(t.owner, 'PUT', `/meetings/${meeting.id}/notes`, {
      notes: 'Open a second hiring channel\nReview in March',
      notesVersion: 1,
    });
    expect(noted.statusCode, noted.body).toBe(200);

    const concluded = bodyOf<{ data: Meeting }>(
      await call(t.owner, 'POST', `/meetings/${meeting.id}/conclude`, {}),
    ).data;
    expect(concluded.recap).toMatchObject({
      solvedIssues: [{ id: issueId, title: 'Hiring is slow' }],
      newTodos: [{ title: 'Post the job ad' }],
      averageRating: 8,
      present: 1,
      expected: 2,
      plannedMinutes: 90,
      notes: 'Open a second hiring channel\nReview in March',
    });
    const [summary] = await mailsTo(t.context, t.owner.user.email);
    expect(summary?.subject).toBe('Summary: Recap Weekly Accountability Meeting');
    expect(summary?.text_body).toContain('Hiring is slow');
    expect(summary?.text_body).toContain('Post the job ad');
    // In the organization's words: a new organization calls to-dos "Tasks".
    expect(summary?.text_body).toContain('New Tasks:\n- Post the job ad');
    expect(summary?.text_body).toContain('Average rating: 8.0 / 10.');
    expect(summary?.text_body).toContain('Notes:\nOpen a second hiring channel\nReview in March\n');
    const [catchUp] = await mailsTo(t.context, t.member.user.email);
    expect(catchUp?.subject).toBe('What you missed: Recap Weekly Accountability Meeting');
    const again = bodyOf<{ data: Meeting }>(await call(t.owner, 'GET', `/meetings/${meeting.id}`)).data;
    expect(again.recap).toEqual(concluded.recap);
  });
});
