import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  S3Client,
  S3ServiceException,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { StorageError, isStorageError, type StorageDriver } from '../storage-driver.js';
import { probeDriver } from './probe.js';
import { isSafeStorageName } from '../storage-name.js';
import { SourceReadError, exactLength } from './exact-length.js';

export interface S3DriverOptions {
  /** `null` for AWS S3 itself; the address of MinIO, R2 or another S3-compatible service otherwise. */
  endpoint: string | null;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `https://host/bucket/key` rather than `https://bucket.host/key`: what most self-hosted services need. */
  forcePathStyle: boolean;
  /** Prepended to every name, e.g. `keel/`: lets one bucket hold other things too. */
  prefix: string;
}

/** How long a request may take; bounded so that a dead endpoint fails a "test connection" in seconds. */
export interface S3DriverTimeouts {
  connectionTimeoutMs: number;
  /** Until the answer's headers arrive, the upload of one part included. */
  requestTimeoutMs: number;
  maxAttempts: number;
}

const DEFAULT_TIMEOUTS: S3DriverTimeouts = { connectionTimeoutMs: 5_000, requestTimeoutMs: 60_000, maxAttempts: 2 };

const MIN_PART_BYTES = 5 * 1024 * 1024;
const MAX_PARTS = 10_000;
// Each part is buffered in memory while it uploads: two in flight bound a large upload to a few 5 MB buffers.
const PARTS_IN_FLIGHT = 2;
const KEY_MAX_BYTES = 1024;

const UNAUTHORIZED_CODES = new Set([
  'InvalidAccessKeyId',
  'SignatureDoesNotMatch',
  'AccessDenied',
  'InvalidToken',
  'ExpiredToken',
  'TokenRefreshRequired',
  'AccountProblem',
  'AllAccessDisabled',
  'Forbidden',
]);
const REJECTED_CODES = new Set(['EntityTooLarge', 'QuotaExceeded', 'XMinioStorageFull', 'InvalidStorageClass']);
const NETWORK_CODES = new Set([
  'ENOTFOUND',
  'EAI_AGAIN',
  'ECONNREFUSED',
  'ECONNRESET',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ETIMEDOUT',
  'EPIPE',
]);

/** A prefix always ends with `/` unless empty, and never starts with one. */
function normalizePrefix(prefix: string): string {
  const trimmed = prefix.trim().replace(/^\/+/, '').replace(/\/+$/, '');
  return trimmed === '' ? '' : `${trimmed}/`;
}

/** A key this driver could have written: bounded, printable, never a path that climbs. */
function isPlausibleKey(key: string): boolean {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  return key.length > 0 && Buffer.byteLength(key) <= KEY_MAX_BYTES && !/[\u0000-\u001f\u007f]/.test(key);
}

interface SdkFailure {
  name?: string;
  code?: string;
  Code?: string;
  $metadata?: { httpStatusCode?: number };
}

/** The SDK's failure in the contract's kinds, in words for an administrator; never a secret, never the raw message. */
function toStorageError(error: unknown, options: S3DriverOptions, place: string): StorageError {
  if (isStorageError(error)) return error;
  const failure = (error ?? {}) as SdkFailure;
  const code = failure.Code ?? failure.name ?? failure.code ?? '';
  const errno = failure.code ?? '';
  const status = failure.$metadata?.httpStatusCode;
  const fail = (kind: StorageError['kind'], message: string) => new StorageError(kind, message, { cause: error });

  if (code === 'NoSuchBucket') {
    return fail('not_found', `The bucket "${options.bucket}" does not exist at ${place}: check the bucket name.`);
  }
  if (code === 'NoSuchKey' || code === 'NotFound' || (status === 404 && code !== 'NoSuchUpload')) {
    return fail('not_found', 'This file is no longer in the bucket.');
  }
  if (code === 'AuthorizationHeaderMalformed' || code === 'PermanentRedirect' || status === 301) {
    return fail(
      'not_found',
      `The bucket "${options.bucket}" is not in the region "${options.region}" at ${place}: check the region and endpoint.`,
    );
  }
  if (UNAUTHORIZED_CODES.has(code) || status === 401 || status === 403) {
    return fail('unauthorized', 'The storage refused the access key: check the access key id and secret.');
  }
  if (REJECTED_CODES.has(code) || status === 413) {
    return fail('rejected', `The storage at ${place} refused the file (${code || `status ${status}`}).`);
  }
  if (NETWORK_CODES.has(errno) || code === 'TimeoutError' || code === 'AbortError') {
    return fail('unavailable', `The storage at ${place} could not be reached: check the endpoint, or try again later.`);
  }
  if (error instanceof S3ServiceException || status !== undefined) {
    return fail(
      'unavailable',
      `The storage at ${place} failed (${code || 'error'}${status ? `, status ${status}` : ''}); please try again later.`,
    );
  }
  return fail('unavailable', `The storage at ${place} could not be used; please try again later.`);
}

/** Settings the SDK would choke on (some by throwing from its constructor), in words for the administrator. */
function settingsProblem({ endpoint, bucket, region }: S3DriverOptions): string | null {
  if (bucket.trim() === '') return 'The bucket name is missing: enter it in Storage settings.';
  if (region.trim() === '') return "The region is missing: enter the bucket's region (for example us-east-1).";
  if (endpoint === null) return null;
  const url = URL.canParse(endpoint) ? new URL(endpoint) : null;
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || url.hostname === '') {
    return `The endpoint "${endpoint}" is not a web address: enter it with https://, for example https://minio.example.com:9000.`;
  }
  return null;
}

