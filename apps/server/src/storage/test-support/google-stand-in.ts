import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { StorageOAuthConfig } from '../../config.js';
import {
  GrantBook,
  bearerOf,
  clientOf,
  closeServer,
  listenOnFreePort,
  randomToken,
  readBody,
  sendJson,
  standInConfig,
  STAND_IN_CLIENT,
} from './stand-in-http.js';

export const GOOGLE_FOLDER_MIME = 'application/vnd.google-apps.folder';

export interface StandInDriveFile {
  id: string;
  name: string;
  mimeType: string;
  parents: string[];
  content: Buffer;
  trashed: boolean;
  /** With the drive.file scope an app sees only what it created (or was opened with). */
  createdByApp: boolean;
}

export interface GoogleStandIn {
  config: StorageOAuthConfig;
  grants: GrantBook;
  files: Map<string, StandInDriveFile>;
  issueCode(email: string): string;
  /** The administrator removes Keel's access in their Google account. */
  revoke(): void;
  /** A file the person made themselves in Drive: invisible to Keel's drive.file scope. */
  addUserFile(file: Pick<StandInDriveFile, 'name' | 'mimeType'>): StandInDriveFile;
  close(): Promise<void>;
}

const ACCESS_LIFETIME_SECONDS = 3599;

const driveError = (code: number, status: string, reason: string, message: string, location?: string) => ({
  error: {
    code,
    message,
    errors: [{ message, domain: 'global', reason, ...(location ? { location, locationType: 'parameter' } : {}) }],
    status,
  },
});

const unauthenticated = () =>
  driveError(
    401,
    'UNAUTHENTICATED',
    'authError',
    'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
  );

const fileNotFound = (id: string) => driveError(404, 'NOT_FOUND', 'notFound', `File not found: ${id}.`, 'fileId');

