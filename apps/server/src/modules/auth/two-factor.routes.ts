import {
  envelope,
  sessionSchema,
  successSchema,
  twoFactorConfirmRequestSchema,
  twoFactorDisableRequestSchema,
  twoFactorEnrolmentSchema,
  twoFactorLoginRequestSchema,
  twoFactorRecoveryCodesSchema,
  twoFactorStatusSchema,
} from '@keel/contract';
import { clientMeta, requireAuth } from '../../http/authenticate.js';
import type { TypedApp } from '../../http/types.js';
import type { AuthService } from './auth.service.js';
import type { TwoFactorService } from './two-factor.service.js';

const tags = ['auth'];

/** Two-factor authentication: the sign-in code step and the settings that turn it on and off. */
export function twoFactorRoutes(
  auth: AuthService,
  twoFactor: TwoFactorService,
  options: { rateLimitPerMinute: number },
) {
  return async function register(app: TypedApp) {
    app.post(
      '/auth/login/two-factor',
      {
        config: { public: true, rateLimit: { max: options.rateLimitPerMinute, timeWindow: '1 minute' } },
        schema: {
          tags,
          summary: 'Second sign-in step: the challenge from POST /auth/login and a code (or a recovery code)',
          body: twoFactorLoginRequestSchema,
          response: { 200: envelope(sessionSchema) },
        },
      },
      async (request) => ({ data: await auth.loginWithCode(request.body, clientMeta(request)) }),
    );

    app.get(
      '/auth/two-factor',
      { schema: { tags, response: { 200: envelope(twoFactorStatusSchema) } } },
      async (request) => ({ data: await twoFactor.status(requireAuth(request)) }),
    );

    app.post(
      '/auth/two-factor/enrol',
      {
        schema: {
          tags,
          summary: 'Starts the set-up: a new secret, its otpauth URI and QR code (shown this once)',
          response: { 200: envelope(twoFactorEnrolmentSchema) },
        },
      },
      async (request) => ({ data: await twoFactor.enrol(requireAuth(request)) }),
    );

    app.post(
      '/auth/two-factor/confirm',
      {
        schema: {
          tags,
          summary: 'Turns two-factor on with a first code; answers the recovery codes, shown this once',
          body: twoFactorConfirmRequestSchema,
          response: { 200: envelope(twoFactorRecoveryCodesSchema) },
        },
      },
      async (request) => ({
        data: await twoFactor.confirm(requireAuth(request), request.body.code, clientMeta(request)),
      }),
    );

    app.post(
      '/auth/two-factor/disable',
      {
        schema: {
          tags,
          summary: 'Turns two-factor off; needs the password and a code',
          body: twoFactorDisableRequestSchema,
          response: { 200: envelope(successSchema) },
        },
      },
      async (request) => {
        await twoFactor.disable(requireAuth(request), request.body, clientMeta(request));
        return { data: { success: true as const } };
      },
    );
  };
}
