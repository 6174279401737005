import {
  alignmentQuerySchema,
  alignmentSchema,
  assistantSettingsSchema,
  assistantSettingsUpdateSchema,
  envelope,
  milestoneProposalSchema,
  milestoneRequestSchema,
  organizationParamsSchema,
  priorityDraftSchema,
  smartCheckSchema,
} from '@keel/contract';
import { clientMeta } from '../../http/authenticate.js';
import type { TypedApp } from '../../http/types.js';
import { EVENT_STREAM, answerAssistant } from './assistant-stream.js';
import type { PriorityAssistantService } from './priority-assistant.service.js';

const tags = ['priority-assistant'];
const base = '/organizations/:organizationId/priority-assistant';
const WHO =
  'Any member, observers included, signed in (API keys are not let in); another organization’s id reads as not found.';
const STREAMED =
  `With "Accept: ${EVENT_STREAM}" the answer is 200 as server-sent events: \`progress\` events while the model ` +
  'writes (its text so far), then one `result` event whose `data` is the same body as the JSON answer.';
const ENGINES =
  'The model answers only where the server has one and an administrator turned it on, within the per-minute and ' +
  'monthly limits; otherwise, or on any model failure, the offline engine answers and a notice says why.';

export function priorityAssistantRoutes(service: PriorityAssistantService) {
  return async function register(app: TypedApp) {
    app.post(
      `${base}/smart-check`,
      {
        // Compression would hold the events back until the end.
        compress: false,
        schema: {
          tags,
          summary: 'Check a draft priority against SMART, with a suggested rewrite',
          description: `Nothing is required: an empty draft is answered with what it lacks. The team's annual goals (the leadership team's without \`teamId\`) judge "relevant"; an unknown or archived team answers 404. ${ENGINES} ${STREAMED} ${WHO}`,
          params: organizationParamsSchema,
          body: priorityDraftSchema,
          produces: ['application/json', EVENT_STREAM],
          response: { 200: envelope(smartCheckSchema) },
        },
      },
      async (request, reply) =>
        answerAssistant(request, reply, (watch) => service.smartCheck(request.scope, request.body, watch)),
    );

    app.post(
      `${base}/milestones`,
      {
        compress: false,
        schema: {
          tags,
          summary: 'Propose 3 to 6 milestones for a priority, spread over its quarter',
          description: `Dates fall within the fiscal quarter (the current one unless \`year\` and \`quarter\` are given) and on or before \`dueDate\`. ${ENGINES} ${STREAMED} ${WHO}`,
          params: organizationParamsSchema,
          body: milestoneRequestSchema,
          produces: ['application/json', EVENT_STREAM],
          response: { 200: envelope(milestoneProposalSchema) },
        },
      },
      async (request, reply) =>
        answerAssistant(request, reply, (watch) => service.milestones(request.scope, request.body, watch)),
    );

    app.get(
      `${base}/alignment`,
      {
        schema: {
          tags,
          summary: "A team's priorities of a quarter beside its annual goals and the company priorities",
          description: `Which goal each priority serves, the company priorities it is closest to, a suggested goal for those linked to none, and the goals nothing serves. An unknown or archived team answers 404. ${ENGINES} ${WHO}`,
          params: organizationParamsSchema,
          querystring: alignmentQuerySchema,
          response: { 200: envelope(alignmentSchema) },
        },
      },
      async (request) => ({ data: await service.alignment(request.scope, request.query) }),
    );

    app.get(
      `${base}/settings`,
      {
        schema: {
          tags,
          summary: "Whether the assistant may use the server's model for this organization",
          description: `Whether the server has a model, whether an administrator turned it on, and this month's use. ${WHO}`,
          params: organizationParamsSchema,
          response: { 200: envelope(assistantSettingsSchema) },
        },
      },
      async (request) => ({ data: await service.settings(request.scope) }),
    );

    app.put(
      `${base}/settings`,
      {
        schema: {
          tags,
          summary: "Turn the model on or off for this organization's assistant",
          description:
            'Nothing is sent to a model until an administrator turns it on. 409 when someone saved since `version` (1 before the first save). Admins and owners only; another organization’s id reads as not found.',
          params: organizationParamsSchema,
          body: assistantSettingsUpdateSchema,
          response: { 200: envelope(assistantSettingsSchema) },
        },
      },
      async (request) => ({ data: await service.updateSettings(request.scope, request.body, clientMeta(request)) }),
    );
  };
}
