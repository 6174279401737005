import {
  createOrgChartSeatRequestSchema,
  envelope,
  moveOrgChartSeatRequestSchema,
  orgChartDraftSchema,
  orgChartHolderHistorySchema,
  orgChartPersonParamsSchema,
  orgChartPublicationSchema,
  orgChartSchema,
  orgChartSeatParamsSchema,
  orgChartSeatSchema,
  organizationParamsSchema,
  successSchema,
  updateOrgChartSeatRequestSchema,
} from '@keel/contract';
import { z } from 'zod';
import { clientMeta } from '../../http/authenticate.js';
import { createRoute, objectRoute } from '../../http/route-options.js';
import type { TypedApp } from '../../http/types.js';
import { PDF_CONTENT_TYPE } from '../../pdf/pdf-document.js';
import type { OrgChartService } from './org-chart.service.js';
import { sendFileDownload } from '../../http/file-download.js';

const base = '/organizations/:organizationId/org-chart';
const oneSeat = envelope(orgChartSeatSchema);
const success = envelope(successSchema);
const history = envelope(orgChartHolderHistorySchema);
const EDITORS = 'Administrators, owners and members of the leadership team; others get 403 (org_chart.cannot_edit).';

export function orgChartRoutes(service: OrgChartService) {
  return async function register(app: TypedApp) {
    const tags = ['organizational chart'];
    const action = (description: string) => ({
      schema: { tags, description, params: organizationParamsSchema, response: { 200: success } },
    });

    app.get(
      base,
      {
        schema: {
          tags,
          description: 'The newest publication of the chart (what everyone sees) and whether the caller may edit it.',
          params: organizationParamsSchema,
          response: { 200: envelope(orgChartSchema) },
        },
      },
      async (request) => ({ data: await service.chart(request.scope) }),
    );

    app.get(
      `${base}/draft`,
      {
        schema: {
          tags,
          description: `The draft leaders edit, every seat with its holders, and whether it differs from the publication. ${EDITORS}`,
          params: organizationParamsSchema,
          response: { 200: envelope(orgChartDraftSchema) },
        },
      },
      async (request) => ({ data: await service.draft(request.scope) }),
    );

    app.post(
      `${base}/seats`,
      createRoute(
        tags,
        createOrgChartSeatRequestSchema,
        oneSeat,
        `Adds a seat to the draft, last under its parent. ${EDITORS}`,
      ),
      async (request, reply) =>
        reply.code(201).send({ data: await service.createSeat(request.scope, request.body, clientMeta(request)) }),
    );

    app.patch(
      `${base}/seats/:id`,
      objectRoute(tags, orgChartSeatParamsSchema, updateOrgChartSeatRequestSchema, oneSeat),
      async (request) => ({
        data: await service.updateSeat(request.scope, request.params.id, request.body, clientMeta(request)),
      }),
    );

    app.post(
      `${base}/seats/:id/move`,
      objectRoute(tags, orgChartSeatParamsSchema, moveOrgChartSeatRequestSchema, oneSeat),
      async (request) => ({
        data: await service.moveSeat(request.scope, request.params.id, request.body, clientMeta(request)),
      }),
    );

    app.delete(
      `${base}/seats/:id`,
      {
        schema: {
          tags,
          description: `Deletes a seat of the draft; the seats reporting to it move up to its parent. ${EDITORS}`,
          params: orgChartSeatParamsSchema,
          response: { 200: success },
        },
      },
      async (request) => ({ data: await service.deleteSeat(request.scope, request.params.id, clientMeta(request)) }),
    );

    app.get(
      `${base}/seats/:id/history`,
      {
        schema: {
          tags,
          description: 'Who held the seat and when, as publications recorded it, newest first.',
          params: orgChartSeatParamsSchema,
          response: { 200: history },
        },
      },
      async (request) => ({ data: await service.seatHistory(request.scope, request.params.id) }),
    );

    app.get(
      `${base}/people/:userId/history`,
      {
        schema: {
          tags,
          description: 'The seats a person held and when, as publications recorded it, newest first.',
          params: orgChartPersonParamsSchema,
          response: { 200: history },
        },
      },
      async (request) => ({ data: await service.personHistory(request.scope, request.params.userId) }),
    );

    app.post(
      `${base}/publish`,
      {
        schema: {
          tags,
          description: `Publishes the draft: everyone sees it from now on, and holder history records who came and went. ${EDITORS}`,
          params: organizationParamsSchema,
          response: { 200: envelope(orgChartPublicationSchema) },
        },
      },
      async (request) => ({ data: await service.publish(request.scope, clientMeta(request)) }),
    );

    app.post(
      `${base}/discard`,
      action(`Puts the draft back to the newest publication. ${EDITORS}`),
      async (request) => ({
        data: await service.discardDraft(request.scope, clientMeta(request)),
      }),
    );

    app.post(
      `${base}/suggested-seats`,
      action(`Starts an empty chart with the seats the organization's methodology suggests. ${EDITORS}`),
      async (request) => ({ data: await service.suggestSeats(request.scope, clientMeta(request)) }),
    );

    app.get(
      `${base}/export.pdf`,
      {
        schema: {
          tags,
          summary: 'The published chart as a PDF',
          description:
            'Every published seat under the seat it reports to, with holders, team and roles. Before a first ' +
            'publication, or with no seat, answers 409 (org_chart.nothing_published, org_chart.empty).',
          produces: [PDF_CONTENT_TYPE],
          params: organizationParamsSchema,
          response: { 200: z.unknown().describe(`${PDF_CONTENT_TYPE}: the document, as a download`) },
        },
      },
      async (request, reply) => {
        const file = await service.chartPdf(request.scope);
        return sendFileDownload(reply, file, PDF_CONTENT_TYPE);
      },
    );
  };
}
