import {
  createDocumentFolderRequestSchema,
  createDocumentLinkRequestSchema,
  deleteDocumentFolderRequestSchema,
  deleteDocumentRequestSchema,
  DOCUMENT_MAX_BYTES,
  DOCUMENT_UPLOAD_FILES_MAX,
  documentContentQuerySchema,
  documentFolderSchema,
  documentLinkRequestSchema,
  documentListQuerySchema,
  documentListSchema,
  documentParamsSchema,
  documentSchema,
  documentVersionListSchema,
  documentVersionParamsSchema,
  envelope,
  linkedDocumentListSchema,
  linkedDocumentsQuerySchema,
  organizationParamsSchema,
  recentDocumentListSchema,
  restoreDocumentVersionRequestSchema,
  successSchema,
  updateDocumentFolderRequestSchema,
  updateDocumentRequestSchema,
  uploadedDocumentsSchema,
} from '@keel/contract';
import { z } from 'zod';
import { clientMeta } from '../../http/authenticate.js';
import { contentDisposition } from '../../http/file-download.js';
import { createRoute, objectRoute } from '../../http/route-options.js';
import type { TypedApp } from '../../http/types.js';
import type { DocumentsService } from './documents.module.js';
import { openUpload } from './documents.upload.js';

const base = '/organizations/:organizationId/documents';
const folderBase = '/organizations/:organizationId/document-folders';
const one = envelope(documentSchema);
const oneFolder = envelope(documentFolderSchema);
const deleted = envelope(successSchema);
const megabytes = Math.round(DOCUMENT_MAX_BYTES / (1024 * 1024));

