import { z } from 'zod';
import { sessionSchema } from './auth.js';

/** Identity providers Keel signs in with through OpenID Connect. */
export const SSO_PROVIDERS = ['google', 'microsoft'] as const;
export const ssoProviderSchema = z.enum(SSO_PROVIDERS);
export type SsoProvider = z.infer<typeof ssoProviderSchema>;

export const ssoProviderParamsSchema = z.strictObject({ provider: ssoProviderSchema });

/** Spec section 7: the browser is sent to this address. */
export const ssoAuthUrlSchema = z.object({ authUrl: z.string() });
export type SsoAuthUrl = z.infer<typeof ssoAuthUrlSchema>;

export const ssoCallbackRequestSchema = z.strictObject({
  code: z.string({ error: 'The sign-in code is missing' }).min(1).max(2048),
  state: z.string({ error: 'The sign-in state is missing' }).min(1).max(512),
});
export type SsoCallbackRequest = z.infer<typeof ssoCallbackRequestSchema>;

/**
 * Spec section 7 names the answer `token, user`; the password sign-in's `accessToken`/`refreshToken`
 * come along so the web keeps one session shape. `linked` tells a link callback from a sign-in.
 */
export const ssoSessionSchema = sessionSchema.extend({ token: z.string(), linked: z.boolean() });
export type SsoSession = z.infer<typeof ssoSessionSchema>;

/** Which providers this server is configured for (the sign-in buttons say so plainly). */
export const ssoProvidersStatusSchema = z.object({ google: z.boolean(), microsoft: z.boolean() });
export type SsoProvidersStatus = z.infer<typeof ssoProvidersStatusSchema>;

/** Error codes of the callback, which the web maps to the login banners of spec section 8. */
export const SSO_ERROR_CODES = {
  notConfigured: 'sso.provider_not_configured',
  stateInvalid: 'sso.state_invalid',
  stateUsed: 'sso.state_used',
  stateExpired: 'sso.state_expired',
  failed: 'sso.authentication_failed',
  userNotFound: 'sso.user_not_found',
  userInactive: 'sso.user_inactive',
  identityTaken: 'sso.identity_linked_elsewhere',
} as const;
