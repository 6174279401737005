import { OAuth2Server, type MutableToken } from 'oauth2-mock-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Session, SsoSession } from '@keel/contract';
import {
  addMember,
  bearer,
  bodyOf,
  createTestApp,
  queryAsOwner,
  registerOrganization,
  type TestContext,
} from '../../test-support/test-app.js';

const provider = new OAuth2Server();
let context: TestContext;
let unconfigured: TestContext;
let subject = 'google-subject-1';
let forgeNonce = false;

beforeAll(async () => {
  await provider.issuer.keys.generate('RS256');
  await provider.start(0, 'localhost');
  // Only the ID token has an audience; the access token is left as the provider made it.
  provider.service.on('beforeTokenSigning', (token: MutableToken) => {
    if (token.payload.aud !== 'keel-google') return;
    token.payload.sub = subject;
    token.payload.email = `${subject}@example.com`;
    if (forgeNonce) token.payload.nonce = 'not-the-nonce-keel-sent';
  });
  context = await createTestApp({
    GOOGLE_CLIENT_ID: 'keel-google',
    GOOGLE_CLIENT_SECRET: 'google-secret',
    GOOGLE_ISSUER_URL: String(provider.issuer.url),
  });
  unconfigured = await createTestApp();
});
afterAll(async () => {
  await Promise.all([context.close(), unconfigured.close()]);
  await provider.stop();
});
beforeEach(() => {
  forgeNonce = false;
});

let counter = 0;
const nextSubject = () => `google-subject-${Date.now()}-${++counter}`;

const api = (
  method: 'GET' | 'POST',
  url: string,
  options: { payload?: object; headers?: Record<string, string> } = {},
) => context.app.inject({ method, url: `/api/v1${url}`, ...options });

/** Plays the browser at the provider: follows the authorize address and reads the code it sends back. */
async function authorize(authUrl: string): Promise<{ code: string; state: string }> {
  const response = await fetch(authUrl, { redirect: 'manual' });
  const location = response.headers.get('location');
  if (!location) throw new Error(`the provider did not redirect: ${response.status}`);
  const back = new URL(location);
  expect(back.origin + back.pathname).toBe('http://keel.test/auth/callback');
  return { code: back.searchParams.get('code') ?? '', state: back.searchParams.get('state') ?? '' };
}

async function startSignIn() {
  const response = await api('GET', '/auth/google');
  expect(response.statusCode).toBe(200);
  return authorize(bodyOf<{ data: { authUrl: string } }>(response).data.authUrl);
}

const callback = (payload: object, headers: Record<string, string> = {}) =>
  api('POST', '/auth/google/callback', { payload, headers });

async function link(session: Session, identity: string) {
  subject = identity;
  const started = await api('POST', '/auth/google/link', { headers: bearer(session) });
  expect(started.statusCode).toBe(200);
  const answer = await authorize(bodyOf<{ data: { authUrl: string } }>(started).data.authUrl);
  return callback(answer, bearer(session));
}

describe('GET /auth/providers', () => {
  it('tells which providers are configured', async () => {
    const response = await api('GET', '/auth/providers');
    expect(response.statusCode).toBe(200);
    expect(bodyOf<{ data: unknown }>(response).data).toEqual({ google: true, microsoft: false });
  });
});

describe('GET /auth/{provider}', () => {
  it('answers an authorization address carrying state, nonce and a PKCE challenge', async () => {
    const response = await api('GET', '/auth/google');
    expect(response.statusCode).toBe(200);
    const url = new URL(bodyOf<{ data: { authUrl: string } }>(response).data.authUrl);
    expect(url.origin).toBe(new URL(String(provider.issuer.url)).origin);
    for (const name of ['state', 'nonce', 'code_challenge']) expect(url.searchParams.get(name)).toBeTruthy();
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('client_id')).toBe('keel-google');
    const [stored] = await queryAsOwner<{ state_hash: string }>(context.database, `select state_hash from sso_states`);
    // The state is stored hashed: a database reader cannot finish someone's sign-in.
    expect(stored?.state_hash).not.toBe(url.searchParams.get('state'));
  });

  it('answers 503 with a plain message when the provider is not configured', async () => {
    for (const name of ['google', 'microsoft']) {
      const response = await unconfigured.app.inject({ method: 'GET', url: `/api/v1/auth/${name}` });
      expect(response.statusCode).toBe(503);
      expect(response.json<{ code: string; error: string }>()).toMatchObject({
        code: 'sso.provider_not_configured',
        error: expect.stringContaining('not configured') as string,
      });
    }
    expect((await api('GET', '/auth/microsoft')).statusCode).toBe(503);
  });

  it('refuses an unknown provider', async () => {
    expect((await api('GET', '/auth/github')).statusCode).toBe(400);
  });
});

