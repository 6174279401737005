import {
  envelope,
  feedbackPageSchema,
  feedbackSubmittedSchema,
  pageQuerySchema,
  submitFeedbackRequestSchema,
} from '@keel/contract';
import { clientMeta, requireAuth } from '../../http/authenticate.js';
import type { TypedApp } from '../../http/types.js';
import type { FeedbackService } from './feedback.service.js';

const tags = ['feedback'];

export function feedbackRoutes(service: FeedbackService) {
  return async function register(app: TypedApp) {
    app.post(
      '/feedback/submit',
      { schema: { tags, body: submitFeedbackRequestSchema, response: { 201: envelope(feedbackSubmittedSchema) } } },
      async (request, reply) =>
        reply.code(201).send({ data: await service.submit(requireAuth(request), request.body, clientMeta(request)) }),
    );

    app.get(
      '/feedback',
      { schema: { tags, querystring: pageQuerySchema, response: { 200: feedbackPageSchema } } },
      async (request) => service.list(requireAuth(request), request.query),
    );
  };
}
