import type { Document, DocumentFolder, DocumentVersion } from '@keel/contract';

export const DOCUMENT_ID = '77777777-7777-4777-8777-777777777777';
export const FOLDER_ID = '88888888-8888-4888-8888-888888888888';
export const ADA_ID = '22222222-2222-4222-8222-222222222222';

/** A company-wide Word file of Ada's at the top level; overrides change any field. */
export function makeDocument(overrides: Partial<Document> = {}): Document {
  return {
    id: DOCUMENT_ID,
    folderId: null,
    kind: 'file',
    name: 'Handbook.docx',
    visibility: 'company',
    teamId: null,
    owner: { id: ADA_ID, name: 'Ada Lovelace' },
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    bytes: 2 * 1024 * 1024,
    currentVersion: 2,
    storedIn: 'local',
    url: null,
    linkProvider: null,
    links: [],
    openedAt: null,
    createdAt: '2026-11-20T09:00:00.000Z',
    updatedAt: '2026-11-21T09:00:00.000Z',
    version: 3,
    ...overrides,
  };
}

export function makeFolder(overrides: Partial<DocumentFolder> = {}): DocumentFolder {
  return {
    id: FOLDER_ID,
    parentId: null,
    name: 'Contracts',
    visibility: 'company',
    teamId: null,
    owner: { id: ADA_ID, name: 'Ada Lovelace' },
    createdAt: '2026-11-19T09:00:00.000Z',
    updatedAt: '2026-11-19T09:00:00.000Z',
    version: 1,
    ...overrides,
  };
}

export function makeVersion(number: number, current: boolean): DocumentVersion {
  return {
    number,
    name: `Handbook v${number}.docx`,
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    bytes: 1024 * number,
    uploadedBy: { id: ADA_ID, name: 'Ada Lovelace' },
    createdAt: `2026-11-2${number}T09:00:00.000Z`,
    current,
  };
}

/** The answer of GET documents. */
export const listReply = (
  data: Document[],
  {
    folders = [] as DocumentFolder[],
    path = [] as { id: string; name: string }[],
    nextCursor = null as string | null,
  } = {},
) => ({ body: { folders, data, path, page: { nextCursor } } });
