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

export interface StandInDriveItem {
  id: string;
  driveId: string;
  path: string;
  content: Buffer;
}

interface UploadSession {
  driveId: string;
  path: string;
  total: number | undefined;
  received: Buffer[];
  refreshToken: string;
}

export interface StandInSite {
  id: string;
  displayName: string;
  drives: { id: string; name: string }[];
}

export interface GraphStandIn {
  config: StorageOAuthConfig;
  grants: GrantBook;
  items: Map<string, StandInDriveItem>;
  sessions: Map<string, UploadSession>;
  /** Every chunk PUT: its Content-Range, to see how an upload was cut. */
  chunkRanges: string[];
  oneDriveId: string;
  sites: StandInSite[];
  issueCode(account: string): string;
  /** Consent withdrawn: the grant, its access tokens and the upload sessions opened with them end. */
  revoke(): void;
  close(): Promise<void>;
}

const ACCESS_LIFETIME_SECONDS = 3599;

const graphError = (code: string, message: string) => ({
  error: {
    code,
    message,
    innerError: { date: new Date().toISOString(), 'request-id': randomUUID(), 'client-request-id': randomUUID() },
  },
});

const itemNotFound = () => graphError('itemNotFound', 'The resource could not be found.');

export async function startGraphStandIn(
  options: { sites?: StandInSite[]; account?: { userPrincipalName: string; mail: string | null } } = {},
): Promise<GraphStandIn> {
  const items = new Map<string, StandInDriveItem>();
  const sessions = new Map<string, UploadSession>();
  const chunkRanges: string[] = [];
  const oneDriveId = `b!${randomToken('')}`;
  const sites = options.sites ?? [];
  const drives = new Set([oneDriveId, ...sites.flatMap((site) => site.drives.map((drive) => drive.id))]);
  const grants = new GrantBook(STAND_IN_CLIENT);
  let origin = '';

  async function token(request: IncomingMessage, response: ServerResponse) {
    const book = grants;
    book.tokenRequests += 1;
    const form = new URLSearchParams((await readBody(request)).toString());
    const client = clientOf(request, form);
    if (client.id !== book.client.clientId || client.secret !== book.client.clientSecret) {
      return sendJson(response, 401, {
        error: 'invalid_client',
        error_description: 'AADSTS7000215: Invalid client secret provided.',
        error_codes: [7000215],
      });
    }
    let account: string | undefined;
    if (form.get('grant_type') === 'authorization_code') {
      account = book.codes.get(form.get('code') ?? '');
      book.codes.delete(form.get('code') ?? '');
    } else if (form.get('grant_type') === 'refresh_token') {
      const grant = book.refreshTokens.get(form.get('refresh_token') ?? '');
      account = grant && !grant.revoked ? grant.account : undefined;
    }
    if (!account) {
      return sendJson(response, 400, {
        error: 'invalid_grant',
        error_description: 'AADSTS70000: The provided value for the input parameter is not valid or has been revoked.',
        error_codes: [70000],
      });
    }
    // Microsoft hands out a new refresh token with each answer; the earlier ones keep working until revoked.
    const refreshToken = book.issueRefreshToken(account);
    return sendJson(response, 200, {
      token_type: 'Bearer',
      scope: 'Files.ReadWrite.All Sites.ReadWrite.All User.Read',
      expires_in: ACCESS_LIFETIME_SECONDS,
      access_token: book.issueAccessToken(refreshToken, ACCESS_LIFETIME_SECONDS),
      refresh_token: refreshToken,
    });
  }

  /** The pre-authenticated upload address: no bearer token, the session id is the credential. */
  async function uploadChunk(request: IncomingMessage, response: ServerResponse, sessionId: string) {
    const session = sessions.get(sessionId);
    const body = await readBody(request);
    if (request.method === 'DELETE') {
      sessions.delete(sessionId);
      response.writeHead(204);
      return void response.end();
    }
    const range = String(request.headers['content-range'] ?? '');
    chunkRanges.push(range);
    const grant = session && grants.refreshTokens.get(session.refreshToken);
    if (!session || !grant || grant.revoked) {
      sessions.delete(sessionId);
      return sendJson(response, 404, graphError('itemNotFound', 'The upload session was not found.'));
    }
    if (request.headers.authorization) {
      return sendJson(response, 401, graphError('unauthenticated', 'An upload URL takes no Authorization header.'));
    }
    const [, from, to, total] = range.match(/^bytes (\d+)-(\d+)\/(\d+)$/) ?? [];
    session.total ??= Number(total);
    const receivedBytes = session.received.reduce((sum, piece) => sum + piece.length, 0);
    if (
      Number(from) !== receivedBytes ||
      Number(to) - Number(from) + 1 !== body.length ||
      Number(total) !== session.total
    ) {
      return sendJson(
        response,
        416,
        graphError('invalidRange', 'The Content-Range header does not match the session.'),
      );
    }
    session.received.push(body);
    if (Number(to) + 1 < session.total) {
      return sendJson(response, 202, {
        expirationDateTime: new Date(Date.now() + 3_600_000).toISOString(),
        nextExpectedRanges: [`${Number(to) + 1}-`],
      });
    }
    sessions.delete(sessionId);
    for (const earlier of items.values()) {
      if (earlier.driveId === session.driveId && earlier.path === session.path) items.delete(earlier.id);
    }
    const item: StandInDriveItem = {
      id: randomToken('01'),
      driveId: session.driveId,
      path: session.path,
      content: Buffer.concat(session.received),
    };
    items.set(item.id, item);
    return sendJson(response, 201, { id: item.id, name: item.path.split('/').pop(), size: item.content.length });
  }

  async function graph(
    request: IncomingMessage,
    response: ServerResponse,
    url: URL,
    refreshToken: string,
    account: string,
  ) {
    const path = decodeURIComponent(url.pathname.replace(/^\/v1\.0/, ''));
    const method = request.method ?? 'GET';
    if (path === '/me' && method === 'GET') {
      const me = options.account ?? { userPrincipalName: account, mail: account };
      return sendJson(response, 200, { id: randomUUID(), displayName: 'Stand-in Admin', ...me });
    }
    if (path === '/me/drive' && method === 'GET') {
      return sendJson(response, 200, { id: oneDriveId, name: 'OneDrive', driveType: 'business' });
    }
    if (path === '/sites' && method === 'GET') {
      if (url.searchParams.get('search') === null)
        return sendJson(response, 400, graphError('invalidRequest', 'Invalid request'));
      return sendJson(response, 200, {
        value: sites.map((site) => ({ id: site.id, displayName: site.displayName, name: site.displayName })),
      });
    }
    const siteDrives = path.match(/^\/sites\/([^/]+)\/drives$/);
    if (siteDrives && method === 'GET') {
      const site = sites.find((candidate) => candidate.id === siteDrives[1]);
      if (!site) return sendJson(response, 404, itemNotFound());
      return sendJson(response, 200, {
        value: site.drives.map((drive) => ({ ...drive, driveType: 'documentLibrary' })),
      });
    }
    const uploadTarget = path.match(/^\/drives\/([^/]+)\/root:\/(.+):\/createUploadSession$/);
    if (uploadTarget && method === 'POST') {
      const [, driveId = '', itemPath = ''] = uploadTarget;
      const body = JSON.parse((await readBody(request)).toString() || '{}') as {
        item?: { '@microsoft.graph.conflictBehavior'?: string };
      };
      if (!drives.has(driveId)) return sendJson(response, 404, itemNotFound());
      const existing = [...items.values()].some((item) => item.driveId === driveId && item.path === itemPath);
      if (existing && body.item?.['@microsoft.graph.conflictBehavior'] === 'fail') {
        return sendJson(response, 409, graphError('nameAlreadyExists', 'The specified item name already exists.'));
      }
      const sessionId = randomToken('session-');
      sessions.set(sessionId, { driveId, path: itemPath, total: undefined, received: [], refreshToken });
      return sendJson(response, 200, {
        uploadUrl: `${origin}/upload/${sessionId}`,
        expirationDateTime: new Date(Date.now() + 3_600_000).toISOString(),
      });
    }
    const itemPath = path.match(/^\/drives\/([^/]+)\/items\/([^/]+)(\/content)?$/);
    const item = itemPath ? items.get(itemPath[2] ?? '') : undefined;
    if (itemPath && (!item || item.driveId !== itemPath[1])) return sendJson(response, 404, itemNotFound());
    if (item && itemPath?.[3] && method === 'GET') {
      // Like Graph: a redirect to a short-lived, pre-authenticated download address.
      response.writeHead(302, { location: `${origin}/download/${item.id}` });
      return void response.end();
    }
    if (item && !itemPath?.[3] && method === 'DELETE') {
      items.delete(item.id);
      response.writeHead(204);
      return void response.end();
    }
    return sendJson(response, 400, graphError('BadRequest', `Unsupported: ${method} ${path}`));
  }

  const server = await listenOnFreePort(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    if (url.pathname === '/organizations/oauth2/v2.0/token' && request.method === 'POST')
      return token(request, response);
    const upload = url.pathname.match(/^\/upload\/([^/]+)$/);
    if (upload) return uploadChunk(request, response, upload[1] ?? '');
    const download = url.pathname.match(/^\/download\/([^/]+)$/);
    if (download) {
      const item = items.get(download[1] ?? '');
      if (!item) return sendJson(response, 404, itemNotFound());
      response.writeHead(200, {
        'content-type': 'application/octet-stream',
        'content-length': String(item.content.length),
      });
      return void response.end(item.content);
    }
    const bearer = bearerOf(request);
    const book = grants;
    const account = book.accountOf(bearer);
    const refreshToken = bearer ? book.accessTokens.get(bearer)?.refreshToken : undefined;
    if (!account || !refreshToken) {
      await readBody(request);
      return sendJson(
        response,
        401,
        graphError('InvalidAuthenticationToken', 'Access token has expired or is not yet valid.'),
      );
    }
    return graph(request, response, url, refreshToken, account);
  });
  origin = server.origin;

  const config = standInConfig(origin, {
    authorize: '/organizations/oauth2/v2.0/authorize',
    token: '/organizations/oauth2/v2.0/token',
    api: '',
  });
  const book = grants;
  return {
    config,
    grants: book,
    items,
    sessions,
    chunkRanges,
    oneDriveId,
    sites,
    issueCode: (account) => book.issueCode(account),
    revoke: () => book.revokeAll(),
    close: () => closeServer(server.server),
  };
}
