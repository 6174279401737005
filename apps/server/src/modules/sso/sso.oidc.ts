import { randomBytes } from 'node:crypto';
import type * as OpenId from 'openid-client';
import type { SsoProvider } from '@keel/contract';
import type { OidcProviderConfig } from '../../config.js';

export interface AuthorizationRequest {
  state: string;
  nonce: string;
  codeVerifier: string;
}

export interface VerifiedIdentity {
  subject: string;
  email: string | null;
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * One OpenID Connect client per configured provider. Discovery is fetched on first use and kept; a
 * failed discovery is forgotten so the next request tries again.
 */
export function createOidcClients(settings: Partial<Record<SsoProvider, OidcProviderConfig | undefined>>) {
  const discovered = new Map<SsoProvider, Promise<OpenId.Configuration>>();

  // Loaded on first use: most servers never sign anyone in through a provider.
  const openId = () => import('openid-client');

  function configuration(provider: SsoProvider, options: OidcProviderConfig): Promise<OpenId.Configuration> {
    let pending = discovered.get(provider);
    if (!pending) {
      const issuer = new URL(options.issuerUrl);
      // Plain HTTP only for a provider on this machine (the test provider); real ones are HTTPS.
      const insecure = issuer.protocol === 'http:' && LOOPBACK.has(issuer.hostname);
      pending = openId().then((client) =>
        client.discovery(
          issuer,
          options.clientId,
          undefined,
          client.ClientSecretPost(options.clientSecret),
          insecure ? { execute: [client.allowInsecureRequests] } : undefined,
        ),
      );
      pending.catch(() => discovered.delete(provider));
      discovered.set(provider, pending);
    }
    return pending;
  }

  return {
    settingsOf(provider: SsoProvider): OidcProviderConfig | undefined {
      return settings[provider];
    },

    async authorizationUrl(provider: SsoProvider, options: OidcProviderConfig, request: AuthorizationRequest) {
      const config = await configuration(provider, options);
      const client = await openId();
      const parameters: Record<string, string> = {
        redirect_uri: options.redirectUri,
        response_type: 'code',
        scope: 'openid email profile',
        state: request.state,
        nonce: request.nonce,
        code_challenge: await client.calculatePKCECodeChallenge(request.codeVerifier),
        code_challenge_method: 'S256',
      };
      // Lets a person with several accounts at the provider choose which one to use.
      parameters.prompt = 'select_account';
      return client.buildAuthorizationUrl(config, parameters).href;
    },

    /** Exchanges the code; openid-client checks the ID token's signature, issuer, audience, expiry and nonce. */
    async verify(
      provider: SsoProvider,
      options: OidcProviderConfig,
      input: { code: string; state: string } & AuthorizationRequest,
    ): Promise<VerifiedIdentity> {
      const config = await configuration(provider, options);
      const client = await openId();
      const returned = new URL(options.redirectUri);
      returned.searchParams.set('code', input.code);
      returned.searchParams.set('state', input.state);
      const tokens = await client.authorizationCodeGrant(config, returned, {
        pkceCodeVerifier: input.codeVerifier,
        expectedState: input.state,
        expectedNonce: input.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims || typeof claims.sub !== 'string' || claims.sub === '') {
        throw new Error('the ID token names no subject');
      }
      return { subject: claims.sub, email: typeof claims.email === 'string' ? claims.email : null };
    },
  };
}

export type OidcClients = ReturnType<typeof createOidcClients>;

/** 32 random bytes each, base64url: what openid-client's randomState/randomNonce/randomPKCECodeVerifier make. */
const randomValue = () => randomBytes(32).toString('base64url');
export const newAuthorizationRequest = (): AuthorizationRequest => ({
  state: randomValue(),
  nonce: randomValue(),
  codeVerifier: randomValue(),
});
