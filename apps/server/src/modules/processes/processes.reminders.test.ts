import { beforeAll, describe, expect, it } from 'vitest';
import type { Process, Session } from '@keel/contract';
import { inAccountScope } from '../../db/scope.js';
import { addTeam, useTeamSuite } from '../../test-support/team-fixtures.js';
import { addMember, bodyOf, mailsTo, queryAsOwner } from '../../test-support/test-app.js';
import { nextReviewFrom } from './processes.calendar.js';
import { reviewReminderDue } from './processes.reminders.job.js';

const { state: t, callUnder } = useTeamSuite();
const call = callUnder('/processes');

/** One run of the job as the scheduler starts it, at the given instant, and everything it queued delivered. */
async function runAt(at: string) {
  const { app, database } = t.context;
  await inAccountScope(database.db, () =>
    app.jobs.enqueue(
      'processes.review-reminders',
      { at },
      { organizationId: null, description: 'Process review reminders' },
    ),
  );
  await app.jobs.whenIdle();
}

let owner: Session;
let teamId: string;

beforeAll(async () => {
  await queryAsOwner(t.context.database, `update organizations set timezone = 'Asia/Tokyo' where id = '${t.orgId}'`);
  owner = await addMember(t.context, t.orgId, 'member');
  teamId = await addTeam(t.context, t.owner, 'Support', [owner.user.id]);
});

async function publishedProcess(title: string, nextReviewOn: string) {
  const created = await call(owner, 'POST', '', {
    teamId,
    title,
    steps: [{ id: 's1', title: 'Answer the phone', body: '<p>Within three rings</p>', subSteps: [] }],
  });
  const process = bodyOf<{ data: Process }>(created).data;
  expect((await call(owner, 'POST', `/${process.id}/publish`, { version: 1 })).statusCode).toBe(200);
  await queryAsOwner(
    t.context.database,
    `update processes set next_review_on = '${nextReviewOn}' where id = '${process.id}'`,
  );
  return process;
}

const sentOn = async (processId: string) =>
  (
    await queryAsOwner<{ day: string | null }>(
      t.context.database,
      `select review_reminder_sent_on::text as day from processes where id = '${processId}'`,
    )
  )[0]?.day;

describe('process review reminders', () => {
  it("mails the owner once when the review day has come in the organization's time zone", async () => {
    const process = await publishedProcess('Answer support calls', '2027-03-10');
    // 2027-03-09 14:00 UTC is still the 9th in Tokyo (23:00): not yet.
    await runAt('2027-03-09T14:00:00.000Z');
    expect(await mailsTo(t.context, owner.user.email)).toEqual([]);
    // 15:00 UTC is midnight on the 10th in Tokyo: the day has come.
    await runAt('2027-03-09T15:00:00.000Z');
    const [mail, ...more] = await mailsTo(t.context, owner.user.email);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe('Time to review “Answer support calls”');
    expect(mail?.text_body).toContain('is due for review (since 2027-03-10). You own this Process');
    expect(mail?.text_body).toContain(`http://keel.test/processes?process=${process.id}`);
    expect(await sentOn(process.id)).toBe('2027-03-10');

    // Later runs, that day and the next, send nothing more.
    await runAt('2027-03-10T03:00:00.000Z');
    await runAt('2027-03-11T03:00:00.000Z');
    expect(await mailsTo(t.context, owner.user.email)).toHaveLength(1);

    // Marked reviewed, the process waits for its next review day.
    const reviewed = bodyOf<{ data: Process }>(await call(owner, 'POST', `/${process.id}/reviewed`)).data;
    expect(await sentOn(process.id)).toBeNull();
    expect(reviewed.nextReviewOn).toBe(nextReviewFrom('Asia/Tokyo', new Date(), 90));
  });

  it('skips drafts, archived processes and those without an owner', () => {
    const due = { status: 'published', ownerId: 'someone', nextReviewOn: '2027-01-01', reviewReminderSentOn: null };
    expect(reviewReminderDue(due, '2027-01-01')).toBe(true);
    expect(reviewReminderDue(due, '2026-12-31')).toBe(false);
    expect(reviewReminderDue({ ...due, status: 'draft' }, '2027-01-01')).toBe(false);
    expect(reviewReminderDue({ ...due, status: 'archived' }, '2027-01-01')).toBe(false);
    expect(reviewReminderDue({ ...due, ownerId: null }, '2027-01-01')).toBe(false);
    expect(reviewReminderDue({ ...due, reviewReminderSentOn: '2027-01-01' }, '2027-01-05')).toBe(false);
    expect(reviewReminderDue({ ...due, reviewReminderSentOn: '2026-10-01' }, '2027-01-05')).toBe(true);
  });
});
