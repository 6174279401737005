import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { DataImportResult } from '@keel/contract';
import type { Config } from '../../config.js';
import type { Database } from '../../db/database.js';
import { inTenant, readInTenant } from '../../db/scope.js';
import { restorableTables } from '../../db/tenant-restore.js';
import { SpoolTooLargeError, spoolUpload } from '../../storage/upload-spool.js';
import { recordAuditEvent } from '../audit/index.js';
import { createOrganizationWithOwner, type RequestMeta } from '../organizations/index.js';
import { insertInvitedAccounts, updateOrganization, updateUser } from '../people/index.js';
import type { PlacedCopy, StoredFilesService } from '../storage/index.js';
import { DEFAULT_IMPORT_LIMITS, readArchive, type ImportLimits } from './data-import.archive.js';
import { checkArchive, type CheckedArchive } from './data-import.contents.js';
import * as errors from './data-import.errors.js';
import { restoreRows } from './data-import.restore.js';

export interface DataImportDeps {
  db: Database;
  config: Config;
  storedFiles: StoredFilesService;
  limits?: ImportLimits;
}

export function createDataImportService(deps: DataImportDeps) {
  const { db } = deps;
  const limits = deps.limits ?? DEFAULT_IMPORT_LIMITS;

  /** The archive's files put where the new organization keeps files; all removed again if any fails. */
  async function placeCopies(organizationId: string, archive: CheckedArchive): Promise<Map<string, PlacedCopy>> {
    const copies = new Map<string, PlacedCopy>();
    try {
      for (const row of archive.rows.get('stored_files') ?? []) {
        const id = String(row.id);
        const file = archive.files.get(id);
        if (!file) throw errors.fileMismatch(id, 'is missing from the archive');
        copies.set(
          id,
          await deps.storedFiles.place(organizationId, {
            bytes: file.bytes,
            contentType: String(row.content_type),
            open: () => file.open(),
          }),
        );
      }
      return copies;
    } catch (error) {
      await Promise.all([...copies.values()].map((copy) => copy.discard()));
      throw error;
    }
  }

  /** In one transaction: the organization, its owner, the people matched or invited, every row; or nothing. */
  async function restore(
    userId: string,
    organizationId: string,
    archive: CheckedArchive,
    tables: Awaited<ReturnType<typeof restorableTables>>,
    copies: Map<string, PlacedCopy>,
    meta: RequestMeta,
  ): Promise<DataImportResult> {
    // One scope, one transaction: a statement refused by the database leaves nothing to undo but the transaction.
    return inTenant(db, { organizationId, userId }, async () => {
      const accounts = await insertInvitedAccounts(archive.people);
      const people = new Map(
        archive.people.flatMap((person) => {
          const account = accounts.get(person.email.toLowerCase());
          return account ? [[person.id, { userId: account.userId, invited: account.created }] as const] : [];
        }),
      );
      const { name, ...settings } = archive.organization;
      await createOrganizationWithOwner(organizationId, { name, ownerUserId: userId, now: new Date() });
      if (Object.keys(settings).length > 0) await updateOrganization(organizationId, settings);
      // There is no switching between one's organizations in a session: the next sign-in opens the new one.
      await updateUser(userId, { lastOrganizationId: organizationId });
      const outcome = await restoreRows({
        organizationId,
        oldOrganizationId: archive.manifest.organization.id,
        ownerId: userId,
        archive,
        tables,
        people,
        copies,
      });
      const invited = [...people.values()].filter((person) => person.invited).length;
      const result: DataImportResult = {
        organizationId,
        organizationName: name,
        rows: outcome.rows,
        files: copies.size,
        peopleMatched: people.size - invited,
        peopleInvited: invited,
        notRestored: outcome.notRestored,
      };
      await recordAuditEvent(organizationId, {
        actorUserId: userId,
        action: 'data_import.completed',
        targetType: 'organization',
        targetId: organizationId,
        summary: {
          exportedAt: archive.manifest.exportedAt,
          fromOrganizationName: archive.manifest.organization.name,
          files: result.files,
          peopleMatched: result.peopleMatched,
          peopleInvited: result.peopleInvited,
        },
        ...meta,
      });
      return result;
    });
  }

  return {
    /**
     * Imports an export archive into a new organization owned by `userId`. The upload is spooled to disk (its size
     * bounded while it streams), read through and checked before anything is written; a refusal or a failure
     * leaves no organization and no file behind.
     */
    async importArchive(userId: string, upload: Readable, meta: RequestMeta): Promise<DataImportResult> {
      let spooled;
      try {
        spooled = await spoolUpload(upload, { tmpDir: deps.config.storage.tmpDir, maxBytes: limits.maxArchiveBytes });
      } catch (error) {
        if (error instanceof SpoolTooLargeError) throw errors.archiveTooLarge(limits.maxArchiveBytes);
        throw error;
      }
      try {
        const read = await readArchive(spooled.path, limits);
        try {
          const organizationId = randomUUID();
          const tables = await readInTenant(db, { organizationId, userId }, () => restorableTables(organizationId));
          const archive = await checkArchive(read, tables);
          const copies = await placeCopies(organizationId, archive);
          try {
            return await restore(userId, organizationId, archive, tables, copies, meta);
          } catch (error) {
            await Promise.all([...copies.values()].map((copy) => copy.discard()));
            throw error;
          }
        } finally {
          read.close();
        }
      } finally {
        await spooled.discard();
      }
    },
  };
}

export type DataImportService = ReturnType<typeof createDataImportService>;
