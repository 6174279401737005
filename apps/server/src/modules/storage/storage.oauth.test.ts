import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Session, StorageSettings, StorageTestResult } from '@keel/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGoogleStandIn, type GoogleStandIn } from '../../storage/test-support/google-stand-in.js';
import { startGraphStandIn, type GraphStandIn } from '../../storage/test-support/graph-stand-in.js';
import {
  bytesOf,
  DOCUMENT_TYPES,
  PDF_BYTES,
  removeDataDir,
  storageTestConfig,
  storageTestEnv,
  streamOf,
} from '../../test-support/storage-fixture.js';
import { auditEvents, bearer, bodyOf, queryAsOwner, useTenantFixture } from '../../test-support/test-app.js';
import { createStoredFilesService } from './stored-files.service.js';

const dataDir = path.join(tmpdir(), `keel-storage-oauth-${randomUUID()}`);
let google: GoogleStandIn;
let graph: GraphStandIn;
/** The stand-in checks the redirect address it was given: the app's callback on this APP_URL. */
const googleEnv = (): Record<string, string> => ({
  APP_URL: 'http://localhost:3000',
  GOOGLE_CLIENT_ID: google.config.clientId,
  GOOGLE_CLIENT_SECRET: google.config.clientSecret,
  GOOGLE_OAUTH_AUTHORIZE_URL: google.config.authorizeUrl,
  GOOGLE_OAUTH_TOKEN_URL: google.config.tokenUrl,
  GOOGLE_DRIVE_API_URL: google.config.apiUrl,
  MICROSOFT_CLIENT_ID: graph.config.clientId,
  MICROSOFT_CLIENT_SECRET: graph.config.clientSecret,
  MICROSOFT_LOGIN_URL: new URL(graph.config.tokenUrl).origin,
  MICROSOFT_GRAPH_URL: new URL(graph.config.tokenUrl).origin,
});
beforeAll(async () => {
  google = await startGoogleStandIn();
  graph = await startGraphStandIn({
    sites: [{ id: 'site-finance', displayName: 'Finance', drives: [{ id: 'drive-finance-docs', name: 'Documents' }] }],
  });
});
const t = useTenantFixture(['admin', 'member'], {}, () => storageTestEnv(dataDir, googleEnv()));
afterAll(async () => {
  await google.close();
  await graph.close();
  await removeDataDir(dataDir);
});

const orgOf = (session: Session) => session.user.organizationId;
const call = (method: 'GET' | 'POST' | 'PUT', suffix: string, session: Session = t.owner, payload?: object) =>
  t.context.app.inject({
    method,
    url: `/api/v1/organizations/${orgOf(session)}/storage-settings${suffix}`,
    headers: bearer(session),
    ...(payload ? { payload } : {}),
  });
const callback = (query: Record<string, string>) =>
  t.context.app.inject({
    method: 'GET',
    url: `/api/v1/storage/oauth/callback?${new URLSearchParams(query).toString()}`,
  });
const landingOf = (location: unknown) => new URL(String(location), 'http://localhost:3000');

async function consentState(session: Session = t.owner): Promise<string> {
  const response = await call('POST', '/oauth/google_drive/start', session);
  expect(response.statusCode).toBe(200);
  const address = new URL(bodyOf<{ data: { authorizationUrl: string } }>(response).data.authorizationUrl);
  expect(`${address.origin}${address.pathname}`).toBe(google.config.authorizeUrl);
  expect(address.searchParams.get('redirect_uri')).toBe('http://localhost:3000/api/v1/storage/oauth/callback');
  return address.searchParams.get('state') ?? '';
}