export function documentsRoutes({ documents, files, folders }: DocumentsService) {
  return async function register(app: TypedApp) {
    const tags = ['documents'];

    app.get(
      base,
      {
        schema: {
          tags,
          description:
            "A folder's subfolders and one page of its documents (the top level without folderId), or with q a " +
            'search by name across every folder the caller sees.',
          params: organizationParamsSchema,
          querystring: documentListQuerySchema,
          response: { 200: documentListSchema },
        },
      },
      async (request) => documents.list(request.scope, request.query),
    );

    app.get(
      `${base}/recent`,
      {
        schema: {
          tags,
          description: 'The documents the caller opened last, newest first.',
          params: organizationParamsSchema,
          response: { 200: recentDocumentListSchema },
        },
      },
      async (request) => ({ data: await documents.recent(request.scope) }),
    );

    app.post(
      base,
      {
        schema: {
          tags,
          description:
            'multipart/form-data: the fields folderId, visibility (company, team or private) and teamId first, then ' +
            `up to ${DOCUMENT_UPLOAD_FILES_MAX} files, each at most ${megabytes} MB: office files, PDFs, images or ` +
            'text, recognised by their bytes. All or nothing: if one file is refused, none is kept.',
          consumes: ['multipart/form-data'],
          params: organizationParamsSchema,
          response: { 201: uploadedDocumentsSchema },
        },
      },
      async (request, reply) => {
        const upload = await openUpload(request, DOCUMENT_UPLOAD_FILES_MAX);
        const data = await files.upload(request.scope, upload.fields, upload.files, clientMeta(request));
        return reply.code(201).send({ data });
      },
    );

    app.post(
      `${base}/links`,
      createRoute(
        tags,
        createDocumentLinkRequestSchema,
        one,
        'Adds a link to a file in Google Drive, OneDrive, SharePoint or elsewhere on the web; the drive is told by ' +
          'the address, and the name is taken from it when none is given.',
      ),
      async (request, reply) =>
        reply.code(201).send({ data: await documents.createLink(request.scope, request.body, clientMeta(request)) }),
    );

    app.get(
      `${base}/:id`,
      { schema: { tags, params: documentParamsSchema, response: { 200: one } } },
      async (request) => ({ data: await documents.get(request.scope, request.params.id) }),
    );

    app.patch(
      `${base}/:id`,
      objectRoute(tags, documentParamsSchema, updateDocumentRequestSchema, one),
      async (request) => ({
        data: await documents.update(request.scope, request.params.id, request.body, clientMeta(request)),
      }),
    );

    app.delete(
      `${base}/:id`,
      objectRoute(tags, documentParamsSchema, deleteDocumentRequestSchema, deleted),
      async (request) => {
        await documents.remove(request.scope, request.params.id, request.body.version, clientMeta(request));
        return { data: { success: true as const } };
      },
    );

    app.get(
      `${base}/:id/versions`,
      { schema: { tags, params: documentParamsSchema, response: { 200: documentVersionListSchema } } },
      async (request) => ({ data: await files.versions(request.scope, request.params.id) }),
    );

    app.post(
      `${base}/:id/versions`,
      {
        schema: {
          tags,
          description: `multipart/form-data with one file (at most ${megabytes} MB): the document's new current version.`,
          consumes: ['multipart/form-data'],
          params: documentParamsSchema,
          response: { 201: one },
        },
      },
      async (request, reply) => {
        const upload = await openUpload(request, 1);
        const data = await files.uploadVersion(request.scope, request.params.id, upload.files, clientMeta(request));
        return reply.code(201).send({ data });
      },
    );

    app.post(
      `${base}/:id/versions/:number/restore`,
      {
        schema: {
          tags,
          description: 'Makes an older version current again, as a new version sharing its file.',
          params: documentVersionParamsSchema,
          body: restoreDocumentVersionRequestSchema,
          response: { 200: one },
        },
      },
      async (request) => ({
        data: await files.restore(
          request.scope,
          request.params.id,
          request.params.number,
          request.body.version,
          clientMeta(request),
        ),
      }),
    );

    app.get(
      `${base}/:id/content`,
      {
        schema: {
          tags,
          description:
            'The bytes of a version (the current one by default). inline shows PDFs and images in a sandbox; ' +
            'every other type is always a download. Counts as opening the document.',
          params: documentParamsSchema,
          querystring: documentContentQuerySchema,
          response: { 200: z.unknown().describe('The file, with its own content type') },
        },
      },
      async (request, reply) => {
        const content = await files.content(request.scope, request.params.id, request.query);
        reply
          .code(200)
          .header('content-type', content.contentType)
          .header('content-length', String(content.bytes))
          .header('content-disposition', contentDisposition(content.disposition, content.fileName))
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'private, no-cache');
        if (content.disposition === 'inline') reply.header('content-security-policy', 'sandbox');
        return reply.send(content.stream);
      },
    );

    app.post(
      `${base}/:id/links`,
      objectRoute(tags, documentParamsSchema, documentLinkRequestSchema, one),
      async (request) => ({
        data: await documents.link(request.scope, request.params.id, request.body, clientMeta(request)),
      }),
    );

    app.delete(
      `${base}/:id/links`,
      objectRoute(tags, documentParamsSchema, documentLinkRequestSchema, one),
      async (request) => ({
        data: await documents.unlink(request.scope, request.params.id, request.body, clientMeta(request)),
      }),
    );

    app.get(
      '/organizations/:organizationId/linked-documents',
      {
        schema: {
          tags,
          description: 'The documents linked to one priority, issue, to-do, process or meeting that the caller sees.',
          params: organizationParamsSchema,
          querystring: linkedDocumentsQuerySchema,
          response: { 200: linkedDocumentListSchema },
        },
      },
      async (request) => ({ data: await documents.linked(request.scope, request.query) }),
    );

    app.post(
      folderBase,
      createRoute(tags, createDocumentFolderRequestSchema, oneFolder, 'Adds a folder, at the top level or in another.'),
      async (request, reply) =>
        reply.code(201).send({ data: await folders.create(request.scope, request.body, clientMeta(request)) }),
    );

    app.patch(
      `${folderBase}/:id`,
      objectRoute(tags, documentParamsSchema, updateDocumentFolderRequestSchema, oneFolder),
      async (request) => ({
        data: await folders.update(request.scope, request.params.id, request.body, clientMeta(request)),
      }),
    );

    app.delete(
      `${folderBase}/:id`,
      objectRoute(tags, documentParamsSchema, deleteDocumentFolderRequestSchema, deleted),
      async (request) => {
        await folders.remove(request.scope, request.params.id, request.body.version, clientMeta(request));
        return { data: { success: true as const } };
      },
    );
  };
}
