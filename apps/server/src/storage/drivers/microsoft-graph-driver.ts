import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import {
  Client,
  HTTPMessageHandler,
  ResponseType,
  RetryHandler,
  RetryHandlerOptions,
  type Context,
  type Middleware,
} from '@microsoft/microsoft-graph-client';
import type { MicrosoftDrive } from '@keel/contract';
import type { StorageOAuthConfig } from '../../config.js';
import { forgetStorageAccessToken, storageAccessToken, type StorageTokenOptions } from '../oauth/storage-oauth.js';
import { StorageError, isStorageError, type StorageDriver, type StorageSource } from '../storage-driver.js';
import { probeDriver } from './probe.js';

/** Graph wants upload chunks in multiples of 320 KiB; 5 MiB is 16 of them and bounds the memory per upload. */
export const GRAPH_CHUNK_BYTES = 16 * 320 * 1024;
const KEEL_FOLDER = 'Keel';
const MAX_DRIVES = 50;

/** `onRefreshTokenRotated` receives the newer refresh tokens Microsoft hands out, for the caller to keep. */
export interface MicrosoftAccess extends StorageTokenOptions {
  config: StorageOAuthConfig;
  refreshToken: string;
}

/**
 * The SDK's own authentication handler only signs https requests to Microsoft's hosts; this one signs
 * whatever goes to the configured Graph address (a stand-in's in tests) and nothing else.
 */
class BearerToConfiguredGraph implements Middleware {
  private next: Middleware | undefined;

  constructor(
    private readonly origin: string,
    private readonly token: () => Promise<string>,
  ) {}

  async execute(context: Context): Promise<void> {
    const request: unknown = context.request;
    const url = typeof request === 'string' ? request : (request as { url: string }).url;
    if (new URL(url).origin === this.origin) {
      const options = (context.options ??= {});
      const headers = new Headers(options.headers);
      headers.set('Authorization', `Bearer ${await this.token()}`);
      options.headers = Object.fromEntries(headers);
    }
    await this.next?.execute(context);
  }

  setNext(next: Middleware): void {
    this.next = next;
  }
}

function graphClient(access: MicrosoftAccess): Client {
  const { config, refreshToken } = access;
  const baseUrl = `${config.apiUrl.replace(/\/$/, '')}/`;
  const signer = new BearerToConfiguredGraph(new URL(baseUrl).origin, () =>
    storageAccessToken('microsoft', config, refreshToken, access),
  );
  const retry = new RetryHandler(new RetryHandlerOptions());
  const send = new HTTPMessageHandler();
  signer.setNext(retry);
  retry.setNext(send);
  return Client.initWithMiddleware({ middleware: signer, baseUrl, defaultVersion: 'v1.0' });
}

const statusOf = (error: unknown) => (error as { statusCode?: number }).statusCode;

function toStorageError(error: unknown, subject: string): StorageError {
  if (isStorageError(error)) return error;
  const status = statusOf(error);
  const rawCode = (error as { code?: unknown }).code;
  const code = typeof rawCode === 'string' ? rawCode : '';
  if (status === 401 || (status === 403 && /accessDenied|unauthenticated/i.test(code))) {
    return new StorageError(
      'unauthorized',
      'Microsoft OneDrive / SharePoint refused access: an administrator must connect it again in Storage settings.',
      { cause: error },
    );
  }
  if (status === 507 || /quotaLimitReached|insufficientStorage/i.test(code)) {
    return new StorageError(
      'rejected',
      'The OneDrive or SharePoint library is full: free some space or raise its quota.',
      {
        cause: error,
      },
    );
  }
  if (status === 404) {
    return new StorageError(
      'not_found',
      `OneDrive / SharePoint could not find ${subject} (it may have been deleted).`,
      {
        cause: error,
      },
    );
  }
  if (status === 403) {
    return new StorageError(
      'unauthorized',
      `Microsoft did not allow Keel to use ${subject}: check the account's permissions.`,
      {
        cause: error,
      },
    );
  }
  if (status !== undefined && status >= 400 && status < 500 && status !== 408 && status !== 429) {
    return new StorageError('rejected', `OneDrive / SharePoint refused the file (status ${status}).`, { cause: error });
  }
  return new StorageError(
    'unavailable',
    status && status > 0
      ? `OneDrive / SharePoint failed (status ${status}); please try again in a few minutes.`
      : 'OneDrive / SharePoint could not be reached; please try again in a few minutes.',
    { cause: error },
  );
}