describe('connecting Google Drive', () => {
  it('is offered to admins only, as configured', async () => {
    expect((await call('POST', '/oauth/google_drive/start', t.members.member)).statusCode).toBe(403);
    const settings = bodyOf<{ data: StorageSettings }>(await call('GET', '')).data;
    expect(settings.providers).toEqual({ google_drive: { configured: true }, microsoft: { configured: true } });
  });

  it('sends the browser back with the reason when the administrator declines', async () => {
    const response = await callback({ state: await consentState(), error: 'access_denied' });
    expect(response.statusCode).toBe(302);
    expect(landingOf(response.headers.location).searchParams.get('error')).toBe('Google Drive did not grant access.');
  });

  it('exchanges the code, keeps the token sealed, makes the Keel folder and lands on the settings page', async () => {
    const state = await consentState(t.members.admin);
    const response = await callback({ state, code: google.issueCode('admin@example.com') });
    expect(response.statusCode).toBe(302);
    const landing = landingOf(response.headers.location);
    expect(`${landing.pathname}${landing.search}`).toBe('/organization-settings/storage?connected=google_drive');

    const folder = [...google.files.values()].find((file) => file.name === 'Keel');
    const settings = bodyOf<{ data: StorageSettings }>(await call('GET', '')).data;
    expect(settings.googleDrive).toEqual({
      connectedAs: 'admin@example.com',
      connectedAt: expect.any(String) as string,
      locationId: folder?.id,
      locationName: 'Keel',
    });
    const [row] = await queryAsOwner<{ google_refresh_token_sealed: string }>(
      t.context.database,
      `select google_refresh_token_sealed from storage_settings where organization_id = '${orgOf(t.owner)}'`,
    );
    const refreshTokens = [...google.grants.refreshTokens.keys()];
    expect(refreshTokens.length).toBeGreaterThan(0);
    for (const token of refreshTokens) expect(row?.google_refresh_token_sealed).not.toContain(token);
    expect(await auditEvents(t.context.database, 'storage.connected', orgOf(t.owner))).toContainEqual(
      expect.objectContaining({ actorUserId: t.members.admin.user.id }),
    );

    const test = bodyOf<{ data: StorageTestResult }>(await call('POST', '/test', t.owner, { driver: 'google_drive' }));
    expect(test.data.ok).toBe(true);
  });

  it('refuses a state used a second time with a code the provider no longer knows, with a clear error', async () => {
    const state = await consentState();
    const response = await callback({ state, code: 'a-code-nobody-issued' });
    expect(response.statusCode).toBe(302);
    expect(landingOf(response.headers.location).searchParams.get('error')).toMatch(
      /^The provider refused the connection: /,
    );
  });

  it('keeps new files in the Keel folder once Google Drive is chosen, and refuses to disconnect it while in use', async () => {
    const { version } = bodyOf<{ data: StorageSettings }>(await call('GET', '')).data;
    const switched = await call('POST', '/switch', t.owner, { driver: 'google_drive', moveExisting: false, version });
    expect(switched.statusCode).toBe(200);
    const files = createStoredFilesService({
      db: t.context.database.db,
      config: storageTestConfig(dataDir, googleEnv()),
    });
    const stored = await files.store(
      orgOf(t.owner),
      t.owner.user.id,
      { stream: streamOf(PDF_BYTES), fileName: 'plan.pdf' },
      { maxBytes: 1024 * 1024, allowedTypes: DOCUMENT_TYPES },
    );
    expect(stored.driver).toBe('google_drive');
    expect(await bytesOf((await files.open(orgOf(t.owner), stored.id)).stream)).toEqual(PDF_BYTES);

    const current = bodyOf<{ data: StorageSettings }>(switched).data.version;
    const refused = await call('POST', '/disconnect/google_drive', t.owner, { version: current });
    expect(refused.statusCode).toBe(409);
    expect(bodyOf<{ code: string }>(refused).code).toBe('storage.in_use');

    google.revoke();
    const revoked = await files.open(orgOf(t.owner), stored.id).catch((error: unknown) => error);
    expect(revoked).toMatchObject({
      statusCode: 409,
      code: 'storage.unauthorized',
      message: 'Google Drive refused access: an administrator must check Storage settings.',
    });
  });
});