function unsignedIdToken(claims: Record<string, unknown>): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'RS256', kid: 'stand-in', typ: 'JWT' })}.${part(claims)}.c3RhbmQtaW4`;
}

function metadataOf(file: StandInDriveFile) {
  return {
    kind: 'drive#file',
    id: file.id,
    name: file.name,
    mimeType: file.mimeType,
    parents: file.parents,
    size: String(file.content.length),
    trashed: file.trashed,
  };
}

/** `multipart/related`: the JSON metadata, then the media, as files.create sends them. */
function parseMultipartRelated(body: Buffer, contentType: string) {
  const boundary = contentType.match(/boundary=("?)([^";]+)\1/)?.[2];
  if (!boundary) return undefined;
  const delimiter = Buffer.from(`--${boundary}`);
  const headerEnd = Buffer.from('\r\n\r\n');
  const firstHeaderEnd = body.indexOf(headerEnd, body.indexOf(delimiter)) + headerEnd.length;
  const secondDelimiter = body.indexOf(Buffer.from(`\r\n--${boundary}`), firstHeaderEnd);
  const metadata = JSON.parse(body.subarray(firstHeaderEnd, secondDelimiter).toString()) as Record<string, unknown>;
  const mediaHeaderStart = secondDelimiter + 2 + delimiter.length;
  const mediaHeaders = body.subarray(mediaHeaderStart, body.indexOf(headerEnd, mediaHeaderStart)).toString();
  const mediaStart = body.indexOf(headerEnd, mediaHeaderStart) + headerEnd.length;
  const mediaEnd = body.lastIndexOf(Buffer.from(`\r\n--${boundary}--`));
  const mimeType = mediaHeaders.match(/content-type:\s*([^\r\n]+)/i)?.[1];
  return { metadata, mimeType, media: Buffer.from(body.subarray(mediaStart, mediaEnd)) };
}

/** The clauses of a files.list `q` the driver uses: name, mimeType, a parent and trashed = false. */
function matchesQuery(file: StandInDriveFile, query: string): boolean {
  const unquote = (value: string) => value.replace(/\\(.)/g, '$1');
  for (const clause of query.split(/\s+and\s+/)) {
    const equals = clause.match(/^\s*(name|mimeType)\s*=\s*'((?:[^'\\]|\\.)*)'\s*$/);
    const parent = clause.match(/^\s*'((?:[^'\\]|\\.)*)'\s+in\s+parents\s*$/);
    if (equals && file[equals[1] as 'name' | 'mimeType'] !== unquote(equals[2] ?? '')) return false;
    else if (parent && !file.parents.includes(unquote(parent[1] ?? ''))) return false;
    else if (/^\s*trashed\s*=\s*false\s*$/.test(clause) && file.trashed) return false;
    else if (!equals && !parent && !/^\s*trashed\s*=\s*false\s*$/.test(clause))
      throw new Error(`unsupported q: ${clause}`);
  }
  return true;
}

export async function startGoogleStandIn(): Promise<GoogleStandIn> {
  const files = new Map<string, StandInDriveFile>();
  const grants = new GrantBook(STAND_IN_CLIENT);

  async function token(request: IncomingMessage, response: ServerResponse) {
    const book = grants;
    book.tokenRequests += 1;
    const form = new URLSearchParams((await readBody(request)).toString());
    const client = clientOf(request, form);
    if (client.id !== book.client.clientId || client.secret !== book.client.clientSecret) {
      return sendJson(response, 401, { error: 'invalid_client', error_description: 'The OAuth client was not found.' });
    }
    const grantType = form.get('grant_type');
    if (grantType === 'authorization_code') {
      const account = book.codes.get(form.get('code') ?? '');
      book.codes.delete(form.get('code') ?? '');
      if (!account || form.get('redirect_uri') !== standInRedirect) {
        return sendJson(response, 400, { error: 'invalid_grant', error_description: 'Bad Request' });
      }
      const refreshToken = book.issueRefreshToken(account);
      return sendJson(response, 200, {
        access_token: book.issueAccessToken(refreshToken, ACCESS_LIFETIME_SECONDS),
        expires_in: ACCESS_LIFETIME_SECONDS,
        refresh_token: refreshToken,
        scope: 'https://www.googleapis.com/auth/drive.file openid https://www.googleapis.com/auth/userinfo.email',
        token_type: 'Bearer',
        id_token: unsignedIdToken({ iss: 'https://accounts.google.com', aud: book.client.clientId, email: account }),
      });
    }
    if (grantType === 'refresh_token') {
      const refreshToken = form.get('refresh_token') ?? '';
      const grant = book.refreshTokens.get(refreshToken);
      if (!grant || grant.revoked) {
        return sendJson(response, 400, {
          error: 'invalid_grant',
          error_description: 'Token has been expired or revoked.',
        });
      }
      return sendJson(response, 200, {
        access_token: book.issueAccessToken(refreshToken, ACCESS_LIFETIME_SECONDS),
        expires_in: ACCESS_LIFETIME_SECONDS,
        scope: 'https://www.googleapis.com/auth/drive.file',
        token_type: 'Bearer',
      });
    }
    return sendJson(response, 400, {
      error: 'unsupported_grant_type',
      error_description: `Invalid grant_type: ${grantType}`,
    });
  }

  function create(metadata: Record<string, unknown>, content: Buffer, mimeType: string | undefined) {
    const file: StandInDriveFile = {
      id: randomToken('1').slice(0, 33),
      name: typeof metadata.name === 'string' ? metadata.name : 'Untitled',
      mimeType: typeof metadata.mimeType === 'string' ? metadata.mimeType : (mimeType ?? 'application/octet-stream'),
      parents: Array.isArray(metadata.parents) ? metadata.parents.map(String) : ['root'],
      content,
      trashed: false,
      createdByApp: true,
    };
    files.set(file.id, file);
    return file;
  }

  async function drive(request: IncomingMessage, response: ServerResponse, url: URL, account: string) {
    const method = request.method ?? 'GET';
    if (url.pathname === '/drive/v3/about' && method === 'GET') {
      return sendJson(response, 200, { user: { kind: 'drive#user', emailAddress: account } });
    }
    if (url.pathname === '/upload/drive/v3/files' && method === 'POST') {
      const body = await readBody(request);
      if (url.searchParams.get('uploadType') !== 'multipart') {
        return sendJson(response, 400, driveError(400, 'INVALID_ARGUMENT', 'badRequest', 'Unsupported uploadType.'));
      }
      const parts = parseMultipartRelated(body, request.headers['content-type'] ?? '');
      if (!parts)
        return sendJson(response, 400, driveError(400, 'INVALID_ARGUMENT', 'badContent', 'Bad multipart body.'));
      const parentId = (parts.metadata.parents as string[] | undefined)?.[0];
      if (parentId && !files.has(parentId)) return sendJson(response, 404, fileNotFound(parentId));
      return sendJson(response, 200, metadataOf(create(parts.metadata, parts.media, parts.mimeType)));
    }
    if (url.pathname === '/drive/v3/files' && method === 'POST') {
      const metadata = JSON.parse((await readBody(request)).toString() || '{}') as Record<string, unknown>;
      return sendJson(response, 200, metadataOf(create(metadata, Buffer.alloc(0), undefined)));
    }
    if (url.pathname === '/drive/v3/files' && method === 'GET') {
      const query = url.searchParams.get('q') ?? '';
      const found = [...files.values()].filter((file) => file.createdByApp && matchesQuery(file, query));
      return sendJson(response, 200, { kind: 'drive#fileList', files: found.map(metadataOf) });
    }
    const id = url.pathname.match(/^\/drive\/v3\/files\/([^/]+)$/)?.[1];
    const file = id ? files.get(decodeURIComponent(id)) : undefined;
    if (id && (!file || !file.createdByApp)) return sendJson(response, 404, fileNotFound(decodeURIComponent(id)));
    if (file && method === 'GET' && url.searchParams.get('alt') === 'media') {
      response.writeHead(200, { 'content-type': file.mimeType, 'content-length': String(file.content.length) });
      return void response.end(file.content);
    }
    if (file && method === 'GET') return sendJson(response, 200, metadataOf(file));
    if (file && method === 'DELETE') {
      files.delete(file.id);
      response.writeHead(204);
      return void response.end();
    }
    return sendJson(response, 404, driveError(404, 'NOT_FOUND', 'notFound', 'Not Found'));
  }

  const { server, origin } = await listenOnFreePort(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    if (url.pathname === '/token' && request.method === 'POST') return token(request, response);
    const account = grants.accountOf(bearerOf(request));
    if (!account) {
      await readBody(request);
      return sendJson(response, 401, unauthenticated(), {
        'www-authenticate': 'Bearer realm="https://accounts.google.com/"',
      });
    }
    return drive(request, response, url, account);
  });

  const config = standInConfig(origin, { authorize: '/o/oauth2/v2/auth', token: '/token', api: '/' });
  const standInRedirect = config.redirectUri;
  const book = grants;
  return {
    config,
    grants: book,
    files,
    issueCode: (email) => book.issueCode(email),
    revoke: () => book.revokeAll(),
    addUserFile(file) {
      const made: StandInDriveFile = {
        ...file,
        id: randomUUID(),
        parents: ['root'],
        content: Buffer.alloc(0),
        trashed: false,
        createdByApp: false,
      };
      files.set(made.id, made);
      return made;
    },
    close: () => closeServer(server),
  };
}
