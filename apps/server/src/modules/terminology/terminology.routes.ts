import {
  applyPresetRequestSchema,
  idParamsSchema,
  presetListSchema,
  resetTerminologyRequestSchema,
  terminologySchema,
  updateTerminologyRequestSchema,
} from '@keel/contract';
import { clientMeta, requireAuth } from '../../http/authenticate.js';
import type { TypedApp } from '../../http/types.js';
import type { TerminologyService } from './terminology.service.js';

const tags = ['terminology'];

/** The spec's one exception to the `{ data }` envelope: terminology answers are the labels themselves. */
export function terminologyRoutes(service: TerminologyService) {
  return async function register(app: TypedApp) {
    app.get('/terminology/presets', { schema: { tags, response: { 200: presetListSchema } } }, async () =>
      service.presets(),
    );

    app.get(
      '/terminology/organizations/:id',
      { schema: { tags, params: idParamsSchema, response: { 200: terminologySchema } } },
      async (request) => service.get(requireAuth(request), request.params.id),
    );

    app.put(
      '/terminology/organizations/:id',
      {
        schema: {
          tags,
          params: idParamsSchema,
          body: updateTerminologyRequestSchema,
          response: { 200: terminologySchema },
        },
      },
      async (request) => service.update(requireAuth(request), request.params.id, request.body, clientMeta(request)),
    );

    app.post(
      '/terminology/organizations/:id/apply-preset',
      {
        schema: { tags, params: idParamsSchema, body: applyPresetRequestSchema, response: { 200: terminologySchema } },
      },
      async (request) =>
        service.applyPreset(requireAuth(request), request.params.id, request.body.preset, clientMeta(request)),
    );

    app.post(
      '/terminology/organizations/:id/reset',
      {
        schema: {
          tags,
          params: idParamsSchema,
          body: resetTerminologyRequestSchema.nullish(),
          response: { 200: terminologySchema },
        },
      },
      async (request) => service.reset(requireAuth(request), request.params.id, clientMeta(request)),
    );
  };
}
