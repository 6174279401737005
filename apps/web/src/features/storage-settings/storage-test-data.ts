import type { StorageMove, StorageSettings } from '@keel/contract';
import { ORG_ID } from '../../test-utils/fixtures';

export const storagePath = `/organizations/${ORG_ID}/storage-settings`;

/** The settings of an organization that has kept everything on the server's disk so far. */
export const storageSettings = (overrides: Partial<StorageSettings> = {}): StorageSettings => ({
  driver: 'local',
  s3: null,
  googleDrive: null,
  microsoft: null,
  providers: { google_drive: { configured: true }, microsoft: { configured: true } },
  usage: [{ driver: 'local', files: 12, bytes: 3.5 * 1024 * 1024 }],
  move: null,
  version: 3,
  ...overrides,
});

export const savedS3: NonNullable<StorageSettings['s3']> = {
  endpoint: 'http://127.0.0.1:9000',
  bucket: 'keel-files',
  region: 'us-east-1',
  accessKeyId: 'minio-user',
  forcePathStyle: true,
  prefix: 'keel/',
  hasSecretAccessKey: true,
};

export const storageMove = (overrides: Partial<StorageMove> = {}): StorageMove => ({
  id: '44444444-4444-4444-8444-444444444444',
  from: 'local',
  to: 's3',
  status: 'running',
  total: 12,
  moved: 5,
  error: null,
  startedAt: '2026-11-26T10:00:00.000Z',
  finishedAt: null,
  ...overrides,
});
