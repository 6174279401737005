import { describe, expect, it } from 'vitest';
import { createAccessTokens } from './tokens.js';

const claims = { userId: 'user-1', organizationId: 'org-1', sessionId: 'session-1', originalOrganizationId: null };

describe('access tokens', () => {
  const tokens = createAccessTokens('a-test-secret-that-is-long-enough-for-hs256');

  it('verifies its own tokens, repeatedly', async () => {
    const token = await tokens.sign(claims);
    expect(await tokens.verify(token)).toEqual(claims);
    expect(await tokens.verify(token)).toEqual(claims);
  });

  it('refuses a tampered token even after the genuine one was verified', async () => {
    const token = await tokens.sign(claims);
    await tokens.verify(token);
    const [header, payload, signature] = token.split('.');
    const forgedPayload = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()), org: 'org-2' }),
    ).toString('base64url');
    expect(await tokens.verify(`${header}.${forgedPayload}.${signature}`)).toBeNull();
    expect(await tokens.verify(`${header}.${payload}.${signature?.slice(0, -2)}xx`)).toBeNull();
  });

  it('refuses tokens signed with another secret, expired ones, and garbage', async () => {
    const other = createAccessTokens('another-secret-that-is-long-enough-for-hs256');
    expect(await tokens.verify(await other.sign(claims))).toBeNull();
    expect(await tokens.verify(await tokens.sign(claims, -10))).toBeNull();
    expect(await tokens.verify('not.a.token')).toBeNull();
    expect(await tokens.verify('')).toBeNull();
  });
});
