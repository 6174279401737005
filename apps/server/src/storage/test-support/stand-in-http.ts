import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { StorageOAuthConfig } from '../../config.js';

/** What the providers' stand-ins share: a server on a free port, bodies read whole, JSON answers. */
export async function listenOnFreePort(
  handle: (request: IncomingMessage, response: ServerResponse) => Promise<void>,
  /** A fixed port instead (a stand-in other processes are told of before it starts). */
  fixedPort = 0,
): Promise<{ server: Server; origin: string }> {
  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) sendJson(response, 500, { error: { message: String(error) } });
      else response.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(fixedPort, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, origin: `http://127.0.0.1:${port}` };
}

export function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
}

export async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  response.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', ...headers });
  response.end(JSON.stringify(body));
}

export const randomToken = (prefix: string) => `${prefix}${randomBytes(18).toString('base64url')}`;

export function bearerOf(request: IncomingMessage): string | undefined {
  const header = request.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice('Bearer '.length) : undefined;
}

/** The client's id and secret, sent in the form (Google's library, our Microsoft request) or as Basic. */
export function clientOf(request: IncomingMessage, form: URLSearchParams): { id?: string; secret?: string } {
  const basic = request.headers.authorization?.match(/^Basic (.+)$/)?.[1];
  if (basic) {
    const [id, secret] = Buffer.from(basic, 'base64').toString().split(':');
    return { id: id && decodeURIComponent(id), secret: secret && decodeURIComponent(secret) };
  }
  return { id: form.get('client_id') ?? undefined, secret: form.get('client_secret') ?? undefined };
}

/** A grant: issued by consent, refreshed into access tokens, revoked by the administrator (or the provider). */
export class GrantBook {
  readonly codes = new Map<string, string>();
  readonly refreshTokens = new Map<string, { account: string; revoked: boolean }>();
  readonly accessTokens = new Map<string, { refreshToken: string; expiresAt: number }>();
  tokenRequests = 0;

  constructor(readonly client: { clientId: string; clientSecret: string }) {}

  /** What the consent screen would hand back to the redirect URI. */
  issueCode(account: string): string {
    const code = randomToken('code-');
    this.codes.set(code, account);
    return code;
  }

  issueRefreshToken(account: string): string {
    const token = randomToken('refresh-');
    this.refreshTokens.set(token, { account, revoked: false });
    return token;
  }

  issueAccessToken(refreshToken: string, lifetimeSeconds: number): string {
    const token = randomToken('access-');
    this.accessTokens.set(token, { refreshToken, expiresAt: Date.now() + lifetimeSeconds * 1000 });
    return token;
  }

  /** The account behind a valid bearer token, or undefined when it is unknown, expired or revoked. */
  accountOf(accessToken: string | undefined): string | undefined {
    const access = accessToken ? this.accessTokens.get(accessToken) : undefined;
    if (!access || access.expiresAt < Date.now()) return undefined;
    const grant = this.refreshTokens.get(access.refreshToken);
    return grant && !grant.revoked ? grant.account : undefined;
  }

  /** Access withdrawn: the refresh token and every access token drawn from it stop working. */
  revokeAll() {
    for (const grant of this.refreshTokens.values()) grant.revoked = true;
  }
}

export const STAND_IN_CLIENT = { clientId: 'keel-test-client', clientSecret: 'keel-test-secret' };

export function standInConfig(
  origin: string,
  paths: { authorize: string; token: string; api: string },
): StorageOAuthConfig {
  return {
    ...STAND_IN_CLIENT,
    authorizeUrl: `${origin}${paths.authorize}`,
    tokenUrl: `${origin}${paths.token}`,
    apiUrl: `${origin}${paths.api}`,
    redirectUri: 'http://localhost:3000/api/v1/storage/oauth/callback',
  };
}
