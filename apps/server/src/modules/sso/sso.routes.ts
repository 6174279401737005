import {
  envelope,
  ssoAuthUrlSchema,
  ssoCallbackRequestSchema,
  ssoProviderParamsSchema,
  ssoProvidersStatusSchema,
  ssoSessionSchema,
} from '@keel/contract';
import { clientMeta, requireAuth } from '../../http/authenticate.js';
import type { TypedApp } from '../../http/types.js';
import type { SsoService } from './sso.service.js';

const tags = ['auth'];

const NO_TWO_FACTOR =
  'Two-factor authentication is not asked on this path: the identity provider has authenticated the person.';

export function ssoRoutes(service: SsoService, options: { rateLimitPerMinute: number }) {
  const limited = { public: true, rateLimit: { max: options.rateLimitPerMinute, timeWindow: '1 minute' } } as const;

  return async function register(app: TypedApp) {
    app.get(
      '/auth/providers',
      {
        config: { public: true },
        schema: {
          tags,
          description: 'Which single sign-on providers this server is configured for.',
          response: { 200: envelope(ssoProvidersStatusSchema) },
        },
      },
      async () => ({ data: service.configured() }),
    );

    app.get(
      '/auth/:provider',
      {
        config: limited,
        schema: {
          tags,
          description:
            'Starts single sign-on: answers the provider address the browser goes to. 503 when the provider is not configured.',
          params: ssoProviderParamsSchema,
          response: { 200: envelope(ssoAuthUrlSchema) },
        },
      },
      async (request) => ({ data: await service.start(request.params.provider) }),
    );

    app.post(
      '/auth/:provider/callback',
      {
        config: limited,
        schema: {
          tags,
          description: `Finishes single sign-on (or a link started with /link) with the code and state the provider returned. The state is single-use and expires after 10 minutes; only an identity linked earlier signs in (no account is created). ${NO_TWO_FACTOR}`,
          params: ssoProviderParamsSchema,
          body: ssoCallbackRequestSchema,
          response: { 200: envelope(ssoSessionSchema) },
        },
      },
      async (request) => ({
        data: await service.complete(request.params.provider, request.body, request.auth, clientMeta(request)),
      }),
    );

    app.post(
      '/auth/:provider/link',
      {
        schema: {
          tags,
          description:
            'Starts linking a provider identity to the signed-in account: answers the provider address. The callback must come with the same session.',
          params: ssoProviderParamsSchema,
          response: { 200: envelope(ssoAuthUrlSchema) },
        },
      },
      async (request) => ({ data: await service.startLink(request.params.provider, requireAuth(request)) }),
    );
  };
}
