import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SessionGate } from '../modules/auth/index.js';
import type { AccessClaims, AccessTokens } from '../modules/auth/tokens.js';
import { unauthorized } from './errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AccessClaims | null;
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
export function registerAuthentication(app: FastifyInstance, tokens: AccessTokens, sessions?: SessionGate) {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    const bearer = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
    if (bearer) request.auth = await tokens.verify(bearer);
    if (request.auth && sessions && !(await sessions.isLive(request.auth.sessionId))) {
      request.auth = null;
      throw unauthorized('auth.session_ended', 'This session was signed out. Please sign in again.');
    }
    if (request.auth || request.routeOptions.config.public || request.is404) return;
    if (bearer) throw unauthorized('auth.invalid_token', 'Your session has expired. Please sign in again.');
    throw unauthorized();
  });
}

export function requireAuth(request: FastifyRequest): AccessClaims {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

export const clientMeta = (request: FastifyRequest) => ({
  ipAddress: request.ip,
  userAgent: String(request.headers['user-agent'] ?? '').slice(0, 500),
});