/** A refused access token is dropped and the call tried once more: an early expiry costs a retry, a revoked grant ends `unauthorized`. */
async function withAccess<T>(access: MicrosoftAccess, subject: string, call: (client: Client) => Promise<T>) {
  // Fetched here first, because the SDK would wrap a refusal from the token endpoint into a status-less error.
  await storageAccessToken('microsoft', access.config, access.refreshToken, access);
  try {
    return await call(graphClient(access));
  } catch (error) {
    if (statusOf(error) !== 401) throw toStorageError(error, subject);
    forgetStorageAccessToken('microsoft', access.config, access.refreshToken);
  }
  await storageAccessToken('microsoft', access.config, access.refreshToken, access);
  try {
    return await call(graphClient(access));
  } catch (error) {
    throw toStorageError(error, subject);
  }
}

/** The source in pieces of exactly `size` bytes (the last one shorter), holding at most one piece in memory. */
async function* chunksOf(stream: Readable, size: number): AsyncGenerator<Buffer> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  for await (const piece of stream) {
    let rest = Buffer.from(piece as Uint8Array);
    while (pendingBytes + rest.length >= size) {
      const take = size - pendingBytes;
      yield Buffer.concat([...pending, rest.subarray(0, take)]);
      rest = rest.subarray(take);
      pending = [];
      pendingBytes = 0;
    }
    if (rest.length > 0) {
      pending.push(rest);
      pendingBytes += rest.length;
    }
  }
  if (pendingBytes > 0) yield Buffer.concat(pending);
}

/** Chunk PUTs go to the session's pre-authenticated address, which must not receive the bearer token. */
async function uploadChunks(uploadUrl: string, name: string, source: StorageSource): Promise<string> {
  let offset = 0;
  let itemId: string | undefined;
  for await (const chunk of chunksOf(source.open(), GRAPH_CHUNK_BYTES)) {
    const last = offset + chunk.length - 1;
    if (last >= source.bytes) break;
    const response = await fetch(uploadUrl, {
      method: 'PUT',
      headers: { 'Content-Range': `bytes ${offset}-${last}/${source.bytes}` },
      body: chunk,
    }).catch((error: unknown) => {
      throw toStorageError(error, 'the upload');
    });
    const body = (await response.json().catch(() => ({}))) as { id?: string; error?: { code?: string } };
    if (!response.ok) {
      const failure = Object.assign(new Error(`chunk answered ${response.status}`), {
        statusCode: response.status,
        code: body.error?.code,
      });
      // An upload session that vanished mid-way (expired, or the grant was withdrawn) is not a missing file.
      if (response.status === 404) {
        throw new StorageError(
          'unavailable',
          `OneDrive / SharePoint ended the upload of "${name}" before it finished.`,
          {
            cause: failure,
          },
        );
      }
      throw toStorageError(failure, 'the upload');
    }
    offset = last + 1;
    if (response.status === 200 || response.status === 201) itemId = body.id;
  }
  if (offset !== source.bytes || !itemId) {
    throw new StorageError(
      'rejected',
      `"${name}" did not have the ${source.bytes} bytes announced, so nothing was stored.`,
    );
  }
  return itemId;
}

