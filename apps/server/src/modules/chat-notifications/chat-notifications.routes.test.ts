import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatConnection, Meeting, Priority, Session } from '@keel/contract';
import { inAccountScope } from '../../db/scope.js';
import {
  slackBodyProblems,
  startChatReceiver,
  teamsBodyProblems,
  type ChatReceiver,
} from '../../test-support/chat-receiver.js';
import { addTeam, callerOf, leadershipTeamOf } from '../../test-support/team-fixtures.js';
import { bodyOf, queryAsOwner, useTenantFixture } from '../../test-support/test-app.js';

let receiver: ChatReceiver;
beforeAll(async () => {
  receiver = await startChatReceiver();
});
afterAll(() => receiver.close());

const t = useTenantFixture(['member'], {}, () => ({ WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: 'true' }), {
  chatNotifications: { retryLimit: 1, retryDelaySeconds: 1, timeoutMs: 3000 },
});
const call = (
  session: Session | null,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  payload?: unknown,
  org?: string,
) => callerOf({ context: t.context, orgId: t.owner.user.organizationId })(session, method, path, payload, org);
const idle = () => t.context.app.jobs.whenIdle(20_000);

async function connect(teamId: string, provider: 'slack' | 'teams', channel: string, events: string[]) {
  const response = await call(t.owner, 'POST', '/chat-connections', {
    teamId,
    provider,
    webhookUrl: receiver.urlOf(channel),
    events,
  });
  expect(response.statusCode, response.body).toBe(201);
  return bodyOf<{ data: ChatConnection }>(response).data;
}

const listed = async () => bodyOf<{ data: ChatConnection[] }>(await call(t.owner, 'GET', '/chat-connections')).data;

