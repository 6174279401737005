import { z } from 'zod';
import { isoDateTimeSchema, uuidSchema, versionSchema } from './common.js';

/**
 * Where an organization's files live. `local`: the server's disk under DATA_DIR (the default, no set-up);
 * `s3`: any S3-compatible object storage (AWS S3, MinIO, R2); `google_drive`: a Keel folder of the
 * organization's Google Drive; `microsoft`: a OneDrive or a SharePoint site library through Microsoft Graph.
 */
export const STORAGE_DRIVERS = ['local', 's3', 'google_drive', 'microsoft'] as const;
export const storageDriverSchema = z.enum(STORAGE_DRIVERS);
export type StorageDriverKind = z.infer<typeof storageDriverSchema>;

/** The cloud drives an administrator connects through the provider's consent screen. */
export const STORAGE_OAUTH_PROVIDERS = ['google_drive', 'microsoft'] as const;
export const storageOAuthProviderSchema = z.enum(STORAGE_OAUTH_PROVIDERS);
export type StorageOAuthProvider = z.infer<typeof storageOAuthProviderSchema>;

export const STORAGE_DRIVER_LABELS: Record<StorageDriverKind, string> = {
  local: "This server's disk",
  s3: 'S3-compatible object storage',
  google_drive: 'Google Drive',
  microsoft: 'OneDrive or SharePoint',
};

const S3_TEXT_MAX = 300;
const s3Text = (label: string) =>
  z
    .string()
    .trim()
    .min(1, { error: `${label} is required` })
    .max(S3_TEXT_MAX, { error: `${label} must be at most ${S3_TEXT_MAX} characters` });

/** What is shown of the S3 settings: never the secret key, only whether one is kept. */
export const s3SettingsSchema = z.object({
  /** Empty for AWS itself; the address of MinIO, R2 or another S3-compatible service otherwise. */
  endpoint: z.string().nullable(),
  bucket: z.string(),
  region: z.string(),
  accessKeyId: z.string(),
  /** Path-style addresses (bucket in the path), which MinIO and most self-hosted services need. */
  forcePathStyle: z.boolean(),
  /** Files are kept under this prefix of the bucket. */
  prefix: z.string(),
  hasSecretAccessKey: z.boolean(),
});
export type S3Settings = z.infer<typeof s3SettingsSchema>;

export const saveS3SettingsRequestSchema = z.object({
  endpoint: z
    .url({ protocol: /^https?$/, error: 'The endpoint must be an http or https address' })
    .max(S3_TEXT_MAX)
    .nullable(),
  bucket: s3Text('Bucket'),
  region: s3Text('Region'),
  accessKeyId: s3Text('Access key id'),
  /** Omitted or null: keep the secret already saved. */
  secretAccessKey: s3Text('Secret access key').nullable().optional(),
  forcePathStyle: z.boolean(),
  prefix: z
    .string()
    .trim()
    .max(200, { error: 'The prefix must be at most 200 characters' })
    .regex(/^[A-Za-z0-9/_.-]*$/, { error: 'The prefix may use letters, digits, "/", "_", "." and "-" only' }),
});
export type SaveS3SettingsRequest = z.infer<typeof saveS3SettingsRequestSchema>;

/** A connected cloud drive: who granted access, and where in it Keel keeps files. */
export const cloudDriveConnectionSchema = z.object({
  /** The account that gave consent, as the provider names it (an e-mail address usually). */
  connectedAs: z.string(),
  connectedAt: isoDateTimeSchema,
  /** Google Drive: the Keel folder; Microsoft: the chosen drive (a OneDrive or a SharePoint library). */
  locationId: z.string().nullable(),
  locationName: z.string().nullable(),
});
export type CloudDriveConnection = z.infer<typeof cloudDriveConnectionSchema>;

export const STORAGE_MOVE_STATUSES = ['running', 'done', 'failed'] as const;
export const storageMoveStatusSchema = z.enum(STORAGE_MOVE_STATUSES);

/** The background move of existing files from one place to another, with its progress. */
export const storageMoveSchema = z.object({
  id: uuidSchema,
  from: storageDriverSchema,
  to: storageDriverSchema,
  status: storageMoveStatusSchema,
  total: z.number().int().min(0),
  moved: z.number().int().min(0),
  /** Why it stopped, in words; the files not moved yet stay readable where they were. */
  error: z.string().nullable(),
  startedAt: isoDateTimeSchema,
  finishedAt: isoDateTimeSchema.nullable(),
});
export type StorageMove = z.infer<typeof storageMoveSchema>;

export const storageSettingsSchema = z.object({
  /** Where new files go. */
  driver: storageDriverSchema,
  s3: s3SettingsSchema.nullable(),
  googleDrive: cloudDriveConnectionSchema.nullable(),
  microsoft: cloudDriveConnectionSchema.nullable(),
  /** Whether the server has the provider's client id and secret; without them it cannot be chosen. */
  providers: z.object({
    google_drive: z.object({ configured: z.boolean() }),
    microsoft: z.object({ configured: z.boolean() }),
  }),
  /** The organization's stored files, counted per place. */
  usage: z.array(z.object({ driver: storageDriverSchema, files: z.number().int(), bytes: z.number().int() })),
  move: storageMoveSchema.nullable(),
  version: versionSchema,
});
export type StorageSettings = z.infer<typeof storageSettingsSchema>;

export const testStorageRequestSchema = z.object({ driver: storageDriverSchema });
export const storageTestResultSchema = z.object({
  ok: z.boolean(),
  /** What was tried and what came back, in words an administrator can act on. */
  message: z.string(),
});
export type StorageTestResult = z.infer<typeof storageTestResultSchema>;

/** New files go to `driver` from now on; with `moveExisting`, a background job moves the others there. */
export const switchStorageRequestSchema = z.object({
  driver: storageDriverSchema,
  moveExisting: z.boolean(),
  version: versionSchema,
});
export type SwitchStorageRequest = z.infer<typeof switchStorageRequestSchema>;

export const startStorageOAuthResponseSchema = z.object({ authorizationUrl: z.url() });

/** A OneDrive or a SharePoint site's document library the connected account can write to. */
export const microsoftDriveSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(['onedrive', 'sharepoint']),
  /** The SharePoint site, for a library. */
  siteName: z.string().nullable(),
});
export type MicrosoftDrive = z.infer<typeof microsoftDriveSchema>;
export const microsoftDriveListSchema = z.object({ data: z.array(microsoftDriveSchema) });

export const chooseMicrosoftDriveRequestSchema = z.object({
  driveId: z.string().trim().min(1, { error: 'Choose a drive' }).max(300),
  version: versionSchema,
});
export type ChooseMicrosoftDriveRequest = z.infer<typeof chooseMicrosoftDriveRequestSchema>;

export const disconnectStorageRequestSchema = z.object({ version: versionSchema });

/** Where the provider sends the administrator's browser back to (the server's callback). */
export const storageOAuthCallbackQuerySchema = z.object({
  code: z.string().max(4000).optional(),
  state: z.string().max(4000).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(1000).optional(),
});
