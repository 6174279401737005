import type { FeedbackPage, FeedbackSubmitted, SubmitFeedbackRequest } from '@keel/contract';
import type { Database } from '../../db/database.js';
import { recordAuditEvent } from '../audit/index.js';
import { asAdmin, asMember, type Caller, type RequestMeta } from '../organizations/index.js';
import { decodeCursor, pageFrom } from '../../http/pagination.js';
import { feedbackCursorShape } from './feedback.repository.js';
import * as repository from './feedback.repository.js';

export interface FeedbackServiceDeps {
  db: Database;
}

export function createFeedbackService(deps: FeedbackServiceDeps) {
  const { db } = deps;
  return {
    /** Any member may write, observers included: asking for help changes nothing in the organization. */
    submit: (caller: Caller, request: SubmitFeedbackRequest, meta: RequestMeta): Promise<FeedbackSubmitted> =>
      asMember(db, caller, async ({ organizationId, userId }) => {
        const { id } = await repository.insertFeedback(organizationId, {
          userId,
          type: request.type,
          subject: request.subject,
          message: request.message,
          pageUrl: request.pageUrl ?? null,
        });
        await recordAuditEvent(organizationId, {
          actorUserId: userId,
          action: 'feedback.submitted',
          targetType: 'feedback',
          targetId: id,
          summary: { type: request.type },
          ...meta,
        });
        return { id, success: true as const };
      }),

    list: (caller: Caller, query: { limit: number; cursor?: string | undefined }): Promise<FeedbackPage> => {
      const after = decodeCursor(query.cursor, feedbackCursorShape);
      return asAdmin(db, caller, async ({ organizationId }) => {
        const rows = await repository.listFeedbackPage(organizationId, { limit: query.limit, after });
        return pageFrom(
          rows,
          query.limit,
          (row) => ({
            id: row.id,
            type: row.type,
            subject: row.subject,
            message: row.message,
            pageUrl: row.pageUrl,
            submittedBy: { id: row.userId, name: `${row.firstName} ${row.lastName}`.trim(), email: row.email },
            createdAt: row.createdAt.toISOString(),
          }),
          (row) => [row.position, row.id],
        );
      });
    },
  };
}

export type FeedbackService = ReturnType<typeof createFeedbackService>;
