import type { Document, DocumentLinkProvider, DocumentLinkTarget, DocumentVisibility } from '@keel/contract';
import { fileSizeText } from '../../lib/file-size';

/** What each visibility means, as offered in a choice. */
export const VISIBILITY_CHOICES: Record<DocumentVisibility, string> = {
  company: 'Everyone in the company',
  team: 'Members of one team',
  private: 'Only me',
};

export const PROVIDER_NAMES: Record<DocumentLinkProvider, string> = {
  google_drive: 'Google Drive',
  onedrive: 'OneDrive',
  sharepoint: 'SharePoint',
  web: 'Web link',
};

/** The short badge of a visibility; a team document names its team when it is known. */
export function visibilityBadge(visibility: DocumentVisibility, teamName: string | undefined): string {
  if (visibility === 'company') return 'Company';
  if (visibility === 'private') return 'Private';
  return teamName ? `Team: ${teamName}` : 'Team';
}

/** "2.5 MB" for a file, a dash for a link (it has no size of its own). */
export const documentSizeText = (document: Pick<Document, 'bytes'>) =>
  document.bytes === null ? '—' : fileSizeText(document.bytes);

export const dateText = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' });

export const dateTimeText = (iso: string) =>
  new Date(iso).toLocaleString(undefined, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });

export type DocumentType = 'pdf' | 'image' | 'spreadsheet' | 'presentation' | 'text' | 'link' | 'other';

/** The kind of file, for its icon and the words beside it. */
export function documentTypeOf(document: Pick<Document, 'kind' | 'contentType'>): DocumentType {
  if (document.kind === 'link') return 'link';
  const type = document.contentType ?? '';
  if (type === 'application/pdf') return 'pdf';
  if (type.startsWith('image/')) return 'image';
  if (type.includes('spreadsheet') || type.includes('excel') || type === 'text/csv') return 'spreadsheet';
  if (type.includes('presentation') || type.includes('powerpoint')) return 'presentation';
  if (type.startsWith('text/') || type.includes('wordprocessing') || type.includes('msword') || type.includes('text'))
    return 'text';
  return 'other';
}

export const TYPE_NAMES: Record<DocumentType, string> = {
  pdf: 'PDF',
  image: 'Image',
  spreadsheet: 'Spreadsheet',
  presentation: 'Presentation',
  text: 'Text document',
  link: 'Link',
  other: 'File',
};

/** What a document is, in words: a link names its drive, a file its type. */
export const documentKindText = (document: Pick<Document, 'kind' | 'contentType' | 'linkProvider'>) =>
  document.kind === 'link' && document.linkProvider
    ? PROVIDER_NAMES[document.linkProvider]
    : TYPE_NAMES[documentTypeOf(document)];

/** The terminology keys naming each kind of item a document can be linked to. */
export const TARGET_TERMS = {
  priority: 'priority_singular',
  issue: 'issue_singular',
  todo: 'todo_singular',
  process: 'process_singular',
  meeting: null,
} as const satisfies Record<DocumentLinkTarget, string | null>;
