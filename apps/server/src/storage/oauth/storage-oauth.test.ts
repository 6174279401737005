import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGoogleStandIn, type GoogleStandIn } from '../test-support/google-stand-in.js';
import { startGraphStandIn, type GraphStandIn } from '../test-support/graph-stand-in.js';
import {
  exchangeStorageCode,
  forgetStorageAccessToken,
  storageAccessToken,
  storageAuthorizationUrl,
} from './storage-oauth.js';

describe('storage OAuth', () => {
  let google: GoogleStandIn;
  let graph: GraphStandIn;

  beforeAll(async () => {
    google = await startGoogleStandIn();
    graph = await startGraphStandIn({ account: { userPrincipalName: 'pat@contoso.onmicrosoft.com', mail: null } });
  });
  afterAll(async () => {
    await google.close();
    await graph.close();
  });

  it("asks Google for offline access to the app's own Drive files", () => {
    const url = new URL(storageAuthorizationUrl('google_drive', google.config, { state: 'state-1' }));

    expect(`${url.origin}${url.pathname}`).toBe(google.config.authorizeUrl);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: google.config.clientId,
      redirect_uri: google.config.redirectUri,
      response_type: 'code',
      scope: 'https://www.googleapis.com/auth/drive.file openid email',
      access_type: 'offline',
      prompt: 'consent',
      state: 'state-1',
    });
  });

  it('asks Microsoft for offline access to files and sites', () => {
    const url = new URL(storageAuthorizationUrl('microsoft', graph.config, { state: 'state-2' }));

    expect(`${url.origin}${url.pathname}`).toBe(graph.config.authorizeUrl);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: graph.config.clientId,
      response_type: 'code',
      redirect_uri: graph.config.redirectUri,
      response_mode: 'query',
      scope: 'offline_access Files.ReadWrite.All Sites.ReadWrite.All User.Read',
      state: 'state-2',
    });
  });

  it("exchanges Google's code for a refresh token and the consenting e-mail, then reuses the access token", async () => {
    const grant = await exchangeStorageCode('google_drive', google.config, {
      code: google.issueCode('owner@example.com'),
    });

    expect(grant.account).toBe('owner@example.com');
    expect(google.grants.refreshTokens.get(grant.refreshToken)).toEqual({
      account: 'owner@example.com',
      revoked: false,
    });
    const requestsBefore = google.grants.tokenRequests;
    const first = await storageAccessToken('google_drive', google.config, grant.refreshToken);
    const second = await storageAccessToken('google_drive', google.config, grant.refreshToken);
    expect(second).toBe(first);
    expect(google.grants.accountOf(first)).toBe('owner@example.com');
    expect(google.grants.tokenRequests).toBe(requestsBefore);
  });

  it("exchanges Microsoft's code and names the account by its user principal name when it has no mail", async () => {
    const grant = await exchangeStorageCode('microsoft', graph.config, { code: graph.issueCode('pat') });

    expect(grant.account).toBe('pat@contoso.onmicrosoft.com');
    const token = await storageAccessToken('microsoft', graph.config, grant.refreshToken);
    expect(graph.grants.accountOf(token)).toBe('pat');
  });

  it('refreshes an access token from a refresh token it has not seen', async () => {
    const refreshToken = graph.grants.issueRefreshToken('other@contoso.com');
    const requestsBefore = graph.grants.tokenRequests;

    const token = await storageAccessToken('microsoft', graph.config, refreshToken);

    expect(graph.grants.accountOf(token)).toBe('other@contoso.com');
    expect(graph.grants.tokenRequests).toBe(requestsBefore + 1);
  });

  it("hands Microsoft's newer refresh token to the caller, and it works", async () => {
    const refreshToken = graph.grants.issueRefreshToken('rotating@contoso.com');
    const rotated: string[] = [];

    await storageAccessToken('microsoft', graph.config, refreshToken, {
      onRefreshTokenRotated: (newer) => void rotated.push(newer),
    });

    expect(rotated).toHaveLength(1);
    expect(rotated[0]).not.toBe(refreshToken);
    expect(graph.grants.refreshTokens.get(rotated[0] ?? '')).toEqual({
      account: 'rotating@contoso.com',
      revoked: false,
    });
  });

  it('refuses a code that was already used or never issued', async () => {
    const code = google.issueCode('owner@example.com');
    await exchangeStorageCode('google_drive', google.config, { code });

    await expect(exchangeStorageCode('google_drive', google.config, { code })).rejects.toMatchObject({
      kind: 'unauthorized',
    });
    await expect(exchangeStorageCode('microsoft', graph.config, { code: 'made-up' })).rejects.toMatchObject({
      kind: 'unauthorized',
    });
  });

  it('says plainly that an administrator must reconnect once the refresh token is revoked', async () => {
    const revocable = await startGoogleStandIn();
    const revocableGraph = await startGraphStandIn();
    try {
      const googleGrant = await exchangeStorageCode('google_drive', revocable.config, {
        code: revocable.issueCode('a@b.c'),
      });
      const graphGrant = await exchangeStorageCode('microsoft', revocableGraph.config, {
        code: revocableGraph.issueCode('a@b.c'),
      });
      revocable.revoke();
      revocableGraph.revoke();
      // What a driver does when the provider refuses the cached access token.
      forgetStorageAccessToken('google_drive', revocable.config, googleGrant.refreshToken);
      forgetStorageAccessToken('microsoft', revocableGraph.config, graphGrant.refreshToken);

      await expect(
        storageAccessToken('google_drive', revocable.config, googleGrant.refreshToken),
      ).rejects.toMatchObject({
        kind: 'unauthorized',
        message: 'Google Drive refused access: an administrator must connect it again in Storage settings.',
      });
      await expect(
        storageAccessToken('microsoft', revocableGraph.config, graphGrant.refreshToken),
      ).rejects.toMatchObject({
        kind: 'unauthorized',
        message:
          'Microsoft OneDrive / SharePoint refused access: an administrator must connect it again in Storage settings.',
      });
    } finally {
      await revocable.close();
      await revocableGraph.close();
    }
  });

  it('says the provider cannot be reached when its token endpoint is down', async () => {
    const down = { ...google.config, tokenUrl: 'http://127.0.0.1:9/token' };

    await expect(storageAccessToken('google_drive', down, 'any-refresh-token')).rejects.toMatchObject({
      kind: 'unavailable',
    });
  });
});
