import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostHogStandIn } from '../../test-support/posthog-stand-in.js';
import {
  bearer,
  createTestApp,
  queryAsOwner,
  registerOrganization,
  type TestContext,
} from '../../test-support/test-app.js';
import { sendToPostHog } from './posthog-forward.job.js';

const demoInterest = { name: 'feature_interest', feature: 'framework_demo' };
const PROJECT_KEY = 'phc_keel_test_project';

let posthog: Awaited<ReturnType<typeof startPostHogStandIn>>;

beforeAll(async () => {
  posthog = await startPostHogStandIn();
});
afterAll(async () => {
  await posthog.close();
});

async function recordInterest(context: TestContext, headers: Record<string, string> = {}) {
  const response = await context.app.inject({
    method: 'POST',
    url: '/api/v1/analytics/events',
    headers,
    payload: demoInterest,
  });
  expect(response.statusCode).toBe(202);
}

const forwardJobs = (context: TestContext) =>
  queryAsOwner<{ count: number }>(
    context.database,
    `select count(*)::int as count from pgboss.job where name = 'analytics.forward'`,
  );

describe('with a PostHog key', () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestApp({ POSTHOG_API_KEY: PROJECT_KEY, POSTHOG_HOST: posthog.origin });
  });
  afterAll(async () => {
    await context.close();
  });

  it('sends the sign-up to PostHog after it is recorded, as the new person, with its e-mail and organization', async () => {
    const owner = await registerOrganization(context.app, {
      email: 'posthog.founder@example.com',
      organizationName: 'Forwarded Ltd',
    });
    await context.app.jobs.whenIdle();
    const [row] = await queryAsOwner<{ id: string }>(
      context.database,
      `select id from product_events where user_id = '${owner.user.id}' and name = 'signed_up'`,
    );
    const sent = posthog.events().filter((event) => event.distinct_id === owner.user.id);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      event: 'signed_up',
      uuid: row?.id,
      properties: {
        email: 'posthog.founder@example.com',
        organizationName: 'Forwarded Ltd',
        isConsultant: false,
        organization_id: owner.user.organizationId,
      },
    });
    expect(posthog.batches.every((batch) => batch.api_key === PROJECT_KEY)).toBe(true);

    await recordInterest(context, bearer(owner));
    await context.app.jobs.whenIdle();
    expect(
      posthog
        .events()
        .filter((event) => event.distinct_id === owner.user.id)
        .map((event) => event.event),
    ).toEqual(['signed_up', 'feature_interest']);
  });

  it('sends a visitor’s interest under the event’s own id, without making a person of it', async () => {
    const before = posthog.events().length;
    await recordInterest(context);
    await context.app.jobs.whenIdle();
    const [row] = await queryAsOwner<{ id: string }>(
      context.database,
      `select id from product_events where organization_id is null order by created_at desc limit 1`,
    );
    const sent = posthog.events().slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      event: 'feature_interest',
      distinct_id: row?.id,
      uuid: row?.id,
      properties: { feature: 'framework_demo', $process_person_profile: false },
    });
  });
});

describe('without a PostHog key', () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestApp({ POSTHOG_HOST: posthog.origin });
  });
  afterAll(async () => {
    await context.close();
  });

  it('keeps the events in the database and sends nothing anywhere', async () => {
    const requestsBefore = posthog.requests.length;
    const owner = await registerOrganization(context.app);
    await recordInterest(context, bearer(owner));
    await recordInterest(context);
    await context.app.jobs.whenIdle();
    const kept = await queryAsOwner<{ name: string }>(
      context.database,
      `select name from product_events where organization_id = '${owner.user.organizationId}' or organization_id is null
        order by created_at`,
    );
    expect(kept.map((row) => row.name)).toEqual(['signed_up', 'feature_interest', 'feature_interest']);
    expect(await forwardJobs(context)).toEqual([{ count: 0 }]);
    expect(posthog.requests.slice(requestsBefore)).toEqual([]);
  });
});

describe('sendToPostHog', () => {
  const event = () => ({
    eventId: randomUUID(),
    name: 'feature_interest' as const,
    distinctId: randomUUID(),
    anonymous: true,
    organizationId: null,
    properties: { feature: 'framework_demo' },
    occurredAt: new Date().toISOString(),
  });

  it('fails when PostHog refuses, so the job is tried again later', async () => {
    posthog.state.failWith = 503;
    try {
      await expect(sendToPostHog({ apiKey: PROJECT_KEY, host: posthog.origin }, event())).rejects.toThrow(/503/);
    } finally {
      posthog.state.failWith = null;
    }
  });

  it('fails when nothing answers at the address', async () => {
    await expect(sendToPostHog({ apiKey: PROJECT_KEY, host: 'http://127.0.0.1:9' }, event())).rejects.toThrow();
  });
});
