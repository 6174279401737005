import { z } from 'zod';
import { isoDateTimeSchema, pageInfoSchema, PAGE_SIZE_MAX, uuidSchema, versionSchema } from './common.js';
import { storageDriverSchema } from './storage.js';

/** Who sees a document or a folder: everyone in the company, one team's members, or its owner alone. */
export const DOCUMENT_VISIBILITIES = ['company', 'team', 'private'] as const;
export const documentVisibilitySchema = z.enum(DOCUMENT_VISIBILITIES);
export type DocumentVisibility = z.infer<typeof documentVisibilitySchema>;

/** An uploaded file kept in the organization's storage, or a link to a file that lives in a cloud drive. */
export const DOCUMENT_KINDS = ['file', 'link'] as const;
export const documentKindSchema = z.enum(DOCUMENT_KINDS);

export const DOCUMENT_LINK_PROVIDERS = ['google_drive', 'onedrive', 'sharepoint', 'web'] as const;
export const documentLinkProviderSchema = z.enum(DOCUMENT_LINK_PROVIDERS);
export type DocumentLinkProvider = z.infer<typeof documentLinkProviderSchema>;

/** What a document can be linked to; the link shows on both sides. */
export const DOCUMENT_LINK_TARGETS = ['priority', 'issue', 'todo', 'process', 'meeting'] as const;
export const documentLinkTargetSchema = z.enum(DOCUMENT_LINK_TARGETS);
export type DocumentLinkTarget = z.infer<typeof documentLinkTargetSchema>;

/** One upload; larger files are refused while they stream, before they are stored. */
export const DOCUMENT_MAX_BYTES = 250 * 1024 * 1024;
/** Files sent in one upload request. */
export const DOCUMENT_UPLOAD_FILES_MAX = 20;
export const DOCUMENT_NAME_MAX = 200;
export const DOCUMENT_URL_MAX = 2000;
export const DOCUMENT_FOLDER_DEPTH_MAX = 10;
export const DOCUMENT_LINKS_MAX = 50;
/** The documents shown as linked to one item: the first ones linked, this many at most. */
export const LINKED_DOCUMENTS_MAX = 200;
export const DOCUMENT_VERSIONS_MAX = 200;
export const DOCUMENT_RECENT_MAX = 10;
/** The subfolders of one folder, listed whole. */
export const DOCUMENT_SUBFOLDERS_MAX = 500;

/**
 * The types a document may have, decided by its bytes (never by its name): office files, PDFs, images and
 * text. Executables, scripts and archives are refused whatever they are named.
 */
export const DOCUMENT_MIME_TYPES = [
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/svg+xml',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet',
  'application/vnd.oasis.opendocument.presentation',
  'application/msword',
  'application/vnd.ms-excel',
  'application/vnd.ms-powerpoint',
  'text/plain',
  'text/csv',
  'text/markdown',
] as const;
/** Shown in the browser (a sandboxed preview); every other type is downloaded. */
export const DOCUMENT_PREVIEW_MIME_TYPES = [
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
] as const;

const nameSchema = z
  .string()
  .trim()
  .min(1, { error: 'Name is required' })
  .max(DOCUMENT_NAME_MAX, { error: `Name must be at most ${DOCUMENT_NAME_MAX} characters` })
  .refine(
    (name) =>
      ![...name].some((char) => char === '/' || char === '\\' || char.charCodeAt(0) < 32 || char.charCodeAt(0) === 127),
    {
      error: 'Name cannot contain slashes or control characters',
    },
  )
  .refine((name) => name !== '.' && name !== '..', { error: 'Choose another name' });

const personSchema = z.object({ id: uuidSchema, name: z.string() });

