import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Issue, Priority, StorageSettings } from '@keel/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exeBytes } from '../../test-support/documents-fixture.js';
import {
  filesUnder,
  removeDataDir,
  startS3Server,
  storageTestEnv,
  type S3Server,
} from '../../test-support/storage-fixture.js';
import { leadershipTeamOf } from '../../test-support/team-fixtures.js';
import {
  bearer,
  bodyOf,
  multipart,
  PNG_BYTES,
  queryAsOwner,
  registerOrganization,
  useTenantFixture,
} from '../../test-support/test-app.js';

const dataDir = path.join(tmpdir(), `keel-attachments-storage-${randomUUID()}`);
const t = useTenantFixture(['member'], {}, () => storageTestEnv(dataDir));
let s3: S3Server;
let teamId: string;
beforeAll(async () => {
  s3 = await startS3Server(path.join(dataDir, 's3rver'));
  teamId = await leadershipTeamOf(t.context, t.owner);
});
afterAll(async () => {
  await s3.close();
  await removeDataDir(dataDir);
});

const orgId = () => t.owner.user.organizationId;
const call = (method: 'GET' | 'POST' | 'PUT', suffix: string, payload?: object) =>
  t.context.app.inject({
    method,
    url: `/api/v1/organizations/${orgId()}${suffix}`,
    headers: bearer(t.owner),
    ...(payload ? { payload } : {}),
  });
const attach = (suffix: string, fileName: string, content: Buffer) => {
  const form = multipart('file', fileName, 'application/pdf', content);
  return t.context.app.inject({
    method: 'POST',
    url: `/api/v1/organizations/${orgId()}${suffix}`,
    headers: { ...form.headers, ...bearer(t.owner) },
    payload: form.payload,
  });
};
const storedFileCount = async () =>
  Number(
    (
      await queryAsOwner<{ count: string }>(
        t.context.database,
        `select count(*)::text as count from stored_files where organization_id = '${orgId()}'`,
      )
    )[0]?.count,
  );

/** Issues and priorities keep their attachments alike: one table each, one path each, their own refusal. */
const FEATURES = [
  {
    name: 'issue',
    table: 'issue_attachments',
    unsupported: { status: 400, code: 'issue_attachment.unsupported_type' },
    create: async () => {
      const response = await call('POST', '/issues', { teamId, title: 'Invoices go out late' });
      expect(response.statusCode, response.body).toBe(201);
      return `/issues/${bodyOf<{ data: Issue }>(response).data.id}/attachments`;
    },
  },
  {
    name: 'priority',
    table: 'priority_attachments',
    unsupported: { status: 415, code: 'priority.attachment_unsupported_type' },
    create: async () => {
      const body = { title: 'Launch the new website', ownerIds: [t.owner.user.id], teamId };
      const response = await call('POST', '/priorities', body);
      expect(response.statusCode, response.body).toBe(201);
      return `/priorities/${bodyOf<{ data: Priority[] }>(response).data[0]!.id}/attachments`;
    },
  },
] as const;

