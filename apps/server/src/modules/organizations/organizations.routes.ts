import {
  LOGO_CACHE_MAX_AGE_SECONDS,
  envelope,
  logoParamsSchema,
  organizationSchema,
  updateOrganizationRequestSchema,
} from '@keel/contract';
import { clientMeta, requireAuth } from '../../http/authenticate.js';
import type { TypedApp } from '../../http/types.js';
import { readLogoFile } from './logo-upload.js';
import type { OrganizationsService } from './organizations.service.js';

const tags = ['organizations'];

export function organizationsRoutes(service: OrganizationsService) {
  return async function register(app: TypedApp) {
    app.get(
      '/organizations/current',
      { schema: { tags, response: { 200: envelope(organizationSchema) } } },
      async (request) => ({
        data: await service.current(requireAuth(request)),
      }),
    );

    app.put(
      '/organizations/current',
      { schema: { tags, body: updateOrganizationRequestSchema, response: { 200: envelope(organizationSchema) } } },
      async (request) => ({ data: await service.update(requireAuth(request), request.body, clientMeta(request)) }),
    );

    app.post(
      '/organizations/current/logo',
      {
        schema: {
          tags,
          description: 'multipart/form-data with the image in the field "logo": PNG, JPEG, WebP or GIF, at most 2 MB.',
          consumes: ['multipart/form-data'],
          response: { 200: envelope(organizationSchema) },
        },
      },
      async (request) => ({
        data: await service.uploadLogo(requireAuth(request), () => readLogoFile(request), clientMeta(request)),
      }),
    );

    app.delete(
      '/organizations/current/logo',
      { schema: { tags, response: { 200: envelope(organizationSchema) } } },
      async (request) => ({
        data: await service.deleteLogo(requireAuth(request), clientMeta(request)),
      }),
    );

    app.get(
      '/organizations/:orgId/logo',
      {
        config: { public: true },
        schema: { tags, description: 'The logo image; public, for <img> sources.', params: logoParamsSchema },
      },
      async (request, reply) => {
        const logo = await service.logo(request.params.orgId);
        reply
          .header('cache-control', `public, max-age=${LOGO_CACHE_MAX_AGE_SECONDS}`)
          .header('x-content-type-options', 'nosniff')
          .header('etag', logo.etag);
        if (request.headers['if-none-match'] === logo.etag) return reply.code(304).send();
        return reply.type(logo.mimeType).send(logo.content);
      },
    );
  };
}