describe('chat connections, as administrators manage them', () => {
  it('keeps the webhook address sealed and shows only its host and last characters', async () => {
    const teamId = await addTeam(t.context, t.owner, 'Masked');
    const created = await connect(teamId, 'slack', 'masked-T0001-B0001-secretpart', ['issue_raised']);
    expect(created).toMatchObject({ teamId, provider: 'slack', events: ['issue_raised'], enabled: true });
    expect(created.webhookUrlMasked).toBe(`${new URL(receiver.urlOf('x')).host}/…part`);
    expect(JSON.stringify(await listed())).not.toContain('secretpart');
    const [row] = await queryAsOwner<{ sealed: string }>(
      t.context.database,
      `select webhook_url_sealed as sealed from chat_connections where id = '${created.id}'`,
    );
    expect(row?.sealed).toMatch(/^v1\./);
    expect(row?.sealed).not.toContain('secretpart');
  });

  it('answers 401, 403 to members, 400 for bad bodies, 409 for a second channel of a provider, 404 across organizations', async () => {
    const teamId = await addTeam(t.context, t.owner, 'Refusals');
    expect((await call(null, 'GET', '/chat-connections')).statusCode).toBe(401);
    expect((await call(t.members.member, 'GET', '/chat-connections')).statusCode).toBe(403);
    const good = {
      teamId,
      provider: 'slack',
      webhookUrl: 'https://hooks.slack.com/services/T/B/x',
      events: ['issue_raised'],
    };
    expect((await call(t.members.member, 'POST', '/chat-connections', good)).statusCode).toBe(403);
    for (const body of [
      { ...good, provider: 'discord' },
      { ...good, events: [] },
      { ...good, events: ['todo_created'] },
      { ...good, webhookUrl: 'ftp://hooks.slack.com/x' },
      { ...good, teamId: 'not-a-uuid' },
      { ...good, extra: true },
    ]) {
      expect((await call(t.owner, 'POST', '/chat-connections', body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    const otherTeam = await leadershipTeamOf(t.context, t.other);
    const foreignTeam = await call(t.owner, 'POST', '/chat-connections', { ...good, teamId: otherTeam });
    expect(foreignTeam.statusCode).toBe(400);
    expect(bodyOf<{ code: string }>(foreignTeam).code).toBe('chat.team_not_found');

    const mine = await connect(teamId, 'slack', 'refusals', ['issue_raised']);
    const twice = await call(t.owner, 'POST', '/chat-connections', good);
    expect(twice.statusCode).toBe(409);

    const other = t.other.user.organizationId;
    const theirs = await callerOf({ context: t.context, orgId: other })(t.other, 'POST', '/chat-connections', {
      ...good,
      teamId: otherTeam,
    });
    expect(theirs.statusCode, theirs.body).toBe(201);
    const theirId = bodyOf<{ data: ChatConnection }>(theirs).data.id;
    expect(
      (await call(t.owner, 'PATCH', `/chat-connections/${theirId}`, { version: 1, enabled: false })).statusCode,
    ).toBe(404);
    expect((await call(t.owner, 'POST', `/chat-connections/${theirId}/test`)).statusCode).toBe(404);
    expect((await call(t.owner, 'DELETE', `/chat-connections/${theirId}`)).statusCode).toBe(404);
    expect((await call(t.owner, 'GET', '/chat-connections', undefined, other)).statusCode).toBe(404);

    const stale = await call(t.owner, 'PATCH', `/chat-connections/${mine.id}`, {
      version: mine.version + 5,
      enabled: false,
    });
    expect(stale.statusCode).toBe(409);
    const off = await call(t.owner, 'PATCH', `/chat-connections/${mine.id}`, { version: mine.version, enabled: false });
    expect(bodyOf<{ data: ChatConnection }>(off).data).toMatchObject({ enabled: false, version: mine.version + 1 });
    expect((await call(t.owner, 'DELETE', `/chat-connections/${mine.id}`)).statusCode).toBe(200);
    expect((await call(t.owner, 'POST', `/chat-connections/${mine.id}/test`)).statusCode).toBe(404);
  });
});

describe('messages posted to the channels', () => {
  let leadership: string;
  let quiet: string;

  beforeAll(async () => {
    leadership = await leadershipTeamOf(t.context, t.owner);
    quiet = await addTeam(t.context, t.owner, 'Quiet team', [t.owner.user.id]);
    await connect(leadership, 'slack', 'lead-slack', ['issue_raised', 'meeting_concluded', 'numbers_missing']);
    await connect(leadership, 'teams', 'lead-teams', ['priority_off_track', 'meeting_concluded']);
    await connect(quiet, 'slack', 'quiet-slack', ['priority_off_track']);
  });

  it('posts an issue raised to the team in Slack’s format, escaped, and only where it was chosen', async () => {
    const raised = await call(t.owner, 'POST', '/issues', { teamId: leadership, title: 'Fix <script> & the "VPN"' });
    expect(raised.statusCode, raised.body).toBe(201);
    const ignored = await call(t.owner, 'POST', '/issues', { teamId: quiet, title: 'Not for chat' });
    expect(ignored.statusCode).toBe(201);
    await idle();

    const [slack, ...more] = receiver.postsTo('lead-slack');
    expect(more).toEqual([]);
    expect(slackBodyProblems(slack)).toEqual([]);
    const text = JSON.stringify(slack);
    expect(text).toContain('Fix &lt;script&gt; &amp; the');
    expect(text).toContain('new Issue raised');
    expect(text).toContain('/issues|Open Issues in Keel>');
    expect(receiver.postsTo('lead-teams')).toEqual([]);
    expect(receiver.postsTo('quiet-slack')).toEqual([]);
  });

  it('posts a priority turned off track as an Adaptive Card to Teams, not when it goes back on track', async () => {
    const created = await call(t.owner, 'POST', '/priorities', {
      teamId: leadership,
      title: 'Open the Lisbon office',
      ownerIds: [t.owner.user.id],
    });
    expect(created.statusCode, created.body).toBe(201);
    const [priority] = bodyOf<{ data: Priority[] }>(created).data;
    const off = await call(t.owner, 'POST', `/priorities/${priority!.id}/status`, {
      version: priority!.version,
      status: 'off_track',
    });
    expect(off.statusCode, off.body).toBe(200);
    const back = bodyOf<{ data: Priority }>(off).data;
    await call(t.owner, 'POST', `/priorities/${priority!.id}/status`, { version: back.version, status: 'on_track' });
    await idle();

    const cards = receiver.postsTo('lead-teams');
    expect(cards).toHaveLength(1);

    // A weekly update that turns it off track again posts again; a second off-track update is no news.
    for (const comment of ['Landlord silent', 'Still silent']) {
      const update = await call(t.owner, 'POST', `/priorities/${priority!.id}/updates`, {
        status: 'off_track',
        comment,
      });
      expect(update.statusCode, update.body).toBe(201);
    }
    await idle();
    expect(receiver.postsTo('lead-teams')).toHaveLength(2);
    expect(teamsBodyProblems(cards[0])).toEqual([]);
    const card = (cards[0] as { attachments: { content: { body: { text: string }[]; actions: { url: string }[] } }[] })
      .attachments[0]!.content;
    expect(card.body[0]!.text).toBe('Leadership Team: Priority off track');
    expect(card.body[1]!.text).toContain('Open the Lisbon office');
    expect(card.actions[0]!.url).toMatch(/\/quarterly-priorities$/);
    expect(receiver.postsTo('quiet-slack')).toEqual([]);

    // The off-track priority raised as an issue of its team is an issue raised too.
    const before = receiver.postsTo('lead-slack').length;
    const raised = await call(t.owner, 'POST', `/priorities/${priority!.id}/issue`, {});
    expect(raised.statusCode, raised.body).toBe(201);
    await idle();
    const [fromPriority, ...more] = receiver.postsTo('lead-slack').slice(before);
    expect(more).toEqual([]);
    expect(slackBodyProblems(fromPriority)).toEqual([]);
    expect(JSON.stringify(fromPriority)).toContain('Open the Lisbon office');
  });

  it('posts the recap of a concluded meeting to both providers', async () => {
    const started = await call(t.owner, 'POST', '/meetings', { teamId: leadership, typeKey: 'weekly-express' });
    expect(started.statusCode, started.body).toBe(201);
    const meeting = bodyOf<{ data: Meeting }>(started).data;
    const before = { slack: receiver.postsTo('lead-slack').length, teams: receiver.postsTo('lead-teams').length };
    const concluded = await call(t.owner, 'POST', `/meetings/${meeting.id}/conclude`, {});
    expect(concluded.statusCode, concluded.body).toBe(200);
    await idle();

    const slack = receiver.postsTo('lead-slack').slice(before.slack);
    const teams = receiver.postsTo('lead-teams').slice(before.teams);
    expect(slack).toHaveLength(1);
    expect(teams).toHaveLength(1);
    expect(slackBodyProblems(slack[0])).toEqual([]);
    expect(teamsBodyProblems(teams[0])).toEqual([]);
    const slackText = (slack[0] as { blocks: { text: { text: string } }[] }).blocks[0]!.text.text;
    expect(slackText).toContain(`*Leadership Team: ${meeting.name} concluded*`);
    expect(slackText).toMatch(/not rated · \d+ of \d+ present · \d+ min of \d+ planned/);
  });

  it('posts the missing numbers when the team’s scorecard reminder finds them', async () => {
    const orgId = t.owner.user.organizationId;
    await queryAsOwner(
      t.context.database,
      `update organizations set timezone = 'UTC', week_start_day = 1 where id = '${orgId}'`,
    );
    await queryAsOwner(
      t.context.database,
      `insert into scorecard_team_settings (organization_id, team_id, reminder_enabled, reminder_weekday, reminder_time)
       values ('${orgId}', '${leadership}', true, 4, '16:00')`,
    );
    await queryAsOwner(
      t.context.database,
      `insert into measurables (organization_id, team_id, position, title, owner_id, frequency, kind, starts_on)
       values ('${orgId}', '${leadership}', 0, 'Calls <made>', '${t.owner.user.id}', 'weekly', 'manual', '2026-01-05')`,
    );
    const before = receiver.postsTo('lead-slack').length;
    await inAccountScope(t.context.database.db, () =>
      t.context.app.jobs.enqueue(
        'scorecard.reminders',
        { at: '2026-11-26T17:00:00.000Z' },
        { organizationId: null, description: 'Scorecard reminders' },
      ),
    );
    await idle();
    const [posted, ...more] = receiver.postsTo('lead-slack').slice(before);
    expect(more).toEqual([]);
    expect(slackBodyProblems(posted)).toEqual([]);
    expect(JSON.stringify(posted)).toContain('• Calls &lt;made&gt;');
    expect(JSON.stringify(posted)).toContain('Metrics numbers missing');
  });

  it('posts a test message, retries a failing channel then records the failure, and turns off a deleted webhook', async () => {
    const team = await addTeam(t.context, t.owner, 'Failing');
    const flaky = await connect(team, 'teams', 'flaky', ['issue_raised']);
    const gone = await connect(team, 'slack', 'gone', ['issue_raised']);
    expect((await call(t.owner, 'POST', `/chat-connections/${flaky.id}/test`)).statusCode).toBe(202);
    await idle();
    const [test] = receiver.postsTo('flaky');
    expect(teamsBodyProblems(test)).toEqual([]);
    expect(JSON.stringify(test)).toContain('Keel is connected to this channel');

    receiver.answer('flaky', 500);
    receiver.answer('gone', 404);
    await call(t.owner, 'POST', '/issues', { teamId: team, title: 'Printer on fire' });
    await expect
      .poll(
        async () =>
          queryAsOwner<{ kind: string; last_error: string; attempts: number }>(
            t.context.database,
            `select kind, last_error, attempts from failed_operations where kind = 'chat.post'`,
          ),
        { timeout: 15_000 },
      )
      .toEqual([{ kind: 'chat.post', last_error: 'Microsoft Teams answered 500: no_service', attempts: 2 }]);
    expect(receiver.postsTo('flaky')).toHaveLength(3);
    expect(receiver.postsTo('gone')).toHaveLength(1);
    const turnedOff = (await listed()).find((connection) => connection.id === gone.id);
    expect(turnedOff).toMatchObject({ enabled: false });
    expect(turnedOff?.disabledReason).toContain('answered 404');

    // A new address turns it back on and clears Keel's reason.
    const revived = await call(t.owner, 'PATCH', `/chat-connections/${gone.id}`, {
      version: turnedOff!.version,
      webhookUrl: receiver.urlOf('gone-again'),
    });
    expect(bodyOf<{ data: ChatConnection }>(revived).data).toMatchObject({ enabled: true, disabledReason: null });
  });
});
