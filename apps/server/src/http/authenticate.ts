import { API_KEY_PREFIX } from '@keel/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { unauthorized } from './errors.js';

/** Who an access token speaks for: what the auth module's tokens carry, as the HTTP layer needs it. */
export interface RequestAuth {
  userId: string;
  organizationId: string;
  sessionId: string;
  /** Set when a consultant acts inside a client organization: their own organization. */
  originalOrganizationId: string | null;
  /** Set when an API key speaks: it acts as the organization, within its scopes (`userId` is its own account). */
  apiKey?: { id: string; scopes: readonly string[] } | null;
}

/** Resolves to the token's claims, or null for a forged, malformed or expired token. */
export type VerifyAccessToken = (token: string) => Promise<RequestAuth | null>;
/** Whether a session (a token's `sessionId`) has not been ended elsewhere since the token was issued. */
export type IsSessionLive = (sessionId: string) => Promise<boolean>;
/** The claims an API key speaks with, or null for one that is unknown, revoked or expired. */
export type VerifyApiKey = (secret: string) => Promise<RequestAuth | null>;

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
  verifyApiKey?: VerifyApiKey,
) {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    const bearer = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
    // API keys are bearer tokens too, told apart from access tokens by their start.
    if (bearer?.startsWith(API_KEY_PREFIX) && verifyApiKey) {
      request.auth = await verifyApiKey(bearer);
      if (request.auth) return;
      throw unauthorized('api_key.invalid', 'This API key is not valid: it was revoked, has expired or never existed.');
    }
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