export function createMicrosoftGraphDriver({
  config,
  refreshToken,
  driveId,
  onRefreshTokenRotated,
}: MicrosoftAccess & { driveId: string }): StorageDriver {
  const access = { config, refreshToken, onRefreshTokenRotated };
  const drive = `/drives/${encodeURIComponent(driveId)}`;

  const driver: StorageDriver = {
    async put(name, source) {
      const { uploadUrl } = (await withAccess(access, 'the chosen drive', (client) =>
        client
          .api(`${drive}/root:/${KEEL_FOLDER}/${encodeURIComponent(name)}:/createUploadSession`)
          .post({ item: { '@microsoft.graph.conflictBehavior': 'fail', name } }),
      )) as { uploadUrl: string };
      try {
        return { locator: await uploadChunks(uploadUrl, name, source) };
      } catch (error) {
        // Cancelling the session discards the chunks already sent: no partial file is ever created.
        await fetch(uploadUrl, { method: 'DELETE' }).catch(() => undefined);
        if (isStorageError(error)) throw await confirmAccess(error);
        throw new StorageError('unavailable', `Keel could not read "${name}" to the end, so nothing was stored.`, {
          cause: error,
        });
      }
    },

    async open(locator) {
      return withAccess(access, 'this file', async (client) => {
        const body = (await client
          .api(`${drive}/items/${encodeURIComponent(locator)}/content`)
          .responseType(ResponseType.STREAM)
          .get()) as WebReadableStream | Readable;
        return body instanceof Readable ? body : Readable.fromWeb(body);
      });
    },

    async remove(locator) {
      try {
        await withAccess(access, 'this file', (client) =>
          client.api(`${drive}/items/${encodeURIComponent(locator)}`).delete(),
        );
      } catch (error) {
        if (isStorageError(error) && error.kind === 'not_found') return;
        throw error;
      }
    },

    check: () => probeDriver(driver, 'OneDrive / SharePoint'),
  };

  /** An upload cut short: if the grant itself is gone, say so, since that is what the administrator must fix. */
  async function confirmAccess(error: StorageError): Promise<StorageError> {
    if (error.kind === 'unauthorized') return error;
    forgetStorageAccessToken('microsoft', config, refreshToken);
    try {
      await storageAccessToken('microsoft', config, refreshToken, access);
      return error;
    } catch (refusal) {
      return isStorageError(refusal) && refusal.kind === 'unauthorized' ? refusal : error;
    }
  }

  return driver;
}

interface GraphDrive {
  id: string;
  name?: string;
}

/** The account's OneDrive first, then the libraries of the SharePoint sites it can find, at most 50 in all. */
export async function listMicrosoftDrives(access: MicrosoftAccess): Promise<MicrosoftDrive[]> {
  return withAccess(access, 'the drives of this account', async (client) => {
    const found: MicrosoftDrive[] = [];
    const own = (await client
      .api('/me/drive')
      .select('id,name')
      .get()
      .catch((error: unknown) => {
        // An account without a OneDrive licence still has SharePoint libraries to offer.
        if (statusOf(error) === 404) return undefined;
        throw error;
      })) as GraphDrive | undefined;
    if (own) found.push({ id: own.id, name: own.name || 'OneDrive', kind: 'onedrive', siteName: null });
    const sites = (await client
      .api('/sites')
      .query({ search: '*' })
      .select('id,displayName,name')
      .top(MAX_DRIVES)
      .get()) as {
      value: { id: string; displayName?: string; name?: string }[];
    };
    for (const site of sites.value) {
      if (found.length >= MAX_DRIVES) break;
      const libraries = (await client
        .api(`/sites/${encodeURIComponent(site.id)}/drives`)
        .select('id,name')
        .get()) as {
        value: GraphDrive[];
      };
      for (const library of libraries.value.slice(0, MAX_DRIVES - found.length)) {
        found.push({
          id: library.id,
          name: library.name || 'Documents',
          kind: 'sharepoint',
          siteName: site.displayName || site.name || null,
        });
      }
    }
    return found;
  });
}
