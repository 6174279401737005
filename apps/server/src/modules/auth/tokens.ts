import { createHash, randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { ACCESS_TOKEN_TTL_SECONDS } from '@keel/contract';
import type { RequestAuth } from '../../http/authenticate.js';

/** The claims of an access token: exactly what the HTTP layer puts on `request.auth`. */
export type AccessClaims = RequestAuth;

export const REFRESH_TTL_SHORT_MS = 24 * 60 * 60 * 1000;
export const REFRESH_TTL_REMEMBERED_MS = 30 * 24 * 60 * 60 * 1000;
const ISSUER = 'keel';
const AUDIENCE = 'keel-api';
const VERIFIED_TOKEN_CACHE_SIZE = 10_000;

export function createAccessTokens(secret: string) {
  // Imported once: handing jose raw bytes would re-import the key on every sign and verify.
  const keyPromise = crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  // A token's signature check never changes its answer, so a verified token is remembered until it
  // expires (bounded, oldest forgotten first): each page load then skips the HMAC round trip.
  const verified = new Map<string, { claims: AccessClaims; expiresAt: number }>();
  const remember = (token: string, claims: AccessClaims, expiresAt: number) => {
    if (verified.size >= VERIFIED_TOKEN_CACHE_SIZE) {
      const oldest = verified.keys().next().value;
      if (oldest !== undefined) verified.delete(oldest);
    }
    verified.set(token, { claims, expiresAt });
  };
  return {
    async sign(claims: AccessClaims, ttlSeconds = ACCESS_TOKEN_TTL_SECONDS): Promise<string> {
      return new SignJWT({
        org: claims.organizationId,
        sid: claims.sessionId,
        ...(claims.originalOrganizationId ? { oorg: claims.originalOrganizationId } : {}),
      })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(claims.userId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
        .sign(await keyPromise);
    },
    /** Resolves to the claims, or null for a forged, malformed or expired token. */
    async verify(token: string): Promise<AccessClaims | null> {
      const nowSeconds = Date.now() / 1000;
      const known = verified.get(token);
      if (known) {
        if (known.expiresAt > nowSeconds) return known.claims;
        verified.delete(token);
      }
      try {
        const { payload } = await jwtVerify(token, await keyPromise, {
          issuer: ISSUER,
          audience: AUDIENCE,
          algorithms: ['HS256'],
        });
        if (typeof payload.sub !== 'string' || typeof payload.org !== 'string' || typeof payload.sid !== 'string') {
          return null;
        }
        const claims: AccessClaims = {
          userId: payload.sub,
          organizationId: payload.org,
          sessionId: payload.sid,
          originalOrganizationId: typeof payload.oorg === 'string' ? payload.oorg : null,
        };
        remember(token, claims, payload.exp ?? nowSeconds);
        return claims;
      } catch (error) {
        if (error instanceof joseErrors.JOSEError || error instanceof TypeError) return null;
        throw error;
      }
    },
  };
}
export type AccessTokens = ReturnType<typeof createAccessTokens>;

/** Opaque secrets handed to clients; only their SHA-256 is stored. */
export function newOpaqueToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashOpaqueToken(token) };
}
export const hashOpaqueToken = (token: string) => createHash('sha256').update(token).digest('hex');
