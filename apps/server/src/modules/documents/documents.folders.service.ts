import type { CreateDocumentFolderRequest, DocumentFolder, UpdateDocumentFolderRequest } from '@keel/contract';
import { DOCUMENT_FOLDER_DEPTH_MAX } from '@keel/contract';
import type { Database } from '../../db/database.js';
import { staleVersion } from '../../http/errors.js';
import type { ChangeBus } from '../../realtime/change-bus.js';
import { recordAuditEvent } from '../audit/index.js';
import { asWriter, type Caller, type MemberScope, type RequestMeta } from '../organizations/index.js';
import { requirePlacement, requireVisibleChain } from './documents.access.js';
import { createDocumentsAnnouncer } from './documents.announce.js';
import * as errors from './documents.errors.js';
import * as folders from './documents.folders.repository.js';
import { toFolder } from './documents.mapping.js';
import { mayEdit } from './documents.policy.js';
import { folderHasDocuments } from './documents.repository.js';

export interface DocumentFoldersServiceDeps {
  db: Database;
  changes: ChangeBus;
}

/** How deep a folder placed under `parentId` sits (1: top level). */
async function depthUnder(member: MemberScope, parentId: string | null): Promise<number> {
  return parentId ? (await requireVisibleChain(member, parentId)).length + 1 : 1;
}

async function loadFolder(member: MemberScope, id: string): Promise<DocumentFolder> {
  const row = await folders.findFolder(member.organizationId, member, id);
  if (!row) throw errors.folderNotFound();
  return toFolder(row);
}

/** The visible folder, locked, that the caller may change; 404 if unseen, 403 if only readable, 409 if stale. */
async function requireEditableFolder(member: MemberScope, id: string, version: number) {
  await requireVisibleChain(member, id);
  const seen = await folders.findFolder(member.organizationId, member, id);
  const row = await folders.lockFolder(member.organizationId, id);
  if (!row || !seen) throw errors.folderNotFound();
  if (!mayEdit(member, row, seen.inTeam)) throw errors.cannotEdit();
  if (row.version !== version) throw staleVersion('document_folder', 'folder');
  return row;
}

export function createDocumentFoldersService(deps: DocumentFoldersServiceDeps) {
  const { db } = deps;
  const announce = createDocumentsAnnouncer(deps.changes);

  return {
    create: async (caller: Caller, request: CreateDocumentFolderRequest, meta: RequestMeta) => {
      const folder = await asWriter(db, caller, async (member) => {
        const { organizationId, userId } = member;
        const placement = await requirePlacement(member, { ...request, folderId: request.parentId });
        if ((await depthUnder(member, request.parentId)) > DOCUMENT_FOLDER_DEPTH_MAX) throw errors.folderTooDeep();
        const id = await folders.insertFolder(organizationId, {
          parentId: request.parentId,
          name: request.name,
          visibility: placement.visibility,
          teamId: placement.teamId,
          ownerId: userId,
        });
        await recordAuditEvent(organizationId, {
          actorUserId: userId,
          action: 'document_folder.created',
          targetType: 'document_folder',
          targetId: id,
          summary: { visibility: placement.visibility },
          ...meta,
        });
        return loadFolder(member, id);
      });
      announce(caller, [folder], 'created');
      return folder;
    },

    update: async (caller: Caller, id: string, request: UpdateDocumentFolderRequest, meta: RequestMeta) => {
      const { before, after } = await asWriter(db, caller, async (member) => {
        const { organizationId } = member;
        const row = await requireEditableFolder(member, id, request.version);
        const parentId = request.parentId === undefined ? row.parentId : request.parentId;
        const current = { folderId: row.parentId, visibility: row.visibility, teamId: row.teamId };
        const placement = await requirePlacement(
          member,
          {
            folderId: parentId,
            visibility: request.visibility ?? row.visibility,
            teamId: request.teamId === undefined ? row.teamId : request.teamId,
          },
          current,
        );
        const narrowed = placement.visibility !== row.visibility || placement.teamId !== row.teamId;
        if (narrowed && (await folders.hasContentWiderThan(organizationId, id, placement))) {
          throw errors.contentWiderThanFolder();
        }
        if (parentId !== row.parentId) {
          const subtree = await folders.subtreeOf(organizationId, id, parentId);
          if (subtree.containsCandidate) throw errors.folderCycle();
          if ((await depthUnder(member, parentId)) + subtree.height > DOCUMENT_FOLDER_DEPTH_MAX) {
            throw errors.folderTooDeep();
          }
        }
        const changes = {
          parentId,
          visibility: placement.visibility,
          teamId: placement.teamId,
          ...(request.name === undefined ? {} : { name: request.name }),
        };
        if (!(await folders.updateFolderAtVersion(organizationId, id, request.version, changes))) {
          throw staleVersion('document_folder', 'folder');
        }
        await recordAuditEvent(organizationId, {
          actorUserId: member.userId,
          action: 'document_folder.updated',
          targetType: 'document_folder',
          targetId: id,
          summary: { fields: Object.keys(request).filter((key) => key !== 'version') },
          ...meta,
        });
        return { before: row, after: await loadFolder(member, id) };
      });
      announce(caller, [before, after], 'updated');
      return after;
    },

    /** Only an empty folder goes: nothing in it is ever deleted by accident, even what the caller cannot see. */
    remove: async (caller: Caller, id: string, version: number, meta: RequestMeta): Promise<void> => {
      const row = await asWriter(db, caller, async (member) => {
        const { organizationId } = member;
        const locked = await requireEditableFolder(member, id, version);
        if ((await folders.folderHasSubfolders(organizationId, id)) || (await folderHasDocuments(organizationId, id))) {
          throw errors.folderNotEmpty();
        }
        if (!(await folders.deleteFolderAtVersion(organizationId, id, version))) {
          throw staleVersion('document_folder', 'folder');
        }
        await recordAuditEvent(organizationId, {
          actorUserId: member.userId,
          action: 'document_folder.deleted',
          targetType: 'document_folder',
          targetId: id,
          summary: { name: locked.name },
          ...meta,
        });
        return locked;
      });
      announce(caller, [row], 'deleted');
    },
  };
}

export type DocumentFoldersService = ReturnType<typeof createDocumentFoldersService>;
