import {
  STORAGE_DRIVER_LABELS,
  type ChooseMicrosoftDriveRequest,
  type MicrosoftDrive,
  type SaveS3SettingsRequest,
  type StorageDriverKind,
  type StorageOAuthProvider,
  type StorageSettings,
  type StorageTestResult,
  type SwitchStorageRequest,
} from '@keel/contract';
import type { Config } from '../../config.js';
import type { Database } from '../../db/database.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { publishChange, type ChangeBus } from '../../realtime/change-bus.js';
import { listMicrosoftDrives } from '../../storage/drivers/microsoft-graph-driver.js';
import { isStorageError } from '../../storage/storage-driver.js';
import { recordAuditEvent } from '../audit/index.js';
import { asAdmin, asAdminReader, type Caller, type MemberScope, type RequestMeta } from '../organizations/index.js';
import {
  createRotatedTokenKeeper,
  createStorageSecrets,
  openSealed,
  requireDriver,
  resolveDriver,
  type StorageSecrets,
} from './storage.drivers.js';
import * as errors from './storage.errors.js';
import { toSettings } from './storage.mapping.js';
import * as repository from './storage.repository.js';
import { currentSettings } from './stored-files.service.js';

/** How long "test connection" waits for a place before saying it did not answer. */
export const STORAGE_CHECK_TIMEOUT_MS = 20_000;

export interface StorageSettingsServiceDeps {
  db: Database;
  config: Config;
  changes: ChangeBus;
  jobs: JobQueue;
  secrets?: StorageSecrets;
  checkTimeoutMs?: number;
  log?: { warn(details: object, message: string): void };
}

