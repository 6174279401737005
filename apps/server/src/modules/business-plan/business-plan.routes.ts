import {
  businessPlanQuerySchema,
  businessPlanSchema,
  businessPlanVersionPageSchema,
  businessPlanVersionQuerySchema,
  businessPlanVersionSchema,
  businessPlanVersionsQuerySchema,
  envelope,
  organizationParamsSchema,
  restoreBusinessPlanRequestSchema,
  saveBusinessPlanRequestSchema,
  shareBusinessPlanRequestSchema,
} from '@keel/contract';
import { z } from 'zod';
import { clientMeta } from '../../http/authenticate.js';
import type { TypedApp } from '../../http/types.js';
import { PDF_CONTENT_TYPE } from '../../pdf/pdf-document.js';
import type { BusinessPlanService } from './business-plan.service.js';
import { sendFileDownload } from '../../http/file-download.js';

const base = '/organizations/:organizationId/business-plan';
const plan = envelope(businessPlanSchema);
const tags = ['business plan'];

const writeRoute = <B extends z.ZodType>(body: B, description: string) => ({
  schema: { tags, description, params: organizationParamsSchema, body, response: { 200: plan } },
});

export function businessPlanRoutes(service: BusinessPlanService) {
  return async function register(app: TypedApp) {
    app.get(
      base,
      {
        schema: {
          tags,
          description:
            "A team's business plan (default: the company plan, the leadership team's), or the one a share link " +
            'names. A plan never saved reads as empty at version 0. The company plan is read by every member, a ' +
            "team's plan by its members and the admins, a shared one by anyone of the organization.",
          params: organizationParamsSchema,
          querystring: businessPlanQuerySchema,
          response: { 200: plan },
        },
      },
      async (request) => ({ data: await service.get(request.scope, request.query) }),
    );

    app.put(
      base,
      writeRoute(
        saveBusinessPlanRequestSchema,
        'Saves the whole plan as its next version (the first save creates it). A save based on an older version ' +
          'answers 409 naming who saved since. Admins and the team’s members (the leadership team’s for the ' +
          'company plan), observers excepted.',
      ),
      async (request) => ({ data: await service.save(request.scope, request.body, clientMeta(request)) }),
    );

    app.post(
      `${base}/restore`,
      writeRoute(
        restoreBusinessPlanRequestSchema,
        'Saves an older version’s content as the plan’s next version: nothing is lost, the restore is a version too.',
      ),
      async (request) => ({ data: await service.restore(request.scope, request.body, clientMeta(request)) }),
    );

    app.put(
      `${base}/share`,
      writeRoute(
        shareBusinessPlanRequestSchema,
        'Turns the read-only link on (a new random token) or off. Anyone of the organization who is signed in ' +
          'reads the plan through `?share=<token>`.',
      ),
      async (request) => ({ data: await service.share(request.scope, request.body, clientMeta(request)) }),
    );

    app.get(
      `${base}/versions`,
      {
        schema: {
          tags,
          description: "A plan's saved versions, newest first, with who saved each.",
          params: organizationParamsSchema,
          querystring: businessPlanVersionsQuerySchema,
          response: { 200: businessPlanVersionPageSchema },
        },
      },
      async (request) => service.versions(request.scope, request.query),
    );

    app.get(
      `${base}/version`,
      {
        schema: {
          tags,
          description: 'One saved version of a plan, with its content (to view, compare or restore it).',
          params: organizationParamsSchema,
          querystring: businessPlanVersionQuerySchema,
          response: { 200: envelope(businessPlanVersionSchema) },
        },
      },
      async (request) => ({
        data: await service.version(request.scope, request.query.teamId, request.query.version),
      }),
    );

    app.get(
      `${base}/pdf`,
      {
        schema: {
          tags,
          summary: 'The business plan as a PDF of at most two pages',
          description:
            'The visible sections in their order with their titles, the annual goals of the plan’s year, this ' +
            'quarter’s priorities and the open long-term issues as they are now. An empty plan says so.',
          produces: [PDF_CONTENT_TYPE],
          params: organizationParamsSchema,
          querystring: businessPlanQuerySchema,
          response: { 200: z.unknown().describe(`${PDF_CONTENT_TYPE}: the document, as a download`) },
        },
      },
      async (request, reply) => {
        const file = await service.pdf(request.scope, request.query);
        return sendFileDownload(reply, file, PDF_CONTENT_TYPE);
      },
    );
  };
}
