import {
  chooseMicrosoftDriveRequestSchema,
  disconnectStorageRequestSchema,
  envelope,
  microsoftDriveListSchema,
  organizationParamsSchema,
  saveS3SettingsRequestSchema,
  startStorageOAuthResponseSchema,
  storageOAuthCallbackQuerySchema,
  storageOAuthProviderSchema,
  storageSettingsSchema,
  storageTestResultSchema,
  switchStorageRequestSchema,
  testStorageRequestSchema,
} from '@keel/contract';
import { z } from 'zod';
import { clientMeta } from '../../http/authenticate.js';
import type { TypedApp } from '../../http/types.js';
import type { StorageOAuthService } from './storage.oauth.service.js';
import type { StorageSettingsService } from './storage.service.js';

const tags = ['storage'];
const base = '/organizations/:organizationId/storage-settings';
const WHO = 'Admins and owners only; another organization’s id reads as not found.';
const providerParamsSchema = organizationParamsSchema.extend({ provider: storageOAuthProviderSchema });
const settingsAnswer = { 200: envelope(storageSettingsSchema) };

export function storageRoutes(settings: StorageSettingsService, oauth: StorageOAuthService) {
  return async function register(app: TypedApp) {
    app.get(
      base,
      {
        schema: {
          tags,
          summary: 'Where the organization keeps its files',
          description: `The place new files go, each place's settings (never a secret), the files kept in each place, the latest move and which cloud drives this server is configured for. ${WHO}`,
          params: organizationParamsSchema,
          response: settingsAnswer,
        },
      },
      async (request) => ({ data: await settings.settings(request.scope) }),
    );

    app.put(
      `${base}/s3`,
      {
        schema: {
          tags,
          summary: 'Save the S3-compatible storage settings',
          description: `The secret access key is stored sealed; leave it out to keep the saved one. 409 when the bucket or endpoint would change while files are kept there. ${WHO}`,
          params: organizationParamsSchema,
          body: saveS3SettingsRequestSchema,
          response: settingsAnswer,
        },
      },
      async (request) => ({ data: await settings.saveS3(request.scope, request.body, clientMeta(request)) }),
    );

    app.post(
      `${base}/test`,
      {
        schema: {
          tags,
          summary: 'Test a place: write, read back and remove a small file',
          description: `A failure is an answer (ok: false, with what went wrong), not an error. ${WHO}`,
          params: organizationParamsSchema,
          body: testStorageRequestSchema,
          response: { 200: envelope(storageTestResultSchema) },
        },
      },
      async (request) => ({ data: await settings.test(request.scope, request.body.driver) }),
    );

    app.post(
      `${base}/switch`,
      {
        schema: {
          tags,
          summary: 'Send new files to another place, optionally moving the existing ones',
          description: `400 when that place is not set up; 409 on a stale version or while a move runs. With moveExisting, a background job moves the other files; its progress shows in the settings. ${WHO}`,
          params: organizationParamsSchema,
          body: switchStorageRequestSchema,
          response: settingsAnswer,
        },
      },
      async (request) => ({ data: await settings.switchDriver(request.scope, request.body, clientMeta(request)) }),
    );

    app.post(
      `${base}/oauth/:provider/start`,
      {
        schema: {
          tags,
          summary: 'Start connecting a cloud drive: the provider’s consent address',
          description: `400 when this server has no client id and secret for the provider. ${WHO}`,
          params: providerParamsSchema,
          response: { 200: envelope(startStorageOAuthResponseSchema) },
        },
      },
      async (request) => ({ data: await oauth.start(request.scope, request.params.provider) }),
    );

    app.get(
      `${base}/microsoft/drives`,
      {
        schema: {
          tags,
          summary: 'The OneDrives and SharePoint libraries the connected Microsoft account can use',
          description: `409 when Microsoft refuses the saved access; 503 when it cannot be reached. ${WHO}`,
          params: organizationParamsSchema,
          response: { 200: microsoftDriveListSchema },
        },
      },
      async (request) => settings.microsoftDrives(request.scope),
    );

    app.put(
      `${base}/microsoft/drive`,
      {
        schema: {
          tags,
          summary: 'Keep Microsoft files in one drive or library',
          description: `The drive must be one the connected account lists. 409 on a stale version or when files are kept in another drive. ${WHO}`,
          params: organizationParamsSchema,
          body: chooseMicrosoftDriveRequestSchema,
          response: settingsAnswer,
        },
      },
      async (request) => ({
        data: await settings.chooseMicrosoftDrive(request.scope, request.body, clientMeta(request)),
      }),
    );

    app.post(
      `${base}/disconnect/:provider`,
      {
        schema: {
          tags,
          summary: 'Disconnect a cloud drive',
          description: `409 on a stale version, while new files go there or while files are still kept there. ${WHO}`,
          params: providerParamsSchema,
          body: disconnectStorageRequestSchema,
          response: settingsAnswer,
        },
      },
      async (request) => ({
        data: await settings.disconnect(
          request.scope,
          request.params.provider,
          request.body.version,
          clientMeta(request),
        ),
      }),
    );

    app.get(
      '/storage/oauth/callback',
      {
        config: { public: true },
        schema: {
          tags,
          summary: 'Where the cloud drive’s consent screen sends the browser back',
          description:
            'Needs no session: the signed state (10 minutes) names the administrator and organization. Always redirects (302) to /organization-settings/storage, with ?connected=<provider> or ?error=<what went wrong>.',
          querystring: storageOAuthCallbackQuerySchema,
          response: { 302: z.null().describe('Redirect to the storage settings page') },
        },
      },
      async (request, reply) => reply.redirect(await oauth.callback(request.query, clientMeta(request)), 302),
    );
  };
}
