import type { Readable } from 'node:stream';
import {
  uuidSchema,
  type CreatePriorityUpdateRequest,
  type PriorityAttachment,
  type PriorityUpdate,
  type PriorityUpdatePage,
} from '@keel/contract';
import { z } from 'zod';
import type { Database } from '../../db/database.js';
import { decodeCursor, pageFrom, preciseTimestampSchema } from '../../http/pagination.js';
import type { ChangeBus } from '../../realtime/change-bus.js';
import type { Caller, RequestMeta } from '../organizations/index.js';
import type { StoredFilesService } from '../storage/index.js';
import { asAttachmentError, ATTACHMENT_RULES, type OpeningFile } from './attachment-upload.js';
import * as errors from './priorities.errors.js';
import * as repository from './priorities.repository.js';
import { completion } from './priorities.service.js';
import { createPriorityKit, weekStartOf } from './priorities.shared.js';

const updateCursorShape = z.tuple([preciseTimestampSchema, uuidSchema]);

const toUpdate = (row: repository.UpdateRow): PriorityUpdate => ({
  id: row.id,
  priorityId: row.priorityId,
  weekStart: row.weekStart,
  status: row.status,
  comment: row.comment,
  author: { id: row.authorId, name: row.authorName },
  createdAt: row.createdAt.toISOString(),
});

const toAttachment = (row: repository.AttachmentRow): PriorityAttachment => ({
  id: row.id,
  priorityId: row.priorityId,
  fileName: row.fileName,
  mimeType: row.mimeType,
  size: row.size,
  uploadedBy: { id: row.uploadedById, name: row.uploadedByName },
  createdAt: row.createdAt.toISOString(),
});

export interface AttachmentFile {
  stream: Readable;
  bytes: number;
  fileName: string;
  mimeType: string;
}

/** Weekly status updates and attachments of a priority. */
export function createPriorityActivityService(deps: {
  db: Database;
  changes: ChangeBus;
  storedFiles: StoredFilesService;
}) {
  const { storedFiles } = deps;
  const { asWriter, asReader, publish, audit, requireRow } = createPriorityKit(deps.db, deps.changes);

  const requireAttachment = async (organizationId: string, priorityId: string, id: string) => {
    await requireRow(organizationId, priorityId);
    const [row] = await repository.listAttachments(organizationId, priorityId, id);
    if (!row) throw errors.attachmentNotFound();
    return row;
  };

  return {
    updates: (caller: Caller, priorityId: string, query: { limit: number; cursor?: string | undefined }) => {
      const after = decodeCursor(query.cursor, updateCursorShape);
      return asReader(caller, async ({ organizationId }): Promise<PriorityUpdatePage> => {
        await requireRow(organizationId, priorityId);
        const rows = await repository.listUpdatePage(organizationId, priorityId, query.limit, after);
        return pageFrom(rows, query.limit, toUpdate, (row) => [row.position, row.id]);
      });
    },

    /** A weekly update also sets the priority's status: it is how the owner reports where it stands. */
    addUpdate: async (
      caller: Caller,
      priorityId: string,
      request: CreatePriorityUpdateRequest,
      meta: RequestMeta,
    ): Promise<PriorityUpdate> => {
      const { update, priority } = await asWriter(caller, async (member) => {
        const { organizationId, userId } = member;
        const priority = await requireRow(organizationId, priorityId);
        const calendar = await repository.calendarOf(organizationId);
        const weekStart = request.weekStart ?? weekStartOf(new Date(), calendar.weekStartDay);
        const inserted = await repository.insertUpdate(organizationId, {
          priorityId,
          authorId: userId,
          weekStart,
          status: request.status,
          comment: request.comment ?? '',
        });
        if (!inserted) throw errors.priorityNotFound();
        if (priority.status !== request.status) {
          await repository.updatePriorityAtVersion(organizationId, priorityId, priority.version, {
            status: request.status,
            completedAt: completion(request.status, priority.completedAt),
          });
        }
        // The new status is named only when the update changed it: chat channels tell of a priority going off track.
        await audit(member, 'priority.update_posted', meta, priorityId, {
          updateId: inserted.id,
          ...(priority.status === request.status ? {} : { status: request.status }),
        });
        const [row] = await repository.listUpdatePage(organizationId, priorityId, 1, undefined);
        if (!row) throw errors.priorityNotFound();
        return { update: toUpdate(row), priority };
      });
      publish(caller, 'updated', [priority]);
      return update;
    },

    attachments: (caller: Caller, priorityId: string): Promise<PriorityAttachment[]> =>
      asReader(caller, async ({ organizationId }) => {
        await requireRow(organizationId, priorityId);
        return (await repository.listAttachments(organizationId, priorityId)).map(toAttachment);
      }),

    /**
     * The file is read only after the caller is known to be allowed to write, and streamed to the organization's
     * storage outside any transaction; the checks are made again when recording, and the file removed if that fails.
     */
    upload: async (
      caller: Caller,
      priorityId: string,
      open: () => Promise<OpeningFile>,
      meta: RequestMeta,
    ): Promise<PriorityAttachment> => {
      await asWriter(caller, ({ organizationId }) => requireRow(organizationId, priorityId));
      const upload = await open();
      const file = await storedFiles
        .store(caller.organizationId, caller.userId, upload, ATTACHMENT_RULES)
        .catch((error: unknown) => {
          throw asAttachmentError(error);
        });
      try {
        const { attachment, priority } = await asWriter(caller, async (member) => {
          const { organizationId, userId } = member;
          const priority = await requireRow(organizationId, priorityId);
          const id = await repository.insertAttachment(organizationId, {
            priorityId,
            uploadedById: userId,
            fileName: upload.fileName,
            mimeType: file.contentType,
            size: file.bytes,
            storedFileId: file.id,
          });
          await audit(member, 'priority.attachment_added', meta, priorityId, { attachmentId: id });
          const [row] = await repository.listAttachments(organizationId, priorityId, id);
          if (!row) throw errors.attachmentNotFound();
          return { attachment: toAttachment(row), priority };
        });
        publish(caller, 'updated', [priority]);
        return attachment;
      } catch (error) {
        // The row never committed: nobody would ever reach the stored file.
        await storedFiles.remove(caller.organizationId, file.id).catch(() => undefined);
        throw error;
      }
    },

    download: async (caller: Caller, priorityId: string, id: string): Promise<AttachmentFile> => {
      const row = await asReader(caller, ({ organizationId }) => requireAttachment(organizationId, priorityId, id));
      const opened = await storedFiles.open(caller.organizationId, row.storedFileId).catch((error: unknown) => {
        throw asAttachmentError(error);
      });
      return { stream: opened.stream, bytes: opened.bytes, fileName: row.fileName, mimeType: row.mimeType };
    },

    /** The row and its stored file go together; the bytes follow once that commits. */
    removeAttachment: async (caller: Caller, priorityId: string, id: string, meta: RequestMeta) => {
      const priority = await asWriter(caller, async (member) => {
        const priority = await requireRow(member.organizationId, priorityId);
        const row = await requireAttachment(member.organizationId, priorityId, id);
        await repository.deleteAttachment(member.organizationId, id);
        await storedFiles.remove(member.organizationId, row.storedFileId);
        await audit(member, 'priority.attachment_removed', meta, priorityId, { attachmentId: id });
        return priority;
      });
      publish(caller, 'updated', [priority]);
      return { success: true as const };
    },
  };
}

export type PriorityActivityService = ReturnType<typeof createPriorityActivityService>;
