import {
  createdWebhookEndpointSchema,
  createWebhookEndpointRequestSchema,
  envelope,
  organizationParamsSchema,
  pageQuerySchema,
  successSchema,
  updateWebhookEndpointRequestSchema,
  uuidSchema,
  webhookDeliveryPageSchema,
  webhookDeliverySchema,
  webhookEndpointListSchema,
  webhookEndpointSchema,
} from '@keel/contract';
import { clientMeta } from '../../http/authenticate.js';
import type { TypedApp } from '../../http/types.js';
import type { WebhooksService } from './webhooks.service.js';

const tags = ['webhooks'];
const base = '/organizations/:organizationId/webhooks';
const WHO = 'Admins and owners only, signed in; another organization’s id reads as not found.';
const endpointParams = organizationParamsSchema.extend({ endpointId: uuidSchema });
const deliveryParams = endpointParams.extend({ deliveryId: uuidSchema });

export function webhooksRoutes(service: WebhooksService) {
  return async function register(app: TypedApp) {
    app.get(
      base,
      {
        schema: {
          tags,
          summary: "The organization's webhook endpoints",
          description: `Never a signing secret. ${WHO}`,
          params: organizationParamsSchema,
          response: { 200: webhookEndpointListSchema },
        },
      },
      async (request) => ({ data: await service.list(request.scope) }),
    );

    app.post(
      base,
      {
        schema: {
          tags,
          summary: 'Add a webhook endpoint',
          description: `Answers the signing secret (whsec_…) once. Deliveries follow the Standard Webhooks specification: headers webhook-id, webhook-timestamp and webhook-signature, a JSON body { type, timestamp, data }. An address on a private network or this machine is refused unless the server allows it. ${WHO}`,
          params: organizationParamsSchema,
          body: createWebhookEndpointRequestSchema,
          response: { 201: envelope(createdWebhookEndpointSchema) },
        },
      },
      async (request, reply) =>
        reply.code(201).send({ data: await service.create(request.scope, request.body, clientMeta(request)) }),
    );

    app.patch(
      `${base}/:endpointId`,
      {
        schema: {
          tags,
          summary: 'Change a webhook endpoint, or turn it off or on',
          description: `409 when someone changed it since \`version\`. Turning it on clears the reason Keel turned it off. ${WHO}`,
          params: endpointParams,
          body: updateWebhookEndpointRequestSchema,
          response: { 200: envelope(webhookEndpointSchema) },
        },
      },
      async (request) => ({
        data: await service.update(request.scope, request.params.endpointId, request.body, clientMeta(request)),
      }),
    );

    app.delete(
      `${base}/:endpointId`,
      {
        schema: {
          tags,
          summary: 'Remove a webhook endpoint and its delivery log',
          description: WHO,
          params: endpointParams,
          response: { 200: envelope(successSchema) },
        },
      },
      async (request) => {
        await service.remove(request.scope, request.params.endpointId, clientMeta(request));
        return { data: { success: true as const } };
      },
    );

    app.post(
      `${base}/:endpointId/test`,
      {
        schema: {
          tags,
          summary: 'Send a test event',
          description: `A webhook.test message to this endpoint alone, sent from the background jobs like any other. ${WHO}`,
          params: endpointParams,
          response: { 202: envelope(webhookDeliverySchema) },
        },
      },
      async (request, reply) =>
        reply.code(202).send({ data: await service.sendTest(request.scope, request.params.endpointId) }),
    );

    app.get(
      `${base}/:endpointId/deliveries`,
      {
        schema: {
          tags,
          summary: "An endpoint's delivery log",
          description: `Newest first: each message with what was sent, the answer's status and start, the time it took and the attempts. ${WHO}`,
          params: endpointParams,
          querystring: pageQuerySchema,
          response: { 200: webhookDeliveryPageSchema },
        },
      },
      async (request) => service.deliveries(request.scope, request.params.endpointId, request.query),
    );

    app.post(
      `${base}/:endpointId/deliveries/:deliveryId/resend`,
      {
        schema: {
          tags,
          summary: 'Send a delivery again',
          description: `The same message (same webhook-id, so a receiver can tell it already had it) with fresh attempts. ${WHO}`,
          params: deliveryParams,
          response: { 202: envelope(webhookDeliverySchema) },
        },
      },
      async (request, reply) =>
        reply.code(202).send({
          data: await service.resend(request.scope, request.params.endpointId, request.params.deliveryId),
        }),
    );
  };
}
