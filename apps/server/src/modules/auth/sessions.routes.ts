import {
  accountSessionsSchema,
  changeEmailRequestSchema,
  changePasswordRequestSchema,
  envelope,
  sessionParamsSchema,
  signedOutSessionsSchema,
  successSchema,
} from '@keel/contract';
import { clientMeta, requireAuth } from '../../http/authenticate.js';
import type { TypedApp } from '../../http/types.js';
import type { SessionsService } from './sessions.service.js';

const tags = ['auth'];

/** The caller's own sign-ins and the account changes that need the current password. */
export function sessionsRoutes(service: SessionsService) {
  return async function register(app: TypedApp) {
    app.get(
      '/auth/sessions',
      {
        schema: {
          tags,
          summary: 'Where the caller is signed in (at most 100, newest first); `current` marks this device',
          response: { 200: envelope(accountSessionsSchema) },
        },
      },
      async (request) => ({ data: await service.list(requireAuth(request)) }),
    );

    app.delete(
      '/auth/sessions/:sessionId',
      {
        schema: { tags, params: sessionParamsSchema, response: { 200: envelope(successSchema) } },
      },
      async (request) => {
        await service.signOut(requireAuth(request), request.params.sessionId, clientMeta(request));
        return { data: { success: true as const } };
      },
    );

    app.post(
      '/auth/sessions/sign-out-others',
      {
        schema: {
          tags,
          summary: 'Signs out everywhere else; this session stays',
          response: { 200: envelope(signedOutSessionsSchema) },
        },
      },
      async (request) => ({ data: await service.signOutOthers(requireAuth(request), clientMeta(request)) }),
    );

    app.put(
      '/auth/password',
      {
        schema: {
          tags,
          summary: 'Changes the password (current one required); every other session is signed out',
          body: changePasswordRequestSchema,
          response: { 200: envelope(successSchema) },
        },
      },
      async (request) => {
        await service.changePassword(requireAuth(request), request.body, clientMeta(request));
        return { data: { success: true as const } };
      },
    );

    app.put(
      '/auth/email',
      {
        schema: {
          tags,
          summary: 'Changes the sign-in email (current password required); the old address gets a notice',
          body: changeEmailRequestSchema,
          response: { 200: envelope(successSchema) },
        },
      },
      async (request) => {
        await service.changeEmail(requireAuth(request), request.body, clientMeta(request));
        return { data: { success: true as const } };
      },
    );
  };
}
