import type { Readable } from 'node:stream';
import type { Document, DocumentVersion } from '@keel/contract';
import {
  DOCUMENT_MAX_BYTES,
  DOCUMENT_MIME_TYPES,
  DOCUMENT_PREVIEW_MIME_TYPES,
  DOCUMENT_UPLOAD_FILES_MAX,
  DOCUMENT_VERSIONS_MAX,
  uploadDocumentsFieldsSchema,
} from '@keel/contract';
import type { Database } from '../../db/database.js';
import { badRequest, staleVersion } from '../../http/errors.js';
import type { ChangeBus } from '../../realtime/change-bus.js';
import { recordAuditEvent } from '../audit/index.js';
import {
  asMember,
  asReader,
  asWriter,
  type Caller,
  type MemberScope,
  type RequestMeta,
} from '../organizations/index.js';
import { driversOfStoredFiles, type StoredFile, type StoredFilesService } from '../storage/index.js';
import { requirePlacement, type Placement } from './documents.access.js';
import { createDocumentsAnnouncer } from './documents.announce.js';
import * as errors from './documents.errors.js';
import { loadDocument, requireVisibleDocument, toDocuments, type StoredFileDrivers } from './documents.loading.js';
import { toVersion } from './documents.mapping.js';
import * as repository from './documents.repository.js';
import { requireEditable } from './documents.service.js';
import type { UploadingFile } from './documents.upload.js';
import * as versions from './documents.versions.repository.js';

export interface DocumentFilesServiceDeps {
  db: Database;
  changes: ChangeBus;
  storedFiles: StoredFilesService;
  storedFileDrivers?: StoredFileDrivers;
}

const RULES = { maxBytes: DOCUMENT_MAX_BYTES, allowedTypes: DOCUMENT_MIME_TYPES };
const PREVIEWABLE: ReadonlySet<string> = new Set(DOCUMENT_PREVIEW_MIME_TYPES);

export interface DocumentContent {
  stream: Readable;
  contentType: string;
  bytes: number;
  fileName: string;
  disposition: 'inline' | 'attachment';
}

interface Kept {
  file: StoredFile;
  fileName: string;
}

function parseFields(fields: Record<string, string>): Placement {
  const parsed = uploadDocumentsFieldsSchema.safeParse(fields);
  if (!parsed.success) {
    throw badRequest(
      'document.invalid_fields',
      parsed.error.issues[0]?.message ?? 'The upload fields are invalid',
      parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
    );
  }
  return {
    folderId: parsed.data.folderId ?? null,
    visibility: parsed.data.visibility,
    teamId: parsed.data.teamId ?? null,
  };
}

