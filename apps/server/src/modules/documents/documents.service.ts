import type {
  CreateDocumentLinkRequest,
  Document,
  DocumentLinkRequest,
  DocumentList,
  DocumentListQuery,
  UpdateDocumentRequest,
} from '@keel/contract';
import { DOCUMENT_LINKS_MAX, DOCUMENT_RECENT_MAX } from '@keel/contract';
import type { Database } from '../../db/database.js';
import { staleVersion } from '../../http/errors.js';
import { decodeCursor, pageFrom } from '../../http/pagination.js';
import type { ChangeBus } from '../../realtime/change-bus.js';
import { recordAuditEvent } from '../audit/index.js';
import { asReader, asWriter, type Caller, type MemberScope, type RequestMeta } from '../organizations/index.js';
import { driversOfStoredFiles, type StoredFilesService } from '../storage/index.js';
import { requirePlacement, requireVisibleChain } from './documents.access.js';
import { createDocumentsAnnouncer } from './documents.announce.js';
import * as errors from './documents.errors.js';
import { listSubfolders } from './documents.folders.repository.js';
import { linkProviderOf, nameFromUrl } from './documents.link-url.js';
import * as links from './documents.links.repository.js';
import { linkTargetExists } from './documents.link-targets.js';
import { loadDocument, requireVisibleDocument, toDocuments, type StoredFileDrivers } from './documents.loading.js';
import { toFolder } from './documents.mapping.js';
import { mayEdit } from './documents.policy.js';
import * as repository from './documents.repository.js';
import * as versions from './documents.versions.repository.js';

export interface DocumentsServiceDeps {
  db: Database;
  changes: ChangeBus;
  storedFiles: StoredFilesService;
  /** Where each stored file is kept (the storage module's answer unless a test gives its own). */
  storedFileDrivers?: StoredFileDrivers;
}

/** The visible document, locked, that the caller may change; 404 if unseen, 403 if only readable, 409 if stale. */
export async function requireEditable(member: MemberScope, id: string, version?: number) {
  const visible = await requireVisibleDocument(member, id);
  const row = await repository.lockDocument(member.organizationId, id);
  if (!row) throw errors.documentNotFound();
  if (!mayEdit(member, row, visible.inTeam)) throw errors.cannotEdit();
  if (version !== undefined && row.version !== version) throw staleVersion('document', 'document');
  return row;
}

