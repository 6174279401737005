import { DOCUMENT_NAME_MAX, type DocumentLinkProvider } from '@keel/contract';
import { cleanFileName } from '../../http/file-upload.js';

/** The drive a link points into, told by its host. */
export function linkProviderOf(url: URL): DocumentLinkProvider {
  const host = url.hostname.toLowerCase();
  if (host === 'drive.google.com' || host === 'docs.google.com') return 'google_drive';
  if (host === 'sharepoint.com' || host.endsWith('.sharepoint.com')) return 'sharepoint';
  if (host === 'onedrive.live.com' || host === '1drv.ms') return 'onedrive';
  return 'web';
}

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

const DRIVE_LABELS: Record<Exclude<DocumentLinkProvider, 'web'>, string> = {
  google_drive: 'Google Drive file',
  onedrive: 'OneDrive file',
  sharepoint: 'SharePoint file',
};

/**
 * A name for a link given none: the last part of its path when it looks like a file name, else the drive's kind of
 * file (their addresses end in ids and "view" or "edit"), else the host.
 */
export function nameFromUrl(url: URL): string {
  const segment = url.pathname.split('/').filter(Boolean).pop();
  const name = segment ? cleanFileName(decoded(segment)) : '';
  const provider = linkProviderOf(url);
  const looksLikeFile = /\.[A-Za-z0-9]{1,8}$/.test(name) && name !== '..';
  if (looksLikeFile) return name.slice(0, DOCUMENT_NAME_MAX);
  if (provider !== 'web') return DRIVE_LABELS[provider];
  return (name && name !== 'file' && name !== '.' ? name : url.hostname).slice(0, DOCUMENT_NAME_MAX);
}