export const documentFolderSchema = z.object({
  id: uuidSchema,
  parentId: uuidSchema.nullable(),
  name: z.string(),
  visibility: documentVisibilitySchema,
  teamId: uuidSchema.nullable(),
  owner: personSchema.nullable(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
  version: versionSchema,
});
export type DocumentFolder = z.infer<typeof documentFolderSchema>;

export const documentLinkSchema = z.object({
  target: documentLinkTargetSchema,
  targetId: uuidSchema,
  /** The linked item's title as the caller may see it. */
  title: z.string(),
});
export type DocumentLink = z.infer<typeof documentLinkSchema>;

export const documentSchema = z.object({
  id: uuidSchema,
  folderId: uuidSchema.nullable(),
  kind: documentKindSchema,
  name: z.string(),
  visibility: documentVisibilitySchema,
  teamId: uuidSchema.nullable(),
  owner: personSchema.nullable(),
  /** A file: its current version's type and size, and where it is stored. */
  contentType: z.string().nullable(),
  bytes: z.number().int().min(0).nullable(),
  currentVersion: z.number().int().min(1).nullable(),
  storedIn: storageDriverSchema.nullable(),
  /** A link: the address and the drive it points into. */
  url: z.string().nullable(),
  linkProvider: documentLinkProviderSchema.nullable(),
  links: z.array(documentLinkSchema),
  /** When the caller last opened it; null if never. */
  openedAt: isoDateTimeSchema.nullable(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
  version: versionSchema,
});
export type Document = z.infer<typeof documentSchema>;

export const documentVersionSchema = z.object({
  number: z.number().int().min(1),
  name: z.string(),
  contentType: z.string(),
  bytes: z.number().int().min(0),
  uploadedBy: personSchema.nullable(),
  createdAt: isoDateTimeSchema,
  current: z.boolean(),
});
export type DocumentVersion = z.infer<typeof documentVersionSchema>;
export const documentVersionListSchema = z.object({ data: z.array(documentVersionSchema) });

export const DOCUMENT_SORTS = ['name', 'updated', 'size'] as const;
export const documentSortSchema = z.enum(DOCUMENT_SORTS);

/** A folder's content (the top level without `folderId`), or a search by name across every folder. */
export const documentListQuerySchema = z.object({
  folderId: uuidSchema.optional(),
  q: z.string().trim().max(DOCUMENT_NAME_MAX).optional(),
  sort: documentSortSchema.default('name'),
  direction: z.enum(['asc', 'desc']).default('asc'),
  cursor: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(50),
});
export type DocumentListQuery = z.infer<typeof documentListQuerySchema>;

export const documentListSchema = z.object({
  /** The folder's subfolders (on the first page only; empty on a search). */
  folders: z.array(documentFolderSchema),
  data: z.array(documentSchema),
  /** From the top level down to the listed folder. */
  path: z.array(z.object({ id: uuidSchema, name: z.string() })),
  page: pageInfoSchema,
});
export type DocumentList = z.infer<typeof documentListSchema>;

export const recentDocumentListSchema = z.object({ data: z.array(documentSchema) });

export const documentParamsSchema = z.object({ organizationId: uuidSchema, id: uuidSchema });
export const documentVersionParamsSchema = z.object({
  organizationId: uuidSchema,
  id: uuidSchema,
  number: z.coerce.number().int().min(1),
});

const placementSchema = z.object({
  folderId: uuidSchema.nullable(),
  visibility: documentVisibilitySchema,
  /** Required with `team` visibility, ignored otherwise. */
  teamId: uuidSchema.nullable(),
});

/** The form fields sent with an upload (multipart), before the files. */
export const uploadDocumentsFieldsSchema = z.object({
  folderId: uuidSchema.optional(),
  visibility: documentVisibilitySchema.default('company'),
  teamId: uuidSchema.optional(),
});
export type UploadDocumentsFields = z.infer<typeof uploadDocumentsFieldsSchema>;
export const uploadedDocumentsSchema = z.object({ data: z.array(documentSchema) });

export const createDocumentLinkRequestSchema = placementSchema.extend({
  url: z
    .url({ protocol: /^https$/, error: 'Enter the https address of the file' })
    .max(DOCUMENT_URL_MAX, { error: `The address must be at most ${DOCUMENT_URL_MAX} characters` }),
  /** Omitted: taken from the address. */
  name: nameSchema.optional(),
});
export type CreateDocumentLinkRequest = z.infer<typeof createDocumentLinkRequestSchema>;

export const updateDocumentRequestSchema = z.object({
  version: versionSchema,
  name: nameSchema.optional(),
  folderId: uuidSchema.nullable().optional(),
  visibility: documentVisibilitySchema.optional(),
  teamId: uuidSchema.nullable().optional(),
});
export type UpdateDocumentRequest = z.infer<typeof updateDocumentRequestSchema>;

export const deleteDocumentRequestSchema = z.object({ version: versionSchema });
export const restoreDocumentVersionRequestSchema = z.object({ version: versionSchema });

export const documentLinkRequestSchema = z.object({
  target: documentLinkTargetSchema,
  targetId: uuidSchema,
});
export type DocumentLinkRequest = z.infer<typeof documentLinkRequestSchema>;

/** The documents linked to one item (shown on the priority, issue, to-do, process or meeting). */
export const linkedDocumentsQuerySchema = documentLinkRequestSchema;
export const linkedDocumentListSchema = z.object({ data: z.array(documentSchema) });

export const createDocumentFolderRequestSchema = placementSchema.omit({ folderId: true }).extend({
  parentId: uuidSchema.nullable(),
  name: nameSchema,
});
export type CreateDocumentFolderRequest = z.infer<typeof createDocumentFolderRequestSchema>;

export const updateDocumentFolderRequestSchema = z.object({
  version: versionSchema,
  name: nameSchema.optional(),
  parentId: uuidSchema.nullable().optional(),
  visibility: documentVisibilitySchema.optional(),
  teamId: uuidSchema.nullable().optional(),
});
export type UpdateDocumentFolderRequest = z.infer<typeof updateDocumentFolderRequestSchema>;
export const deleteDocumentFolderRequestSchema = z.object({ version: versionSchema });

export const documentContentQuerySchema = z.object({
  /** Omitted: the current version. */
  version: z.coerce.number().int().min(1).optional(),
  /** `inline` previews PDFs and images; anything else is always a download. */
  disposition: z.enum(['inline', 'attachment']).default('attachment'),
});