/** Every operation refuses with the same problem: building a driver never throws. */
function unusableDriver(problem: string): StorageDriver {
  const refuse = () => Promise.reject(new StorageError('unavailable', problem));
  return { put: refuse, open: refuse, remove: refuse, check: refuse };
}

/** The endpoint as an administrator typed it, minus any user name or password written into it. */
function describePlace({ endpoint, region }: S3DriverOptions): string {
  if (endpoint === null) return `AWS S3 (${region})`;
  const url = new URL(endpoint);
  url.username = '';
  url.password = '';
  return url.href.replace(/\/$/, '');
}

// Drivers are built per request from an organization's settings: reusing their clients keeps connections alive
// between requests instead of opening (and leaving open) a new pool each time.
const CLIENTS_KEPT = 32;
const clients = new Map<string, S3Client>();

function clientFor(options: S3DriverOptions, limits: S3DriverTimeouts): S3Client {
  const { endpoint, region, forcePathStyle, accessKeyId, secretAccessKey } = options;
  // The secret only as a digest: the key of a map is easier to leak than a client's credentials.
  const secretDigest = createHash('sha256').update(secretAccessKey).digest('hex');
  const key = JSON.stringify([endpoint, region, forcePathStyle, accessKeyId, secretDigest, limits]);
  const known = clients.get(key);
  if (known) return known;
  const config: S3ClientConfig = {
    region,
    forcePathStyle,
    credentials: { accessKeyId, secretAccessKey },
    maxAttempts: limits.maxAttempts,
    requestHandler: {
      connectionTimeout: limits.connectionTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      throwOnRequestTimeout: true,
    },
    // Checksum trailers (the SDK's default) are not understood by many S3-compatible services.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
  if (endpoint !== null) config.endpoint = endpoint;
  const client = new S3Client(config);
  // The oldest client is only forgotten, not destroyed: a request may still be using it.
  if (clients.size >= CLIENTS_KEPT) clients.delete(clients.keys().next().value as string);
  clients.set(key, client);
  return client;
}

/**
 * Files in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2...). The locator is the object key, prefix
 * included, so a file stays readable after the prefix setting changes. Large files stream up as a multipart
 * upload, which is aborted when anything fails: the bucket never holds half a file. Failures are
 * `StorageError`s, except a failure of the source itself, rethrown unchanged.
 */
export function createS3Driver(options: S3DriverOptions, timeouts: Partial<S3DriverTimeouts> = {}): StorageDriver {
  const problem = settingsProblem(options);
  if (problem !== null) return unusableDriver(problem);
  const prefix = normalizePrefix(options.prefix);
  const place = describePlace(options);
  const client = clientFor(options, { ...DEFAULT_TIMEOUTS, ...timeouts });
  const storageError = (error: unknown) => toStorageError(error, options, place);

  const requireKey = (locator: string) => {
    if (!isPlausibleKey(locator)) throw new StorageError('rejected', 'This file name is not allowed in storage.');
    return locator;
  };

  /** Best effort: the parts of an unfinished upload are invisible, and a bucket lifecycle rule removes leftovers. */
  async function abortMultipartUpload(key: string, uploadId: string | undefined) {
    if (uploadId === undefined) return;
    await client
      .send(new AbortMultipartUploadCommand({ Bucket: options.bucket, Key: key, UploadId: uploadId }))
      .catch(() => undefined);
  }

  const driver: StorageDriver = {
    async put(name, source) {
      if (!isSafeStorageName(name)) throw new StorageError('rejected', 'This file name is not allowed in storage.');
      const key = prefix + name;
      const body = Readable.from(exactLength(source.open(), source.bytes));
      const upload = new Upload({
        client,
        params: {
          Bucket: options.bucket,
          Key: key,
          Body: body,
          ContentType: source.contentType,
          ContentLength: source.bytes,
        },
        partSize: Math.max(MIN_PART_BYTES, Math.ceil(source.bytes / MAX_PARTS)),
        queueSize: PARTS_IN_FLIGHT,
        // Aborted below instead, so that a failing abort cannot hide the failure that caused it.
        leavePartsOnError: true,
      });
      try {
        await upload.done();
      } catch (error) {
        body.destroy();
        await abortMultipartUpload(key, upload.uploadId);
        if (error instanceof SourceReadError) throw error.reason;
        throw storageError(error);
      }
      return { locator: key };
    },

    async open(locator) {
      const key = requireKey(locator);
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: options.bucket, Key: key }));
        if (!(answer.Body instanceof Readable)) {
          throw new StorageError('unavailable', `The storage at ${place} answered without the file's bytes.`);
        }
        return answer.Body;
      } catch (error) {
        throw storageError(error);
      }
    },

    async remove(locator) {
      const key = requireKey(locator);
      try {
        await client.send(new DeleteObjectCommand({ Bucket: options.bucket, Key: key }));
      } catch (error) {
        // Already gone is fine (most services answer 204 anyway); a missing bucket is not: the settings are wrong.
        const code = (error as SdkFailure | undefined)?.name;
        if (code === 'NoSuchKey' || code === 'NotFound') return;
        throw storageError(error);
      }
    },

    check: () => probeDriver(driver, `The storage at ${place}`, storageError),
  };
  return driver;
}