export function createDocumentCatalogService(deps: DocumentsServiceDeps) {
  const { db, storedFiles } = deps;
  const drivers = deps.storedFileDrivers ?? driversOfStoredFiles;
  const announce = createDocumentsAnnouncer(deps.changes);

  return {
    list: (caller: Caller, query: DocumentListQuery): Promise<DocumentList> => {
      const position = decodeCursor(query.cursor, repository.documentCursorShapes[query.sort]);
      return asReader(db, caller, async (member) => {
        const folderId = query.folderId ?? null;
        const search = query.q || undefined;
        const chain = folderId && !search ? await requireVisibleChain(member, folderId) : [];
        const rows = await repository.listDocumentsPage(member.organizationId, member, {
          folderId,
          search,
          sort: query.sort,
          direction: query.direction,
          limit: query.limit,
          after: position,
        });
        const page = pageFrom(
          rows,
          query.limit,
          (row) => row,
          (row) => [
            query.sort === 'name' ? row.name : query.sort === 'updated' ? row.updatedPosition : (row.bytes ?? -1),
            row.id,
          ],
        );
        const firstPage = !search && position === undefined;
        const folders = firstPage ? await listSubfolders(member.organizationId, member, folderId) : [];
        return {
          folders: folders.map(toFolder),
          data: await toDocuments(member, page.data, drivers),
          path: chain.map((link) => ({ id: link.id, name: link.name })),
          page: page.page,
        };
      });
    },

    recent: (caller: Caller): Promise<Document[]> =>
      asReader(db, caller, async (member) =>
        toDocuments(
          member,
          await repository.listRecentDocuments(member.organizationId, member, DOCUMENT_RECENT_MAX),
          drivers,
        ),
      ),

    get: (caller: Caller, id: string): Promise<Document> =>
      asReader(db, caller, (member) => loadDocument(member, id, drivers)),

    createLink: async (caller: Caller, request: CreateDocumentLinkRequest, meta: RequestMeta): Promise<Document> => {
      const document = await asWriter(db, caller, async (member) => {
        const placement = await requirePlacement(member, request);
        const url = new URL(request.url);
        const id = await repository.insertDocument(member.organizationId, {
          ...placement,
          kind: 'link',
          name: request.name ?? nameFromUrl(url),
          url: url.toString(),
          linkProvider: linkProviderOf(url),
          ownerId: member.userId,
        });
        await recordAuditEvent(member.organizationId, {
          actorUserId: member.userId,
          action: 'document.link_created',
          targetType: 'document',
          targetId: id,
          summary: { provider: linkProviderOf(url) },
          ...meta,
        });
        return loadDocument(member, id, drivers);
      });
      announce(caller, [document], 'created');
      return document;
    },

    update: async (caller: Caller, id: string, request: UpdateDocumentRequest, meta: RequestMeta) => {
      const { before, after } = await asWriter(db, caller, async (member) => {
        const row = await requireEditable(member, id, request.version);
        const visibility = request.visibility ?? row.visibility;
        const placement = await requirePlacement(
          member,
          {
            folderId: request.folderId === undefined ? row.folderId : request.folderId,
            visibility,
            teamId: request.teamId === undefined ? row.teamId : request.teamId,
          },
          row,
        );
        const changes = {
          ...placement,
          ...(request.name === undefined ? {} : { name: request.name }),
        };
        if (!(await repository.updateDocumentAtVersion(member.organizationId, id, request.version, changes))) {
          throw staleVersion('document', 'document');
        }
        await recordAuditEvent(member.organizationId, {
          actorUserId: member.userId,
          action: 'document.updated',
          targetType: 'document',
          targetId: id,
          summary: { fields: Object.keys(request).filter((key) => key !== 'version') },
          ...meta,
        });
        return { before: row, after: await loadDocument(member, id, drivers) };
      });
      announce(caller, [before, after], 'updated');
      return after;
    },

    remove: async (caller: Caller, id: string, version: number, meta: RequestMeta): Promise<void> => {
      const { row, orphans } = await asWriter(db, caller, async (member) => {
        const { organizationId } = member;
        const locked = await requireEditable(member, id, version);
        const stored = await versions.storedFilesOfDocument(organizationId, id);
        await repository.deleteDocument(organizationId, id);
        await recordAuditEvent(organizationId, {
          actorUserId: member.userId,
          action: 'document.deleted',
          targetType: 'document',
          targetId: id,
          summary: { name: locked.name, kind: locked.kind },
          ...meta,
        });
        return { row: locked, orphans: await versions.unreferencedStoredFiles(organizationId, stored, id) };
      });
      // After the commit: a rollback must never leave versions pointing at removed bytes.
      await Promise.allSettled(orphans.map((storedFileId) => storedFiles.remove(caller.organizationId, storedFileId)));
      announce(caller, [row], 'deleted');
    },

    link: (caller: Caller, id: string, request: DocumentLinkRequest, meta: RequestMeta) =>
      changeLinks(caller, id, request, meta, 'link'),

    unlink: (caller: Caller, id: string, request: DocumentLinkRequest, meta: RequestMeta) =>
      changeLinks(caller, id, request, meta, 'unlink'),

    linked: (caller: Caller, request: DocumentLinkRequest): Promise<Document[]> =>
      asReader(db, caller, async (member) => {
        const { organizationId } = member;
        if (!(await linkTargetExists(organizationId, request.target, request.targetId))) throw errors.targetNotFound();
        const ids = await links.documentsLinkedTo(organizationId, request.target, request.targetId);
        return toDocuments(member, await repository.findVisibleDocuments(organizationId, member, ids), drivers);
      }),
  };

  /** Links are the document's, not the item's: anyone who sees the document and may write links it. */
  async function changeLinks(
    caller: Caller,
    id: string,
    request: DocumentLinkRequest,
    meta: RequestMeta,
    action: 'link' | 'unlink',
  ): Promise<Document> {
    const document = await asWriter(db, caller, async (member) => {
      const { organizationId, userId } = member;
      await requireVisibleDocument(member, id);
      if (!(await linkTargetExists(organizationId, request.target, request.targetId))) throw errors.targetNotFound();
      const link = { documentId: id, ...request };
      if (action === 'link') {
        if ((await links.countLinks(organizationId, id)) >= DOCUMENT_LINKS_MAX) throw errors.tooManyLinks();
        await links.insertLink(organizationId, link, userId);
      } else {
        await links.deleteLink(organizationId, link);
      }
      await recordAuditEvent(organizationId, {
        actorUserId: userId,
        action: action === 'link' ? 'document.linked' : 'document.unlinked',
        targetType: 'document',
        targetId: id,
        summary: { target: request.target, targetId: request.targetId },
        ...meta,
      });
      return loadDocument(member, id, drivers);
    });
    announce(caller, [document], 'updated');
    return document;
  }
}

export type DocumentCatalogService = ReturnType<typeof createDocumentCatalogService>;