/** Runs `work`, or answers what a person can act on when it fails or takes too long. */
async function withinTime(work: Promise<void>, timeoutMs: number): Promise<'done' | 'timeout'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs);
  });
  try {
    return await Promise.race([work.then(() => 'done' as const), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export function createStorageSettingsService(deps: StorageSettingsServiceDeps) {
  const { db, config, jobs } = deps;
  const secrets = deps.secrets ?? createStorageSecrets(config.jwtSecret);
  const keepRotatedToken = createRotatedTokenKeeper(db, secrets);
  const checkTimeoutMs = deps.checkTimeoutMs ?? STORAGE_CHECK_TIMEOUT_MS;

  const announce = (caller: Caller) =>
    publishChange(deps.changes, caller, {
      teamId: null,
      entity: 'storage',
      ids: [caller.organizationId],
      action: 'updated',
    });
  const audit = (member: MemberScope, meta: RequestMeta, action: string, summary: Record<string, unknown>) =>
    recordAuditEvent(member.organizationId, {
      actorUserId: member.userId,
      action,
      targetType: 'storage_settings',
      targetId: member.organizationId,
      summary,
      ...meta,
    });

  /** The settings as an administrator sees them, read in the current transaction. */
  async function view(organizationId: string): Promise<StorageSettings> {
    const [settings, usage, move] = await Promise.all([
      currentSettings(organizationId),
      repository.usageByDriver(organizationId),
      repository.latestMove(organizationId),
    ]);
    return toSettings(config, settings, usage, move);
  }

  /** The settings locked at the version the administrator read: a stale one is refused. */
  async function lockAt(organizationId: string, version: number) {
    const settings = await repository.lockSettings(organizationId);
    if (settings.version !== version) throw errors.staleSettings();
    return settings;
  }

  async function update(organizationId: string, version: number, changes: repository.StorageSettingsChanges) {
    const row = await repository.updateSettingsAtVersion(organizationId, version, changes);
    if (!row) throw errors.staleSettings();
    return row;
  }

  /** A change to the settings of one place refused while files kept there would be lost by it. */
  async function refuseWhileFilesOn(organizationId: string, driver: StorageDriverKind) {
    const files = await repository.countFilesOn(organizationId, driver);
    if (files > 0) throw errors.stillInUse(driver, files);
  }

  /** The drives the connected Microsoft account can write to, asked of Microsoft Graph. */
  async function microsoftDrivesOf(caller: Caller): Promise<MicrosoftDrive[]> {
    const settings = await asAdminReader(db, caller, () => currentSettings(caller.organizationId));
    const oauth = config.storage.microsoft;
    if (!oauth) throw errors.providerNotConfigured('microsoft');
    const sealed = settings.microsoftRefreshTokenSealed;
    const refreshToken = sealed === null ? null : openSealed(secrets.microsoft, sealed);
    if (refreshToken === null) throw errors.notConnected('microsoft');
    try {
      return await listMicrosoftDrives({ config: oauth, refreshToken });
    } catch (error) {
      throw errors.storageFailure('microsoft', error, 'write');
    }
  }

  return {
    settings: (caller: Caller): Promise<StorageSettings> =>
      asAdminReader(db, caller, () => view(caller.organizationId)),

    /** Saves the S3 settings; without a new secret the saved one is kept. */
    async saveS3(caller: Caller, request: SaveS3SettingsRequest, meta: RequestMeta): Promise<StorageSettings> {
      const result = await asAdmin(db, caller, async (member) => {
        const { organizationId } = member;
        const settings = await repository.lockSettings(organizationId);
        const secret = request.secretAccessKey ?? null;
        if (secret === null && settings.s3SecretSealed === null) {
          throw errors.secretRequired();
        }
        // A file's key keeps its prefix, so only another bucket or service would leave files behind.
        const samePlace = settings.s3Endpoint === request.endpoint && settings.s3Bucket === request.bucket;
        if (!samePlace) await refuseWhileFilesOn(organizationId, 's3');
        await update(organizationId, settings.version, {
          s3Endpoint: request.endpoint,
          s3Bucket: request.bucket,
          s3Region: request.region,
          s3AccessKeyId: request.accessKeyId,
          s3SecretSealed: secret === null ? settings.s3SecretSealed : secrets.s3.seal(secret),
          s3ForcePathStyle: request.forcePathStyle ? 1 : 0,
          s3Prefix: request.prefix,
        });
        await audit(member, meta, 'storage.s3_saved', {
          endpoint: request.endpoint,
          bucket: request.bucket,
          region: request.region,
          secretChanged: secret !== null,
        });
        return view(organizationId);
      });
      announce(caller);
      return result;
    },

    /** Writes, reads back and removes a probe in the place; a failure is an answer, never an error. */
    async test(caller: Caller, driver: StorageDriverKind): Promise<StorageTestResult> {
      const settings = await asAdminReader(db, caller, () => currentSettings(caller.organizationId));
      const place = STORAGE_DRIVER_LABELS[driver];
      const resolution = resolveDriver(config, secrets, settings, driver, keepRotatedToken);
      if ('problem' in resolution)
        return { ok: false, message: `${place} cannot be tested yet: ${resolution.problem}` };
      try {
        const outcome = await withinTime(resolution.driver.check(), checkTimeoutMs);
        if (outcome === 'timeout') {
          return {
            ok: false,
            message: `${place} did not answer within ${Math.round(checkTimeoutMs / 1000)} seconds. Check the address and that the service is running.`,
          };
        }
        return { ok: true, message: `Keel wrote, read back and removed a test file in ${place}: it works.` };
      } catch (error) {
        if (!isStorageError(error)) deps.log?.warn({ err: error, driver }, 'storage test failed unexpectedly');
        const reason = isStorageError(error) ? error.message : 'it could not be reached.';
        return { ok: false, message: `${place} failed the test: ${reason}` };
      }
    },

    /** New files go to `driver` from now on; with `moveExisting`, a background job moves the others there. */
    async switchDriver(caller: Caller, request: SwitchStorageRequest, meta: RequestMeta): Promise<StorageSettings> {
      const result = await asAdmin(db, caller, async (member) => {
        const { organizationId } = member;
        const settings = await lockAt(organizationId, request.version);
        requireDriver(config, secrets, settings, request.driver);
        const running = await repository.latestMove(organizationId);
        if (running?.status === 'running') throw errors.moveRunning();
        let moveId: string | null = null;
        if (request.moveExisting) {
          const total = await repository.countFilesNotOn(organizationId, request.driver);
          if (total > 0) {
            const move = await repository.insertMove(organizationId, {
              fromDriver: settings.driver,
              toDriver: request.driver,
              total,
              startedById: member.userId,
            });
            moveId = move.id;
            await jobs.enqueue(
              'storage.move',
              { organizationId, moveId: move.id },
              {
                organizationId,
                description: `Move the organization's files to ${STORAGE_DRIVER_LABELS[request.driver]}`,
              },
            );
          }
        }
        await update(organizationId, settings.version, { driver: request.driver });
        await audit(member, meta, 'storage.switched', { from: settings.driver, to: request.driver, moveId });
        return view(organizationId);
      });
      announce(caller);
      return result;
    },

    microsoftDrives: async (caller: Caller) => ({ data: await microsoftDrivesOf(caller) }),

    /** Keeps new Microsoft files in one of the drives the connected account can write to. */
    async chooseMicrosoftDrive(
      caller: Caller,
      request: ChooseMicrosoftDriveRequest,
      meta: RequestMeta,
    ): Promise<StorageSettings> {
      const drive = (await microsoftDrivesOf(caller)).find((candidate) => candidate.id === request.driveId);
      if (!drive) throw errors.driveNotFound();
      const result = await asAdmin(db, caller, async (member) => {
        const { organizationId } = member;
        const settings = await lockAt(organizationId, request.version);
        if (settings.microsoftDriveId !== drive.id) await refuseWhileFilesOn(organizationId, 'microsoft');
        await update(organizationId, settings.version, {
          microsoftDriveId: drive.id,
          microsoftDriveName: drive.siteName ? `${drive.siteName}: ${drive.name}` : drive.name,
        });
        await audit(member, meta, 'storage.drive_chosen', { driveId: drive.id, name: drive.name, kind: drive.kind });
        return view(organizationId);
      });
      announce(caller);
      return result;
    },

    /** Forgets a cloud drive's access; refused while new files go there or files are still kept there. */
    async disconnect(
      caller: Caller,
      provider: StorageOAuthProvider,
      version: number,
      meta: RequestMeta,
    ): Promise<StorageSettings> {
      const result = await asAdmin(db, caller, async (member) => {
        const { organizationId } = member;
        const settings = await lockAt(organizationId, version);
        if (settings.driver === provider) throw errors.stillInUse(provider, 0);
        await refuseWhileFilesOn(organizationId, provider);
        await update(
          organizationId,
          settings.version,
          provider === 'google_drive'
            ? {
                googleRefreshTokenSealed: null,
                googleConnectedAs: null,
                googleConnectedAt: null,
                googleFolderId: null,
                googleFolderName: null,
              }
            : {
                microsoftRefreshTokenSealed: null,
                microsoftConnectedAs: null,
                microsoftConnectedAt: null,
                microsoftDriveId: null,
                microsoftDriveName: null,
              },
        );
        await audit(member, meta, 'storage.disconnected', { provider });
        return view(organizationId);
      });
      announce(caller);
      return result;
    },
  };
}

export type StorageSettingsService = ReturnType<typeof createStorageSettingsService>;