export function createDocumentFilesService(deps: DocumentFilesServiceDeps) {
  const { db, storedFiles } = deps;
  const drivers: StoredFileDrivers = deps.storedFileDrivers ?? driversOfStoredFiles;
  const announce = createDocumentsAnnouncer(deps.changes);

  /**
   * Streams each file to storage, one after the other. All or nothing: if one is refused, those already stored in
   * this request are removed again, so an upload either records every file or none.
   */
  async function storeAll(caller: Caller, files: AsyncIterable<UploadingFile>, max: number): Promise<Kept[]> {
    const kept: Kept[] = [];
    try {
      for await (const upload of files) {
        if (kept.length >= max) throw max === 1 ? errors.oneFileOnly() : errors.tooManyFiles();
        const file = await storedFiles.store(caller.organizationId, caller.userId, upload, RULES);
        kept.push({ file, fileName: upload.fileName });
      }
      if (kept.length === 0) throw errors.noFiles();
      return kept;
    } catch (error) {
      await discard(caller, kept);
      throw error;
    }
  }

  const discard = async (caller: Caller, kept: readonly Kept[]) => {
    await Promise.allSettled(kept.map(({ file }) => storedFiles.remove(caller.organizationId, file.id)));
  };

  /** Runs `work` on stored files; if it fails, the files it would have recorded are removed. */
  async function recording<T>(caller: Caller, kept: readonly Kept[], work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      await discard(caller, kept);
      throw error;
    }
  }

  const versionOf = (documentId: string, number: number, kept: Kept, member: MemberScope) => ({
    documentId,
    number,
    name: kept.fileName,
    storedFileId: kept.file.id,
    contentType: kept.file.contentType,
    bytes: kept.file.bytes,
    uploadedById: member.userId,
  });

  return {
    upload: async (
      caller: Caller,
      fields: Record<string, string>,
      files: AsyncIterable<UploadingFile>,
      meta: RequestMeta,
    ): Promise<Document[]> => {
      const requested = parseFields(fields);
      // Checked before any byte is stored, and again when recording (the folder may have gone meanwhile).
      await asWriter(db, caller, (member) => requirePlacement(member, requested));
      const kept = await storeAll(caller, files, DOCUMENT_UPLOAD_FILES_MAX);
      const documents = await recording(caller, kept, () =>
        asWriter(db, caller, async (member) => {
          const { organizationId, userId } = member;
          const placement = await requirePlacement(member, requested);
          const ids: string[] = [];
          for (const item of kept) {
            const id = await repository.insertDocument(organizationId, {
              ...placement,
              kind: 'file',
              name: item.fileName,
              contentType: item.file.contentType,
              bytes: item.file.bytes,
              ownerId: userId,
            });
            await versions.insertVersion(organizationId, versionOf(id, 1, item, member));
            await recordAuditEvent(organizationId, {
              actorUserId: userId,
              action: 'document.uploaded',
              targetType: 'document',
              targetId: id,
              summary: { contentType: item.file.contentType, bytes: item.file.bytes },
              ...meta,
            });
            ids.push(id);
          }
          const rows = await repository.findVisibleDocuments(organizationId, member, ids);
          const order = new Map(ids.map((id, index) => [id, index]));
          rows.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
          return toDocuments(member, rows, drivers);
        }),
      );
      announce(caller, documents, 'created');
      return documents;
    },

    uploadVersion: async (
      caller: Caller,
      id: string,
      files: AsyncIterable<UploadingFile>,
      meta: RequestMeta,
    ): Promise<Document> => {
      await asWriter(db, caller, async (member) => {
        const row = await requireEditable(member, id);
        if (row.kind !== 'file') throw errors.notAFile();
      });
      const kept = await storeAll(caller, files, 1);
      const document = await recording(caller, kept, () =>
        asWriter(db, caller, async (member) => {
          const row = await requireEditable(member, id);
          const [item] = kept;
          if (row.kind !== 'file' || row.currentVersion === null || !item) throw errors.notAFile();
          if (row.currentVersion >= DOCUMENT_VERSIONS_MAX) throw errors.tooManyVersions();
          const number = row.currentVersion + 1;
          await versions.insertVersion(member.organizationId, versionOf(id, number, item, member));
          await repository.updateDocumentAtVersion(member.organizationId, id, row.version, {
            currentVersion: number,
            contentType: item.file.contentType,
            bytes: item.file.bytes,
          });
          await recordAuditEvent(member.organizationId, {
            actorUserId: member.userId,
            action: 'document.version_uploaded',
            targetType: 'document',
            targetId: id,
            summary: { number, contentType: item.file.contentType, bytes: item.file.bytes },
            ...meta,
          });
          return loadDocument(member, id, drivers);
        }),
      );
      announce(caller, [document], 'updated');
      return document;
    },

    versions: (caller: Caller, id: string): Promise<DocumentVersion[]> =>
      asReader(db, caller, async (member) => {
        const row = await requireVisibleDocument(member, id);
        if (row.kind !== 'file') return [];
        const rows = await versions.listVersions(member.organizationId, id, DOCUMENT_VERSIONS_MAX);
        return rows.map((version) => toVersion(version, row.currentVersion));
      }),

    /** A new current version with an older one's file: the bytes are shared, never copied. */
    restore: async (caller: Caller, id: string, number: number, version: number, meta: RequestMeta) => {
      const document = await asWriter(db, caller, async (member) => {
        const { organizationId } = member;
        const row = await requireEditable(member, id, version);
        if (row.kind !== 'file' || row.currentVersion === null) throw errors.notAFile();
        const older = await versions.findVersion(organizationId, id, number);
        if (!older) throw errors.versionNotFound();
        if (row.currentVersion >= DOCUMENT_VERSIONS_MAX) throw errors.tooManyVersions();
        const next = row.currentVersion + 1;
        await versions.insertVersion(organizationId, {
          documentId: id,
          number: next,
          name: older.name,
          storedFileId: older.storedFileId,
          contentType: older.contentType,
          bytes: older.bytes,
          uploadedById: member.userId,
        });
        const changes = { currentVersion: next, contentType: older.contentType, bytes: older.bytes };
        if (!(await repository.updateDocumentAtVersion(organizationId, id, version, changes))) {
          throw staleVersion('document', 'document');
        }
        await recordAuditEvent(organizationId, {
          actorUserId: member.userId,
          action: 'document.version_restored',
          targetType: 'document',
          targetId: id,
          summary: { restored: number, number: next },
          ...meta,
        });
        return loadDocument(member, id, drivers);
      });
      announce(caller, [document], 'updated');
      return document;
    },

    /** The bytes of a version (the current one by default); opening counts as "recently used", observers too. */
    content: async (
      caller: Caller,
      id: string,
      query: { version?: number | undefined; disposition: 'inline' | 'attachment' },
    ): Promise<DocumentContent> => {
      const found = await asMember(db, caller, async (member) => {
        const row = await requireVisibleDocument(member, id);
        if (row.kind !== 'file' || row.currentVersion === null) throw errors.noContent();
        const number = query.version ?? row.currentVersion;
        const version = await versions.findVersion(member.organizationId, id, number);
        if (!version) throw errors.versionNotFound();
        await repository.recordOpen(member.organizationId, id, member.userId);
        return { version, fileName: number === row.currentVersion ? row.name : version.name };
      });
      const opened = await storedFiles.open(caller.organizationId, found.version.storedFileId);
      const inline = query.disposition === 'inline' && PREVIEWABLE.has(found.version.contentType);
      return {
        stream: opened.stream,
        contentType: found.version.contentType,
        bytes: opened.bytes,
        fileName: found.fileName,
        disposition: inline ? 'inline' : 'attachment',
      };
    },
  };
}

export type DocumentFilesService = ReturnType<typeof createDocumentFilesService>;
