import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { tmpdir } from 'node:os';
import type { Session, StorageSettings, StorageTestResult } from '@keel/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  removeDataDir,
  startS3Server,
  storageTestConfig,
  storageTestEnv,
  type S3Server,
} from '../../test-support/storage-fixture.js';
import {
  auditEvents,
  bearer,
  bodyOf,
  expectDocumented,
  queryAsOwner,
  recordedChanges,
  useTenantFixture,
} from '../../test-support/test-app.js';
import { createStorageSettingsService } from './storage.service.js';

const dataDir = path.join(tmpdir(), `keel-storage-routes-${randomUUID()}`);
const t = useTenantFixture(['admin', 'member'], {}, () => storageTestEnv(dataDir));
let s3: S3Server;
beforeAll(async () => {
  s3 = await startS3Server(path.join(dataDir, 's3rver'));
});
afterAll(async () => {
  await s3.close();
  await removeDataDir(dataDir);
});

type Method = 'GET' | 'POST' | 'PUT';
const orgOf = (session: Session) => session.user.organizationId;
const call = (method: Method, suffix: string, session: Session | null = t.owner, payload?: object) =>
  t.context.app.inject({
    method,
    url: `/api/v1/organizations/${orgOf(session ?? t.owner)}/storage-settings${suffix}`,
    headers: session ? bearer(session) : {},
    ...(payload ? { payload } : {}),
  });
const settingsOf = async (session: Session = t.owner) => {
  const response = await call('GET', '', session);
  expect(response.statusCode).toBe(200);
  return bodyOf<{ data: StorageSettings }>(response).data;
};
const s3Body = (overrides: Record<string, unknown> = {}) => ({
  endpoint: s3.endpoint,
  bucket: s3.bucket,
  region: 'us-east-1',
  accessKeyId: 'S3RVER',
  secretAccessKey: 'S3RVER',
  forcePathStyle: true,
  prefix: 'keel',
  ...overrides,
});