describe.each(FEATURES)('$name attachments in the organization’s storage', (feature) => {
  it('refuses an executable named .pdf, storing nothing anywhere', async () => {
    const attachments = await feature.create();
    const before = { rows: await storedFileCount(), files: await filesUnder(dataDir) };
    const response = await attach(attachments, 'invoice.pdf', exeBytes);
    expect(response.statusCode).toBe(feature.unsupported.status);
    expect(bodyOf<{ code: string }>(response).code).toBe(feature.unsupported.code);
    expect(await storedFileCount()).toBe(before.rows);
    expect(await filesUnder(dataDir)).toEqual(before.files);
    expect(bodyOf<{ data: unknown[] }>(await call('GET', attachments)).data).toEqual([]);
  });

  it('answers a body cut off mid-file as unreadable, storing nothing', async () => {
    const attachments = await feature.create();
    const before = await storedFileCount();
    const form = multipart('file', 'shot.png', 'image/png', Buffer.concat([PNG_BYTES, Buffer.alloc(70_000)]));
    const response = await t.context.app.inject({
      method: 'POST',
      url: `/api/v1/organizations/${orgId()}${attachments}`,
      headers: { ...form.headers, ...bearer(t.owner) },
      payload: form.payload.subarray(0, form.payload.length - 60),
    });
    expect(response.statusCode).toBe(400);
    expect(bodyOf<{ code: string }>(response).code).toBe('request.malformed_upload');
    expect(await storedFileCount()).toBe(before);
  });

  it('opens a file kept under the key the server disk used before stored files existed', async () => {
    const attachments = await feature.create();
    const uploaded = await attach(attachments, 'shot.png', PNG_BYTES);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const id = bodyOf<{ data: { id: string } }>(uploaded).data.id;
    // What the migration leaves: a row without a hash, naming the old key under DATA_DIR/files.
    const oldKey = `organizations/${orgId()}${attachments.replace(/\/attachments$/, '')}/${id}`;
    const oldBytes = Buffer.concat([PNG_BYTES, Buffer.from('kept before')]);
    await mkdir(path.dirname(path.join(dataDir, 'files', oldKey)), { recursive: true });
    await writeFile(path.join(dataDir, 'files', oldKey), oldBytes);
    await queryAsOwner(
      t.context.database,
      `update stored_files set driver = 'local', locator = '${oldKey}', sha256 = null, bytes = ${oldBytes.length}
       where id = (select stored_file_id from ${feature.table} where id = '${id}')`,
    );
    const download = await call('GET', `${attachments}/${id}`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/png');
    expect(download.headers['content-disposition']).toBe(`attachment; filename="shot.png"; filename*=UTF-8''shot.png`);
    expect(download.rawPayload.equals(oldBytes)).toBe(true);

    const removed = await t.context.app.inject({
      method: 'DELETE',
      url: `/api/v1/organizations/${orgId()}${attachments}/${id}`,
      headers: bearer(t.owner),
    });
    expect(removed.statusCode).toBe(200);
    expect(await filesUnder(path.join(dataDir, 'files'))).not.toContain(oldKey);
    const left = await queryAsOwner(t.context.database, `select 1 from stored_files where locator = '${oldKey}'`);
    expect(left).toEqual([]);
  });

  it('puts a file attached while the organization keeps files in S3 into the bucket, and serves it from there', async () => {
    await switchTo('s3');
    try {
      const attachments = await feature.create();
      const localBefore = await filesUnder(path.join(dataDir, 'files'));
      const uploaded = await attach(attachments, 'shot.png', PNG_BYTES);
      expect(uploaded.statusCode, uploaded.body).toBe(201);
      const id = bodyOf<{ data: { id: string } }>(uploaded).data.id;
      const [stored] = await queryAsOwner<{ driver: string; locator: string; sha256: string | null }>(
        t.context.database,
        `select f.driver, f.locator, f.sha256 from stored_files f
         join ${feature.table} a on a.stored_file_id = f.id where a.id = '${id}'`,
      );
      expect(stored).toMatchObject({ driver: 's3', sha256: expect.stringMatching(/^[0-9a-f]{64}$/) as string });
      expect((await filesUnder(path.join(dataDir, 's3rver'))).some((file) => file.includes(stored!.locator))).toBe(
        true,
      );
      expect(await filesUnder(path.join(dataDir, 'files'))).toEqual(localBefore);
      const download = await call('GET', `${attachments}/${id}`);
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload.equals(PNG_BYTES)).toBe(true);
    } finally {
      await switchTo('local');
    }
  });
});

describe('an organization with attachments', () => {
  it('can still be deleted, its stored files with it', async () => {
    const doomed = await registerOrganization(t.context.app, { organizationName: 'Doomed' });
    const doomedOrg = doomed.user.organizationId;
    const doomedTeam = await leadershipTeamOf(t.context, doomed);
    const inDoomed = (suffix: string, payload: object) =>
      t.context.app.inject({
        method: 'POST',
        url: `/api/v1/organizations/${doomedOrg}${suffix}`,
        headers: bearer(doomed),
        payload,
      });
    const attachIn = async (suffix: string) => {
      const form = multipart('file', 'shot.png', 'image/png', PNG_BYTES);
      const response = await t.context.app.inject({
        method: 'POST',
        url: `/api/v1/organizations/${doomedOrg}${suffix}/attachments`,
        headers: { ...form.headers, ...bearer(doomed) },
        payload: form.payload,
      });
      expect(response.statusCode, response.body).toBe(201);
    };
    const issue = bodyOf<{ data: Issue }>(await inDoomed('/issues', { teamId: doomedTeam, title: 'x' })).data;
    const priorityBody = { title: 'y', ownerIds: [doomed.user.id], teamId: doomedTeam };
    const [priority] = bodyOf<{ data: Priority[] }>(await inDoomed('/priorities', priorityBody)).data;
    await attachIn(`/issues/${issue.id}`);
    await attachIn(`/priorities/${priority!.id}`);

    await queryAsOwner(t.context.database, `delete from organizations where id = '${doomedOrg}'`);
    const left = await queryAsOwner(
      t.context.database,
      `select 1 from stored_files where organization_id = '${doomedOrg}'`,
    );
    expect(left).toEqual([]);
  });
});

async function switchTo(driver: 'local' | 's3') {
  if (driver === 's3') {
    const saved = await call('PUT', '/storage-settings/s3', {
      endpoint: s3.endpoint,
      bucket: s3.bucket,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
      prefix: 'keel',
    });
    expect(saved.statusCode, saved.body).toBe(200);
  }
  const { version } = bodyOf<{ data: StorageSettings }>(await call('GET', '/storage-settings')).data;
  const switched = await call('POST', '/storage-settings/switch', { driver, moveExisting: false, version });
  expect(switched.statusCode, switched.body).toBe(200);
}
