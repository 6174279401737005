import {
  acceptAgreementsRequestSchema,
  agreementsStatusSchema,
  envelope,
  forgotPasswordRequestSchema,
  loginRequestSchema,
  loginResponseSchema,
  logoutRequestSchema,
  refreshRequestSchema,
  registerRequestSchema,
  resetPasswordRequestSchema,
  sessionSchema,
  successSchema,
  tokenPairSchema,
  updateProfileRequestSchema,
  userSchema,
} from '@keel/contract';
import { clientMeta, requireAuth } from '../../http/authenticate.js';
import type { TypedApp } from '../../http/types.js';
import type { AuthService } from './auth.service.js';

const tags = ['auth'];

export function authRoutes(service: AuthService, options: { rateLimitPerMinute: number }) {
  // Per-address ceiling on the unauthenticated endpoints; per-account failures are throttled in the service.
  const limited = { public: true, rateLimit: { max: options.rateLimitPerMinute, timeWindow: '1 minute' } } as const;

  return async function register(app: TypedApp) {
    app.post(
      '/auth/register',
      { config: limited, schema: { tags, body: registerRequestSchema, response: { 201: envelope(sessionSchema) } } },
      async (request, reply) =>
        reply.code(201).send({ data: await service.register(request.body, clientMeta(request)) }),
    );

    app.post(
      '/auth/login',
      {
        config: limited,
        schema: {
          tags,
          description:
            'With two-factor authentication on, a correct password answers `{ twoFactorRequired, challengeToken }` instead of tokens; POST /auth/login/two-factor completes it.',
          body: loginRequestSchema,
          response: { 200: envelope(loginResponseSchema) },
        },
      },
      async (request) => ({ data: await service.login(request.body, clientMeta(request)) }),
    );

    app.post(
      '/auth/refresh',
      { config: limited, schema: { tags, body: refreshRequestSchema, response: { 200: envelope(tokenPairSchema) } } },
      async (request) => ({ data: await service.refresh(request.body.refreshToken, clientMeta(request)) }),
    );

    app.post(
      '/auth/logout',
      {
        config: { public: true },
        schema: { tags, body: logoutRequestSchema.optional(), response: { 200: envelope(successSchema) } },
      },
      async (request) => {
        await service.logout({ refreshToken: request.body?.refreshToken, claims: request.auth });
        return { data: { success: true as const } };
      },
    );

    app.get('/auth/profile', { schema: { tags, response: { 200: envelope(userSchema) } } }, async (request) => ({
      data: await service.profile(requireAuth(request)),
    }));

    app.put(
      '/auth/profile',
      { schema: { tags, body: updateProfileRequestSchema, response: { 200: envelope(userSchema) } } },
      async (request) => ({ data: await service.updateProfile(requireAuth(request), request.body) }),
    );

    app.get(
      '/auth/check-agreements',
      { schema: { tags, response: { 200: envelope(agreementsStatusSchema) } } },
      async (request) => ({
        data: await service.checkAgreements(requireAuth(request)),
      }),
    );

    app.post(
      '/auth/accept-agreements',
      { schema: { tags, body: acceptAgreementsRequestSchema, response: { 200: envelope(successSchema) } } },
      async (request) => ({
        data: await service.acceptAgreements(requireAuth(request), request.body, clientMeta(request)),
      }),
    );

    app.post(
      '/auth/forgot-password',
      {
        config: limited,
        schema: { tags, body: forgotPasswordRequestSchema, response: { 200: envelope(successSchema) } },
      },
      async (request) => {
        await service.forgotPassword(request.body.email);
        return { data: { success: true as const } };
      },
    );

    app.post(
      '/auth/reset-password',
      {
        config: limited,
        schema: { tags, body: resetPasswordRequestSchema, response: { 200: envelope(successSchema) } },
      },
      async (request) => {
        await service.resetPassword(request.body);
        return { data: { success: true as const } };
      },
    );
  };
}
