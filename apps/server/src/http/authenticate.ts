import type { FastifyInstance, FastifyRequest } from 'fastify';
import { unauthorized } from './errors.js';

/** Who an access token speaks for: what the auth module's tokens carry, as the HTTP layer needs it. */
export interface RequestAuth {
  userId: string;
  organizationId: string;
  sessionId: string;
  /** Set when a consultant acts inside a client organization: their own organization. */
  originalOrganizationId: string | null;
}

/** Resolves to the token's claims, or null for a forged, malformed or expired token. */
export type VerifyAccessToken = (token: string) => Promise<RequestAuth | null>;
/** Whether a session (a token's `sessionId`) has not been ended elsewhere since the token was issued. */
export type IsSessionLive = (sessionId: string) => Promise<boolean>;

declare module 'fastify' {
  interface FastifyRequest {
    auth: RequestAuth | null;
  }
  interface FastifyContextConfig {
    /** Reachable without an access token (sign-in, registration, health, logo images...). */
    public?: boolean;
  }
}

/**
 * Default-deny: every API route needs a valid access token unless it is marked `config.public`.
 * A public route still sees the caller's claims when a valid token comes along.
 */
export function registerAuthentication(
  app: FastifyInstance,
  verifyAccessToken: VerifyAccessToken,
  isSessionLive?: IsSessionLive,
) {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    const bearer = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
    if (bearer) request.auth = await verifyAccessToken(bearer);
    if (request.auth && isSessionLive && !(await isSessionLive(request.auth.sessionId))) {
      request.auth = null;
      throw unauthorized('auth.session_ended', 'This session was signed out. Please sign in again.');
    }
    if (request.auth || request.routeOptions.config.public || request.is404) return;
    if (bearer) throw unauthorized('auth.invalid_token', 'Your session has expired. Please sign in again.');
    throw unauthorized();
  });
}

export function requireAuth(request: FastifyRequest): RequestAuth {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

export const clientMeta = (request: FastifyRequest) => ({
  ipAddress: request.ip,
  userAgent: String(request.headers['user-agent'] ?? '').slice(0, 500),
});