describe('storage settings', () => {
  it('answers the defaults before anything is saved: the server disk, nothing connected', async () => {
    expect(await settingsOf()).toEqual({
      driver: 'local',
      s3: null,
      googleDrive: null,
      microsoft: null,
      providers: { google_drive: { configured: false }, microsoft: { configured: false } },
      usage: [],
      move: null,
      version: 1,
    });
    await expectDocumented(t.context, [
      '/api/v1/organizations/{organizationId}/storage-settings',
      '/api/v1/organizations/{organizationId}/storage-settings/s3',
      '/api/v1/organizations/{organizationId}/storage-settings/switch',
      '/api/v1/organizations/{organizationId}/storage-settings/oauth/{provider}/start',
      '/api/v1/storage/oauth/callback',
    ]);
  });

  it('is for admins and owners only: 401 without a session, 403 for a member, 404 for another organization', async () => {
    expect((await call('GET', '', null)).statusCode).toBe(401);
    expect((await call('GET', '', t.members.member)).statusCode).toBe(403);
    expect((await call('PUT', '/s3', t.members.member, s3Body())).statusCode).toBe(403);
    expect((await call('POST', '/test', t.members.member, { driver: 'local' })).statusCode).toBe(403);
    expect(
      (await call('POST', '/switch', t.members.member, { driver: 'local', moveExisting: false, version: 1 }))
        .statusCode,
    ).toBe(403);
    expect((await call('POST', '/oauth/google_drive/start', t.members.member)).statusCode).toBe(403);
    expect((await settingsOf(t.members.admin)).driver).toBe('local');
    const foreign = await t.context.app.inject({
      method: 'GET',
      url: `/api/v1/organizations/${orgOf(t.other)}/storage-settings`,
      headers: bearer(t.owner),
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('refuses malformed S3 settings with 400 and the field that is wrong', async () => {
    const response = await call('PUT', '/s3', t.owner, s3Body({ bucket: '', prefix: '../x y' }));
    expect(response.statusCode).toBe(400);
    const paths = bodyOf<{ details: { path: string }[] }>(response).details.map((detail) => detail.path);
    expect(paths).toEqual(expect.arrayContaining(['bucket', 'prefix']));
    const noSecretYet = await call('PUT', '/s3', t.owner, s3Body({ secretAccessKey: null }));
    expect(noSecretYet.statusCode).toBe(400);
    expect(bodyOf<{ code: string }>(noSecretYet).code).toBe('storage.secret_required');
  });

  it('saves the S3 settings with the secret sealed, and keeps it when the next save leaves it out', async () => {
    const saved = await call(
      'PUT',
      '/s3',
      t.owner,
      s3Body({ accessKeyId: 'NOT-A-KEY', secretAccessKey: 'wrong-secret' }),
    );
    expect(saved.statusCode).toBe(200);
    expect(saved.body).not.toContain('wrong-secret');
    expect(bodyOf<{ data: StorageSettings }>(saved).data.s3).toEqual({
      endpoint: s3.endpoint,
      bucket: s3.bucket,
      region: 'us-east-1',
      accessKeyId: 'NOT-A-KEY',
      forcePathStyle: true,
      prefix: 'keel',
      hasSecretAccessKey: true,
    });
    const [row] = await queryAsOwner<{ s3_secret_sealed: string }>(
      t.context.database,
      `select s3_secret_sealed from storage_settings where organization_id = '${orgOf(t.owner)}'`,
    );
    expect(row?.s3_secret_sealed).toMatch(/^v1\./);
    expect(row?.s3_secret_sealed).not.toContain('wrong-secret');

    const kept = await call(
      'PUT',
      '/s3',
      t.owner,
      s3Body({ accessKeyId: 'NOT-A-KEY', secretAccessKey: undefined, region: 'eu-west-1' }),
    );
    expect(bodyOf<{ data: StorageSettings }>(kept).data.s3).toMatchObject({
      region: 'eu-west-1',
      hasSecretAccessKey: true,
    });
    const [after] = await queryAsOwner<{ s3_secret_sealed: string }>(
      t.context.database,
      `select s3_secret_sealed from storage_settings where organization_id = '${orgOf(t.owner)}'`,
    );
    expect(after?.s3_secret_sealed).toBe(row?.s3_secret_sealed);
    expect(await auditEvents(t.context.database, 'storage.s3_saved', orgOf(t.owner))).toContainEqual(
      expect.objectContaining({
        actorUserId: t.owner.user.id,
        summary: expect.objectContaining({ secretChanged: false }) as unknown,
      }),
    );
  });

  it('tests a place with wrong S3 credentials: ok false and a clear message, never a server error', async () => {
    const response = await call('POST', '/test', t.owner, { driver: 's3' });
    expect(response.statusCode).toBe(200);
    const result = bodyOf<{ data: StorageTestResult }>(response).data;
    expect(result.ok).toBe(false);
    expect(result.message).toMatch(/^S3-compatible object storage failed the test: /);
    expect(result.message).not.toContain('wrong-secret');

    const unset = bodyOf<{ data: StorageTestResult }>(await call('POST', '/test', t.owner, { driver: 'google_drive' }));
    expect(unset.data).toEqual({
      ok: false,
      message: 'Google Drive cannot be tested yet: it is not configured on this server.',
    });
  });

  it('tests a place with the right S3 credentials: ok', async () => {
    expect((await call('PUT', '/s3', t.owner, s3Body())).statusCode).toBe(200);
    const result = bodyOf<{ data: StorageTestResult }>(await call('POST', '/test', t.owner, { driver: 's3' })).data;
    expect(result).toEqual({ ok: true, message: expect.stringContaining('S3-compatible object storage') as string });
    const local = bodyOf<{ data: StorageTestResult }>(await call('POST', '/test', t.owner, { driver: 'local' })).data;
    expect(local.ok).toBe(true);
  });

  it('switches where new files go, refusing a stale version and a place that is not set up', async () => {
    const { version } = await settingsOf();
    const stale = await call('POST', '/switch', t.owner, { driver: 's3', moveExisting: false, version: version - 1 });
    expect(stale.statusCode).toBe(409);
    expect(bodyOf<{ code: string }>(stale).code).toBe('storage.stale_version');

    const notSetUp = await call('POST', '/switch', t.owner, { driver: 'microsoft', moveExisting: false, version });
    expect(notSetUp.statusCode).toBe(400);
    expect(bodyOf<{ error: string }>(notSetUp).error).toBe(
      'OneDrive or SharePoint cannot be used yet: it is not configured on this server.',
    );

    const switched = await call('POST', '/switch', t.owner, { driver: 's3', moveExisting: false, version });
    expect(switched.statusCode).toBe(200);
    expect(bodyOf<{ data: StorageSettings }>(switched).data).toMatchObject({
      driver: 's3',
      version: version + 1,
      move: null,
    });
    expect(await auditEvents(t.context.database, 'storage.switched', orgOf(t.owner))).toContainEqual(
      expect.objectContaining({ summary: { from: 'local', to: 's3', moveId: null } }),
    );

    const back = await call('POST', '/switch', t.owner, { driver: 'local', moveExisting: false, version: version + 1 });
    expect(bodyOf<{ data: StorageSettings }>(back).data.driver).toBe('local');
  });

  it('says plainly when a cloud drive is not configured on this server', async () => {
    const response = await call('POST', '/oauth/google_drive/start');
    expect(response.statusCode).toBe(400);
    expect(bodyOf<{ code: string; error: string }>(response)).toMatchObject({
      code: 'storage.provider_not_configured',
      error: expect.stringMatching(/^Google Drive is not configured on this server\./) as string,
    });
    expect((await call('GET', '/microsoft/drives')).statusCode).toBe(400);
  });

  it('refuses to disconnect the place new files go to, and a stale version', async () => {
    const { version } = await settingsOf();
    const stale = await call('POST', '/disconnect/microsoft', t.owner, { version: version + 5 });
    expect(stale.statusCode).toBe(409);
    expect((await call('POST', '/disconnect/dropbox', t.owner, { version })).statusCode).toBe(400);
  });
});

describe('storage settings changes', () => {
  it("are announced to the organization's open pages once committed, and a refused one is not", async () => {
    const { changes, events } = recordedChanges();
    const service = createStorageSettingsService({
      db: t.context.database.db,
      config: storageTestConfig(dataDir),
      changes,
      jobs: t.context.app.jobs,
    });
    const caller = { organizationId: orgOf(t.owner), userId: t.owner.user.id };
    const meta = { ipAddress: '127.0.0.1', userAgent: 'vitest' };
    const { version } = await settingsOf();
    await service.switchDriver(caller, { driver: 'local', moveExisting: false, version }, meta);
    expect(events).toEqual([
      {
        organizationId: orgOf(t.owner),
        teamId: null,
        entity: 'storage',
        ids: [orgOf(t.owner)],
        action: 'updated',
        actorUserId: t.owner.user.id,
      },
    ]);
    await expect(
      service.switchDriver(caller, { driver: 'local', moveExisting: false, version }, meta),
    ).rejects.toMatchObject({ statusCode: 409, code: 'storage.stale_version' });
    expect(events).toHaveLength(1);
  });
});

describe('storage OAuth callback', () => {
  const callback = (query: string) =>
    t.context.app.inject({ method: 'GET', url: `/api/v1/storage/oauth/callback${query}` });
  const landingOf = (location: unknown) => new URL(String(location), 'http://keel.test');

  it('sends the browser back to the settings page with an error for a forged, missing or expired state', async () => {
    for (const query of ['?code=abc&state=forged', '?code=abc', '', `?code=abc&state=${'x'.repeat(300)}`]) {
      const response = await callback(query);
      expect(response.statusCode, query).toBe(302);
      const landing = landingOf(response.headers.location);
      expect(landing.pathname).toBe('/organization-settings/storage');
      expect(landing.searchParams.get('error')).toBe(
        'The connection request expired or is not valid. Please try again.',
      );
      expect(landing.searchParams.get('connected')).toBeNull();
    }
    // An access token is not a state: it was signed for another audience.
    const stolen = await callback(`?code=abc&state=${t.owner.accessToken}`);
    expect(landingOf(stolen.headers.location).searchParams.get('error')).toMatch(/expired or is not valid/);
  });
});
