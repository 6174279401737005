import {
  closeQuarterRequestSchema,
  closedQuarterSchema,
  attachmentParamsSchema,
  createMilestoneRequestSchema,
  createPriorityRequestSchema,
  createPriorityUpdateRequestSchema,
  envelope,
  fiscalQuartersSchema,
  listPrioritiesQuerySchema,
  milestoneParamsSchema,
  organizationParamsSchema,
  priorityAttachmentListSchema,
  priorityAttachmentSchema,
  priorityCreatedSchema,
  priorityListSchema,
  priorityParamsSchema,
  prioritySchema,
  priorityStatusRequestSchema,
  priorityUpdatePageSchema,
  priorityUpdateSchema,
  priorityUpdatesQuerySchema,
  priorityVersionRequestSchema,
  reorderMilestonesRequestSchema,
  successSchema,
  updateMilestoneRequestSchema,
  updatePriorityRequestSchema,
} from '@keel/contract';
import { clientMeta } from '../../http/authenticate.js';
import { contentDisposition } from '../../http/file-download.js';
import { cachedListRoute, createChildRoute, createRoute, objectRoute } from '../../http/route-options.js';
import type { TypedApp } from '../../http/types.js';
import { openAttachment } from './attachment-upload.js';
import type { MilestonesService } from './milestones.service.js';
import { registerRaiseIssueRoute, type IssueRaiser } from '../issues/index.js';
import { priorityIssueDraft, type PrioritiesService } from './priorities.service.js';
import type { PriorityActivityService } from './priority-activity.service.js';

const tags = ['priorities'];
const base = '/organizations/:organizationId/priorities';
const one = `${base}/:id`;

export interface PriorityServices {
  priorities: PrioritiesService;
  milestones: MilestonesService;
  activity: PriorityActivityService;
  /** Turns a priority (the web offers it for off-track ones) into a linked issue. */
  raiser: IssueRaiser;
}

