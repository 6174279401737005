import {
  acceptAgreementsRequestSchema,
  agreementsStatusSchema,
  envelope,
  forgotPasswordRequestSchema,
  loginRequestSchema,
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
import { serviceUnavailable } from '../../http/errors.js';
import type { TypedApp } from '../../http/types.js';
import type { AuthService } from './auth.service.js';

const tags = ['auth'];

const PROVIDER_NAMES = { google: 'Google', microsoft: 'Microsoft' } as const;

export function authRoutes(
  service: AuthService,
  options: { rateLimitPerMinute: number; configuredProviders: ReadonlySet<keyof typeof PROVIDER_NAMES> },
) {
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
      { config: limited, schema: { tags, body: loginRequestSchema, response: { 200: envelope(sessionSchema) } } },
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

    // Single sign-on arrives with the people-and-access work; until then the buttons get a plain answer.
    for (const provider of ['google', 'microsoft'] as const) {
      app.get(`/auth/${provider}`, { config: { public: true }, schema: { tags } }, async () => {
        const name = PROVIDER_NAMES[provider];
        throw serviceUnavailable(
          'auth.provider_unavailable',
          options.configuredProviders.has(provider)
            ? `Sign-in with ${name} is not available on this Keel server yet. Please sign in with your email and password.`
            : `Sign-in with ${name} is not configured on this Keel server. Please sign in with your email and password.`,
        );
      });
    }

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