describe('POST /auth/{provider}/callback', () => {
  it('signs in the person a linked identity belongs to, without a two-factor step', async () => {
    const owner = await registerOrganization(context.app);
    const identity = nextSubject();
    expect((await link(owner, identity)).statusCode).toBe(200);

    subject = identity;
    const response = await callback(await startSignIn());
    expect(response.statusCode).toBe(200);
    const { data } = bodyOf<{ data: SsoSession }>(response);
    expect(data).toMatchObject({
      linked: false,
      user: { id: owner.user.id, organizationId: owner.user.organizationId },
    });
    expect(data.token).toBe(data.accessToken);
    const profile = await api('GET', '/auth/profile', { headers: bearer(data) });
    expect(profile.statusCode).toBe(200);
    const audit = await queryAsOwner<{ summary: { method: string } }>(
      context.database,
      `select summary from audit_events where actor_user_id = '${owner.user.id}' and action = 'auth.signed_in'`,
    );
    expect(audit.map((row) => row.summary?.method)).toContain('google');
  });

  it('creates no account for an unknown identity, even when its e-mail matches a person', async () => {
    const owner = await registerOrganization(context.app);
    subject = nextSubject();
    await queryAsOwner(
      context.database,
      `update users set email = '${subject}@example.com' where id = '${owner.user.id}'`,
    );
    const response = await callback(await startSignIn());
    expect(response.statusCode).toBe(404);
    expect(response.json<{ code: string }>().code).toBe('sso.user_not_found');
    const [identities] = await queryAsOwner<{ count: number }>(
      context.database,
      `select count(*)::int as count from user_identities where subject = '${subject}'`,
    );
    expect(identities?.count).toBe(0);
  });

  it('refuses a replayed callback: the state works once', async () => {
    const owner = await registerOrganization(context.app);
    const identity = nextSubject();
    await link(owner, identity);
    subject = identity;
    const answer = await startSignIn();
    expect((await callback(answer)).statusCode).toBe(200);
    const replay = await callback(answer);
    expect(replay.statusCode).toBe(400);
    expect(replay.json<{ code: string }>().code).toBe('sso.state_used');
  });

  it('refuses a state it never issued, one of another provider and an expired one', async () => {
    const answer = await startSignIn();
    const unknown = await callback({ code: answer.code, state: 'forged-state' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<{ code: string }>().code).toBe('sso.state_invalid');

    const other = await context.app.inject({
      method: 'POST',
      url: '/api/v1/auth/microsoft/callback',
      payload: answer,
    });
    expect(other.statusCode).toBe(503);

    await queryAsOwner(context.database, `update sso_states set expires_at = now() - interval '1 second'`);
    const expired = await callback(answer);
    expect(expired.statusCode).toBe(400);
    expect(expired.json<{ code: string }>().code).toBe('sso.state_expired');
  });

  it('refuses an ID token whose nonce is not the one sent', async () => {
    const owner = await registerOrganization(context.app);
    const identity = nextSubject();
    await link(owner, identity);
    subject = identity;
    const answer = await startSignIn();
    forgeNonce = true;
    const response = await callback(answer);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ code: string }>().code).toBe('sso.authentication_failed');
  });

  it('refuses a code the provider did not issue', async () => {
    const answer = await startSignIn();
    const response = await callback({ ...answer, code: 'made-up' });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ code: string }>().code).toBe('sso.authentication_failed');
  });

  it('refuses a deactivated person', async () => {
    const owner = await registerOrganization(context.app);
    const identity = nextSubject();
    await link(owner, identity);
    await queryAsOwner(context.database, `update users set status = 'deactivated' where id = '${owner.user.id}'`);
    subject = identity;
    const response = await callback(await startSignIn());
    expect(response.statusCode).toBe(403);
    expect(response.json<{ code: string }>().code).toBe('sso.user_inactive');
  });

  it('answers 400 for bad input', async () => {
    expect((await callback({ code: 'x' })).statusCode).toBe(400);
    expect((await callback({ code: 1, state: 'x' })).statusCode).toBe(400);
    expect((await callback({ code: 'x', state: 'y', extra: true })).statusCode).toBe(400);
    const malformed = await context.app.inject({
      method: 'POST',
      url: '/api/v1/auth/google/callback',
      payload: '{"code":',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.statusCode).toBe(400);
  });
});