describe('connecting OneDrive or SharePoint', () => {
  it('connects, lists the drives the account can use, and keeps files in the chosen one', async () => {
    const start = await call('POST', '/oauth/microsoft/start');
    const state = new URL(bodyOf<{ data: { authorizationUrl: string } }>(start).data.authorizationUrl).searchParams.get(
      'state',
    );
    const response = await callback({ state: state ?? '', code: graph.issueCode('owner@example.com') });
    expect(landingOf(response.headers.location).searchParams.get('connected')).toBe('microsoft');

    expect((await call('GET', '/microsoft/drives', t.members.member)).statusCode).toBe(403);
    const listed = await call('GET', '/microsoft/drives');
    expect(listed.statusCode).toBe(200);
    const drives = bodyOf<{ data: { id: string; kind: string; siteName: string | null }[] }>(listed).data;
    expect(drives).toContainEqual(
      expect.objectContaining({ id: 'drive-finance-docs', kind: 'sharepoint', siteName: 'Finance' }),
    );
    expect(drives).toContainEqual(expect.objectContaining({ id: graph.oneDriveId, kind: 'onedrive' }));

    const { version, microsoft } = bodyOf<{ data: StorageSettings }>(await call('GET', '')).data;
    expect(microsoft).toMatchObject({ connectedAs: 'owner@example.com', locationId: null });
    const unknown = await call('PUT', '/microsoft/drive', t.owner, { driveId: 'drive-of-someone-else', version });
    expect(unknown.statusCode).toBe(400);
    const stale = await call('PUT', '/microsoft/drive', t.owner, {
      driveId: 'drive-finance-docs',
      version: version + 3,
    });
    expect(stale.statusCode).toBe(409);
    const chosen = await call('PUT', '/microsoft/drive', t.owner, { driveId: 'drive-finance-docs', version });
    expect(chosen.statusCode).toBe(200);
    expect(bodyOf<{ data: StorageSettings }>(chosen).data.microsoft).toMatchObject({
      locationId: 'drive-finance-docs',
      locationName: 'Finance: Documents',
    });
    const sealedToken = async () =>
      (
        await queryAsOwner<{ microsoft_refresh_token_sealed: string; version: number }>(
          t.context.database,
          `select microsoft_refresh_token_sealed, version from storage_settings where organization_id = '${orgOf(t.owner)}'`,
        )
      )[0];
    const before = await sealedToken();
    // Access tokens that ended early: the driver refreshes, and Microsoft hands out a newer refresh token with it.
    graph.grants.accessTokens.clear();
    const test = bodyOf<{ data: StorageTestResult }>(await call('POST', '/test', t.owner, { driver: 'microsoft' }));
    expect(test.data.ok).toBe(true);
    // The newer one is kept, without making an administrator's open form stale.
    const after = await sealedToken();
    expect(after?.microsoft_refresh_token_sealed).not.toBe(before?.microsoft_refresh_token_sealed);
    expect(after?.version).toBe(before?.version);
    graph.grants.accessTokens.clear();
    const again = bodyOf<{ data: StorageTestResult }>(await call('POST', '/test', t.owner, { driver: 'microsoft' }));
    expect(again.data.ok).toBe(true);
  });

  it('disconnects a drive no file is kept in, forgetting its access', async () => {
    const { version } = bodyOf<{ data: StorageSettings }>(await call('GET', '')).data;
    const response = await call('POST', '/disconnect/microsoft', t.owner, { version });
    expect(response.statusCode).toBe(200);
    expect(bodyOf<{ data: StorageSettings }>(response).data.microsoft).toBeNull();
    const [row] = await queryAsOwner<{ microsoft_refresh_token_sealed: string | null }>(
      t.context.database,
      `select microsoft_refresh_token_sealed from storage_settings where organization_id = '${orgOf(t.owner)}'`,
    );
    expect(row?.microsoft_refresh_token_sealed).toBeNull();
    expect(await auditEvents(t.context.database, 'storage.disconnected', orgOf(t.owner))).toContainEqual(
      expect.objectContaining({ summary: { provider: 'microsoft' } }),
    );
  });
});
