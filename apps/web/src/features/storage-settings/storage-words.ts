import {
  STORAGE_DRIVER_LABELS,
  type StorageDriverKind,
  type StorageOAuthProvider,
  type StorageSettings,
} from '@keel/contract';
import { countOf } from '../../lib/words';

const KB = 1024;
const MB = KB * 1024;
const GB = MB * 1024;

/** A stored amount for people: "0 KB" when nothing is kept, else KB (at least 1), MB or GB. */
export function sizeText(bytes: number): string {
  if (bytes <= 0) return '0 KB';
  if (bytes >= GB) return `${(bytes / GB).toFixed(1)} GB`;
  if (bytes >= MB) return `${(bytes / MB).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / KB))} KB`;
}

export const filesText = (files: number) => countOf(files, 'file', 'files');

/** The server settings an operator adds to offer a cloud drive. */
const PROVIDER_SETTINGS: Record<StorageOAuthProvider, string> = {
  google_drive: 'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET',
  microsoft: 'MICROSOFT_CLIENT_ID and MICROSOFT_CLIENT_SECRET',
};

export const notConfiguredText = (provider: StorageOAuthProvider) =>
  `Not configured on this server: the operator must set ${PROVIDER_SETTINGS[provider]}`;

export const isOAuthProvider = (driver: StorageDriverKind): driver is StorageOAuthProvider =>
  driver === 'google_drive' || driver === 'microsoft';

export const placeLabel = (driver: StorageDriverKind) => STORAGE_DRIVER_LABELS[driver];

/** Why new files cannot go to `driver` yet, or null when they can. */
export function notReadyReason(settings: StorageSettings, driver: StorageDriverKind): string | null {
  switch (driver) {
    case 'local':
      return null;
    case 's3':
      return settings.s3 ? null : 'Save the S3 settings first.';
    case 'google_drive':
      if (!settings.providers.google_drive.configured) return notConfiguredText('google_drive');
      return settings.googleDrive ? null : 'Connect a Google account first.';
    case 'microsoft':
      if (!settings.providers.microsoft.configured) return notConfiguredText('microsoft');
      if (!settings.microsoft) return 'Connect a Microsoft account first.';
      return settings.microsoft.locationId ? null : 'Choose a drive first.';
  }
}

/** The stored files that are not yet in `driver`: what a move there would carry. */
export function filesElsewhere(settings: StorageSettings, driver: StorageDriverKind) {
  const others = settings.usage.filter((place) => place.driver !== driver);
  return {
    files: others.reduce((sum, place) => sum + place.files, 0),
    bytes: others.reduce((sum, place) => sum + place.bytes, 0),
  };
}