export function prioritiesRoutes({ priorities, milestones, activity, raiser }: PriorityServices) {
  return async function register(app: TypedApp) {
    app.get(
      '/organizations/:organizationId/fiscal-quarters',
      {
        schema: {
          tags: ['organizations'],
          description: 'The current fiscal quarter and the next three, with their first and last days.',
          params: organizationParamsSchema,
          response: { 200: fiscalQuartersSchema },
        },
      },
      async (request) => ({ data: await priorities.fiscalQuarters(request.scope) }),
    );

    app.get(
      base,
      cachedListRoute(
        tags,
        listPrioritiesQuerySchema,
        priorityListSchema,
        'A team’s priorities of one quarter (the current one unless year+quarter are given, or the coming quarters with planning=true), milestones included; at most 500.',
      ),
      async (request) => priorities.list(request.scope, request.query),
    );

    app.post(
      base,
      createRoute(tags, createPriorityRequestSchema, priorityCreatedSchema, 'Creates one priority per owner.'),
      async (request, reply) =>
        reply.code(201).send({ data: await priorities.create(request.scope, request.body, clientMeta(request)) }),
    );

    app.get(
      one,
      { schema: { tags, params: priorityParamsSchema, response: { 200: envelope(prioritySchema) } } },
      async (request) => ({ data: await priorities.get(request.scope, request.params.id) }),
    );

    app.patch(
      one,
      objectRoute(tags, priorityParamsSchema, updatePriorityRequestSchema, envelope(prioritySchema)),
      async (request) => ({
        data: await priorities.update(request.scope, request.params.id, request.body, clientMeta(request)),
      }),
    );

    registerRaiseIssueRoute(app, raiser, {
      path: `${one}/issue`,
      tags,
      description: 'Turns the priority into an open issue of its team, linked back to the priority; any status.',
      draftOf: priorityIssueDraft,
    });

    app.post(
      `${one}/status`,
      objectRoute(tags, priorityParamsSchema, priorityStatusRequestSchema, envelope(prioritySchema)),
      async (request) => ({
        data: await priorities.setStatus(
          request.scope,
          request.params.id,
          request.body.version,
          request.body.status,
          clientMeta(request),
        ),
      }),
    );

    app.post(
      `${base}/close-quarter`,
      {
        schema: {
          tags,
          description:
            'Closes a team’s quarter once it is over: priorities not complete are marked not complete, and all are archived.',
          params: organizationParamsSchema,
          body: closeQuarterRequestSchema,
          response: { 200: closedQuarterSchema },
        },
      },
      async (request) => ({
        data: await priorities.closeQuarter(request.scope, request.body, clientMeta(request)),
      }),
    );

    for (const action of ['archive', 'restore'] as const) {
      app.post(
        `${one}/${action}`,
        objectRoute(tags, priorityParamsSchema, priorityVersionRequestSchema, envelope(prioritySchema)),
        async (request) => ({
          data: await priorities[action](request.scope, request.params.id, request.body.version, clientMeta(request)),
        }),
      );
    }

    app.post(
      `${one}/milestones`,
      createChildRoute(
        tags,
        priorityParamsSchema,
        createMilestoneRequestSchema,
        envelope(prioritySchema),
        'Adds a milestone at the end; answers the whole priority.',
      ),
      async (request, reply) =>
        reply.code(201).send({
          data: await milestones.add(request.scope, request.params.id, request.body, clientMeta(request)),
        }),
    );

    app.put(
      `${one}/milestones/order`,
      {
        schema: {
          tags,
          description: 'Every milestone id of the priority, in the new order.',
          params: priorityParamsSchema,
          body: reorderMilestonesRequestSchema,
          response: { 200: envelope(prioritySchema) },
        },
      },
      async (request) => ({
        data: await milestones.reorder(request.scope, request.params.id, request.body, clientMeta(request)),
      }),
    );

    app.patch(
      `${one}/milestones/:milestoneId`,
      {
        schema: {
          tags,
          description: 'Edits a milestone or ticks it done/undone (`done`).',
          params: milestoneParamsSchema,
          body: updateMilestoneRequestSchema,
          response: { 200: envelope(prioritySchema) },
        },
      },
      async (request) => ({
        data: await milestones.update(
          request.scope,
          request.params.id,
          request.params.milestoneId,
          request.body,
          clientMeta(request),
        ),
      }),
    );

    app.delete(
      `${one}/milestones/:milestoneId`,
      { schema: { tags, params: milestoneParamsSchema, response: { 200: envelope(prioritySchema) } } },
      async (request) => ({
        data: await milestones.remove(
          request.scope,
          request.params.id,
          request.params.milestoneId,
          clientMeta(request),
        ),
      }),
    );

    app.get(
      `${one}/updates`,
      {
        schema: {
          tags,
          description: 'Weekly status updates, newest first.',
          params: priorityParamsSchema,
          querystring: priorityUpdatesQuerySchema,
          response: { 200: priorityUpdatePageSchema },
        },
      },
      async (request) => activity.updates(request.scope, request.params.id, request.query),
    );

    app.post(
      `${one}/updates`,
      createChildRoute(
        tags,
        priorityParamsSchema,
        createPriorityUpdateRequestSchema,
        envelope(priorityUpdateSchema),
        'Posts a weekly status update; the priority takes its status.',
      ),
      async (request, reply) =>
        reply.code(201).send({
          data: await activity.addUpdate(request.scope, request.params.id, request.body, clientMeta(request)),
        }),
    );

    app.get(
      `${one}/attachments`,
      { schema: { tags, params: priorityParamsSchema, response: { 200: priorityAttachmentListSchema } } },
      async (request) => ({ data: await activity.attachments(request.scope, request.params.id) }),
    );

    app.post(
      `${one}/attachments`,
      {
        schema: {
          tags,
          description:
            'multipart/form-data with the file in the field "file", at most 10 MB; its type is read from its bytes.',
          consumes: ['multipart/form-data'],
          params: priorityParamsSchema,
          response: { 201: envelope(priorityAttachmentSchema) },
        },
      },
      async (request, reply) => {
        const attachment = await activity.upload(
          request.scope,
          request.params.id,
          () => openAttachment(request),
          clientMeta(request),
        );
        return reply.code(201).send({ data: attachment });
      },
    );

    app.get(
      `${one}/attachments/:attachmentId`,
      { schema: { tags, description: 'Downloads the file.', params: attachmentParamsSchema } },
      async (request, reply) => {
        const file = await activity.download(request.scope, request.params.id, request.params.attachmentId);
        return reply
          .header('content-disposition', contentDisposition('attachment', file.fileName))
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'private, no-store')
          .header('content-length', String(file.bytes))
          .type(file.mimeType)
          .send(file.stream);
      },
    );

    app.delete(
      `${one}/attachments/:attachmentId`,
      { schema: { tags, params: attachmentParamsSchema, response: { 200: envelope(successSchema) } } },
      async (request) => ({
        data: await activity.removeAttachment(
          request.scope,
          request.params.id,
          request.params.attachmentId,
          clientMeta(request),
        ),
      }),
    );
  };
}
