import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import { storageOAuthProviderSchema, uuidSchema, type StorageOAuthProvider } from '@keel/contract';
import { z } from 'zod';

const ISSUER = 'keel';
/** Not the API's audience: a state is never an access token, nor the other way round. */
const AUDIENCE = 'keel-storage-oauth';
/** Long enough to read a consent screen, short enough that a leaked address soon opens nothing. */
export const STORAGE_OAUTH_STATE_TTL_SECONDS = 10 * 60;

export interface StorageOAuthState {
  organizationId: string;
  userId: string;
  provider: StorageOAuthProvider;
}

const claimsSchema = z.object({ sub: uuidSchema, org: uuidSchema, provider: storageOAuthProviderSchema });

/**
 * The `state` of a storage consent: signed, so the callback (which has no session: the provider's redirect
 * carries no Bearer token) knows which administrator of which organization asked, and that nobody forged it.
 */
export function createStorageOAuthStates(serverSecret: string) {
  const key = new TextEncoder().encode(`storage-oauth-state:${serverSecret}`);
  return {
    sign(state: StorageOAuthState, ttlSeconds = STORAGE_OAUTH_STATE_TTL_SECONDS): Promise<string> {
      return new SignJWT({ org: state.organizationId, provider: state.provider })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(state.userId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
        .sign(key);
    },
    /** The state's claims, or null for a forged, malformed or expired one. */
    async verify(token: string): Promise<StorageOAuthState | null> {
      try {
        const { payload } = await jwtVerify(token, key, { issuer: ISSUER, audience: AUDIENCE, algorithms: ['HS256'] });
        const claims = claimsSchema.safeParse(payload);
        if (!claims.success) return null;
        return { organizationId: claims.data.org, userId: claims.data.sub, provider: claims.data.provider };
      } catch (error) {
        if (error instanceof joseErrors.JOSEError || error instanceof TypeError) return null;
        throw error;
      }
    },
  };
}
export type StorageOAuthStates = ReturnType<typeof createStorageOAuthStates>;
