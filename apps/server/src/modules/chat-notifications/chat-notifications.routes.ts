import {
  chatConnectionListSchema,
  chatConnectionSchema,
  createChatConnectionRequestSchema,
  envelope,
  organizationParamsSchema,
  successSchema,
  updateChatConnectionRequestSchema,
  uuidSchema,
} from '@keel/contract';
import { clientMeta } from '../../http/authenticate.js';
import type { TypedApp } from '../../http/types.js';
import type { ChatNotificationsService } from './chat-notifications.service.js';

const tags = ['chat-notifications'];
const base = '/organizations/:organizationId/chat-connections';
const WHO = 'Admins and owners only, signed in; another organization’s id reads as not found.';
const connectionParams = organizationParamsSchema.extend({ connectionId: uuidSchema });

export function chatNotificationsRoutes(service: ChatNotificationsService) {
  return async function register(app: TypedApp) {
    app.get(
      base,
      {
        schema: {
          tags,
          summary: "The teams' Slack and Microsoft Teams channels",
          description: `Each webhook address only masked (its host and last characters). ${WHO}`,
          params: organizationParamsSchema,
          response: { 200: chatConnectionListSchema },
        },
      },
      async (request) => ({ data: await service.list(request.scope) }),
    );

    app.post(
      base,
      {
        schema: {
          tags,
          summary: "Post a team's chosen events to a Slack or Microsoft Teams channel",
          description: `The channel's incoming-webhook address (Slack incoming webhook, or a Teams Workflows "post to a channel when a webhook request is received" address), kept sealed. One connection per team and provider (409 for a second). An address on a private network or this machine is refused unless the server allows it. ${WHO}`,
          params: organizationParamsSchema,
          body: createChatConnectionRequestSchema,
          response: { 201: envelope(chatConnectionSchema) },
        },
      },
      async (request, reply) =>
        reply.code(201).send({ data: await service.create(request.scope, request.body, clientMeta(request)) }),
    );

    app.patch(
      `${base}/:connectionId`,
      {
        schema: {
          tags,
          summary: 'Change a chat connection, or turn it off or on',
          description: `409 when someone changed it since \`version\`. A new address or turning it on clears the reason Keel turned it off. ${WHO}`,
          params: connectionParams,
          body: updateChatConnectionRequestSchema,
          response: { 200: envelope(chatConnectionSchema) },
        },
      },
      async (request) => ({
        data: await service.update(request.scope, request.params.connectionId, request.body, clientMeta(request)),
      }),
    );

    app.delete(
      `${base}/:connectionId`,
      {
        schema: {
          tags,
          summary: 'Remove a chat connection',
          description: WHO,
          params: connectionParams,
          response: { 200: envelope(successSchema) },
        },
      },
      async (request) => {
        await service.remove(request.scope, request.params.connectionId, clientMeta(request));
        return { data: { success: true as const } };
      },
    );

    app.post(
      `${base}/:connectionId/test`,
      {
        schema: {
          tags,
          summary: 'Post a test message to the channel',
          description: `Queued and posted from the background jobs; a failure shows under failed operations. ${WHO}`,
          params: connectionParams,
          response: { 202: envelope(successSchema) },
        },
      },
      async (request, reply) => {
        await service.sendTest(request.scope, request.params.connectionId);
        return reply.code(202).send({ data: { success: true as const } });
      },
    );
  };
}
