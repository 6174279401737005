import {
  envelope,
  preferencesSchema,
  putUiStateRequestSchema,
  successSchema,
  uiStateEntrySchema,
  uiStateKeyParamsSchema,
  updatePreferencesRequestSchema,
} from '@keel/contract';
import { clientMeta, requireAuth } from '../../http/authenticate.js';
import type { TypedApp } from '../../http/types.js';
import type { PreferencesService } from './preferences.service.js';

const tags = ['preferences'];

export function preferencesRoutes(service: PreferencesService) {
  return async function register(app: TypedApp) {
    app.get(
      '/user/preferences',
      { schema: { tags, response: { 200: envelope(preferencesSchema) } } },
      async (request) => ({
        data: await service.get(requireAuth(request)),
      }),
    );

    app.put(
      '/user/preferences',
      { schema: { tags, body: updatePreferencesRequestSchema, response: { 200: envelope(preferencesSchema) } } },
      async (request) => ({ data: await service.update(requireAuth(request), request.body, clientMeta(request)) }),
    );

    app.get(
      '/user/ui-state/:key',
      { schema: { tags, params: uiStateKeyParamsSchema, response: { 200: envelope(uiStateEntrySchema.nullable()) } } },
      async (request) => ({ data: await service.getUiState(requireAuth(request), request.params.key) }),
    );

    app.put(
      '/user/ui-state/:key',
      {
        schema: {
          tags,
          params: uiStateKeyParamsSchema,
          body: putUiStateRequestSchema,
          response: { 200: envelope(uiStateEntrySchema) },
        },
      },
      async (request) => ({ data: await service.putUiState(requireAuth(request), request.params.key, request.body) }),
    );

    app.delete(
      '/user/ui-state/:key',
      { schema: { tags, params: uiStateKeyParamsSchema, response: { 200: envelope(successSchema) } } },
      async (request) => ({ data: await service.deleteUiState(requireAuth(request), request.params.key) }),
    );
  };
}