describe('POST /auth/{provider}/link', () => {
  it('links an identity to the signed-in account and records it', async () => {
    const owner = await registerOrganization(context.app);
    const response = await link(owner, nextSubject());
    expect(response.statusCode).toBe(200);
    expect(bodyOf<{ data: SsoSession }>(response).data).toMatchObject({ linked: true, user: { id: owner.user.id } });
    const [row] = await queryAsOwner<{ count: number }>(
      context.database,
      `select count(*)::int as count from audit_events where actor_user_id = '${owner.user.id}' and action = 'user.identity_linked'`,
    );
    expect(row?.count).toBe(1);
  });

  it('lets a member link their own account', async () => {
    const owner = await registerOrganization(context.app);
    const member = await addMember(context, owner.user.organizationId, 'member');
    expect((await link(member, nextSubject())).statusCode).toBe(200);
  });

  it('answers 409 when the identity is already linked to another account', async () => {
    const identity = nextSubject();
    const first = await registerOrganization(context.app);
    const second = await registerOrganization(context.app);
    expect((await link(first, identity)).statusCode).toBe(200);
    const response = await link(second, identity);
    expect(response.statusCode).toBe(409);
    expect(response.json<{ code: string }>().code).toBe('sso.identity_linked_elsewhere');
  });

  it('finishes a link only with the session that started it', async () => {
    const owner = await registerOrganization(context.app);
    const stranger = await registerOrganization(context.app);
    subject = nextSubject();
    const started = await api('POST', '/auth/google/link', { headers: bearer(owner) });
    const answer = await authorize(bodyOf<{ data: { authUrl: string } }>(started).data.authUrl);
    expect((await callback(answer, bearer(stranger))).statusCode).toBe(401);
    expect((await callback(answer)).statusCode).toBe(401);
    // The refused attempts left the state unclaimed, so the right session (after a refresh) still finishes.
    expect((await callback(answer, bearer(owner))).statusCode).toBe(200);
  });

  it('answers 401 without a token, 400 for an unknown provider and 503 when not configured', async () => {
    expect((await api('POST', '/auth/google/link')).statusCode).toBe(401);
    const owner = await registerOrganization(context.app);
    expect((await api('POST', '/auth/github/link', { headers: bearer(owner) })).statusCode).toBe(400);
    expect((await api('POST', '/auth/microsoft/link', { headers: bearer(owner) })).statusCode).toBe(503);
  });
});

describe('API description', () => {
  it('documents the single sign-on routes, saying sign-in through a provider asks no two-factor code', async () => {
    const spec = bodyOf<{ paths: Record<string, Record<string, { description?: string }>> }>(
      await api('GET', '/openapi.json'),
    );
    for (const path of ['/auth/providers', '/auth/{provider}', '/auth/{provider}/callback', '/auth/{provider}/link']) {
      expect(spec.paths[`/api/v1${path}`], path).toBeDefined();
    }
    expect(spec.paths['/api/v1/auth/{provider}/callback']?.post?.description).toContain('Two-factor');
  });
});
