import { randomUUID } from 'node:crypto';
import type {
  CreateIssueCommentRequest,
  IssueAttachment,
  IssueComment,
  IssueCommentPage,
  IssueTrailEntry,
  SentIssuesPage,
  UpdateIssueCommentRequest,
} from '@keel/contract';
import type { Database } from '../../db/database.js';
import { decodeCursor, pageFrom } from '../../http/pagination.js';
import { publishChange, type ChangeBus } from '../../realtime/change-bus.js';
import { recordAuditEvent } from '../audit/index.js';
import type { Caller, MemberScope, RequestMeta } from '../organizations/index.js';
import type { StoredFilesService } from '../storage/index.js';
import { asAttachmentError, ATTACHMENT_RULES, type OpeningFile } from './issue-attachment-upload.js';
import * as threads from './issue-threads.repository.js';
import { asReader, asWriter } from './issues.policy.js';
import * as errors from './issues.errors.js';
import { toAttachment, toComment, toTrailEntry } from './issues.mapping.js';
import * as repository from './issues.repository.js';

export const ISSUE_ATTACHMENTS_PER_ISSUE_MAX = 50;

export interface IssueThreadsServiceDeps {
  db: Database;
  changes: ChangeBus;
  storedFiles: StoredFilesService;
}

/** Comments, attachments and trails: everything hanging off one issue. */
export function createIssueThreadsService(deps: IssueThreadsServiceDeps) {
  const { db, changes: bus, storedFiles } = deps;

  const requireIssue = async (member: MemberScope, id: string) => {
    const row = await repository.findIssue(member.organizationId, member.userId, id);
    if (!row) throw errors.issueNotFound();
    return row;
  };

  /** Comment counts show on the list, so the team's pages refresh too. */
  const touched = (caller: Caller, issueId: string, teamId: string) =>
    publishChange(bus, caller, { teamId, entity: 'issue', ids: [issueId], action: 'updated' });

  const audit = (member: MemberScope, action: string, issueId: string, meta: RequestMeta, summary = {}) =>
    recordAuditEvent(member.organizationId, {
      actorUserId: member.userId,
      action,
      targetType: 'issue',
      targetId: issueId,
      summary,
      ...meta,
    });

  const requireOwnComment = async (member: MemberScope, issueId: string, commentId: string) => {
    const comment = await threads.findComment(member.organizationId, issueId, commentId);
    if (!comment) throw errors.commentNotFound();
    if (comment.authorId !== member.userId) throw errors.notYourComment();
    return comment;
  };

  return {
    comments: (caller: Caller, issueId: string, query: { limit: number; cursor?: string | undefined }) => {
      const after = decodeCursor(query.cursor, threads.commentCursorShape);
      return asReader(db, caller, async (member): Promise<IssueCommentPage> => {
        await requireIssue(member, issueId);
        const rows = await threads.listComments(member.organizationId, issueId, query.limit, after);
        return pageFrom(rows, query.limit, toComment, (row) => [row.position, row.id]);
      });
    },

    addComment: async (caller: Caller, issueId: string, request: CreateIssueCommentRequest, meta: RequestMeta) => {
      const { comment, teamId } = await asWriter(db, caller, async (member) => {
        const issue = await requireIssue(member, issueId);
        const { id } = await threads.insertComment(member.organizationId, {
          issueId,
          authorId: member.userId,
          body: request.body,
        });
        await audit(member, 'issue.comment_added', issueId, meta, { commentId: id });
        const row = await threads.findComment(member.organizationId, issueId, id);
        if (!row) throw errors.commentNotFound();
        return { comment: toComment(row), teamId: issue.teamId };
      });
      touched(caller, issueId, teamId);
      return comment;
    },

    editComment: async (
      caller: Caller,
      issueId: string,
      commentId: string,
      request: UpdateIssueCommentRequest,
      meta: RequestMeta,
    ): Promise<IssueComment> => {
      const { comment, teamId } = await asWriter(db, caller, async (member) => {
        const issue = await requireIssue(member, issueId);
        await requireOwnComment(member, issueId, commentId);
        if (!(await threads.updateCommentAtVersion(member.organizationId, commentId, request.version, request.body))) {
          throw errors.staleComment();
        }
        await audit(member, 'issue.comment_edited', issueId, meta, { commentId });
        const row = await threads.findComment(member.organizationId, issueId, commentId);
        if (!row) throw errors.commentNotFound();
        return { comment: toComment(row), teamId: issue.teamId };
      });
      touched(caller, issueId, teamId);
      return comment;
    },

    deleteComment: async (caller: Caller, issueId: string, commentId: string, meta: RequestMeta) => {
      const teamId = await asWriter(db, caller, async (member) => {
        const issue = await requireIssue(member, issueId);
        await requireOwnComment(member, issueId, commentId);
        await threads.deleteComment(member.organizationId, commentId);
        await audit(member, 'issue.comment_deleted', issueId, meta, { commentId });
        return issue.teamId;
      });
      touched(caller, issueId, teamId);
      return { success: true as const };
    },

    attachments: (caller: Caller, issueId: string): Promise<IssueAttachment[]> =>
      asReader(db, caller, async (member) => {
        await requireIssue(member, issueId);
        return (await threads.listAttachments(member.organizationId, issueId)).map(toAttachment);
      }),

    /**
     * The file is read only after the caller is known to be allowed to write, and streamed to the organization's
     * storage outside any transaction; the checks are made again when recording, and the file removed if that fails.
     */
    upload: async (caller: Caller, issueId: string, open: () => Promise<OpeningFile>, meta: RequestMeta) => {
      const requireRoom = async (member: MemberScope) => {
        const issue = await requireIssue(member, issueId);
        const existing = await threads.listAttachments(member.organizationId, issueId);
        if (existing.length >= ISSUE_ATTACHMENTS_PER_ISSUE_MAX) {
          throw errors.tooManyAttachments(ISSUE_ATTACHMENTS_PER_ISSUE_MAX);
        }
        return issue;
      };
      await asWriter(db, caller, requireRoom);
      const upload = await open();
      const file = await storedFiles
        .store(caller.organizationId, caller.userId, upload, ATTACHMENT_RULES)
        .catch((error: unknown) => {
          throw asAttachmentError(error);
        });
      try {
        const { attachment, teamId } = await asWriter(db, caller, async (member) => {
          const issue = await requireRoom(member);
          const id = randomUUID();
          await threads.insertAttachment(member.organizationId, {
            id,
            issueId,
            fileName: upload.fileName,
            mimeType: file.contentType,
            sizeBytes: file.bytes,
            storedFileId: file.id,
            uploadedById: member.userId,
          });
          await audit(member, 'issue.attachment_added', issueId, meta, {
            attachmentId: id,
            mimeType: file.contentType,
          });
          const row = await threads.findAttachment(member.organizationId, issueId, id);
          if (!row) throw errors.attachmentNotFound();
          return { attachment: toAttachment(row), teamId: issue.teamId };
        });
        touched(caller, issueId, teamId);
        return attachment;
      } catch (error) {
        await storedFiles.remove(caller.organizationId, file.id).catch(() => undefined);
        throw error;
      }
    },

    download: async (caller: Caller, issueId: string, attachmentId: string) => {
      const row = await asReader(db, caller, async (member) => {
        await requireIssue(member, issueId);
        const found = await threads.findAttachment(member.organizationId, issueId, attachmentId);
        if (!found) throw errors.attachmentNotFound();
        return found;
      });
      const opened = await storedFiles.open(caller.organizationId, row.storedFileId).catch((error: unknown) => {
        throw asAttachmentError(error);
      });
      return { stream: opened.stream, bytes: opened.bytes, mimeType: row.mimeType, fileName: row.fileName };
    },

    /** The row and its stored file go together; the bytes follow once that commits. */
    removeAttachment: async (caller: Caller, issueId: string, attachmentId: string, meta: RequestMeta) => {
      const teamId = await asWriter(db, caller, async (member) => {
        const issue = await requireIssue(member, issueId);
        const row = await threads.findAttachment(member.organizationId, issueId, attachmentId);
        if (!row) throw errors.attachmentNotFound();
        await threads.deleteAttachment(member.organizationId, attachmentId);
        await storedFiles.remove(member.organizationId, row.storedFileId);
        await audit(member, 'issue.attachment_removed', issueId, meta, { attachmentId });
        return issue.teamId;
      });
      touched(caller, issueId, teamId);
      return { success: true as const };
    },

    trail: (caller: Caller, issueId: string): Promise<IssueTrailEntry[]> =>
      asReader(db, caller, async (member) => {
        await requireIssue(member, issueId);
        return (await threads.listTrail(member.organizationId, issueId)).map(toTrailEntry);
      }),

    sent: (caller: Caller, query: { teamId: string; limit: number; cursor?: string | undefined }) => {
      const after = decodeCursor(query.cursor, threads.sentCursorShape);
      return asReader(db, caller, async (member): Promise<SentIssuesPage> => {
        const [team] = await repository.findActiveTeams(member.organizationId, [query.teamId]);
        if (!team) throw errors.teamNotFound();
        const rows = await threads.listSentFrom(member.organizationId, query.teamId, query.limit, after);
        return pageFrom(rows, query.limit, toTrailEntry, (row) => [row.position, row.id]);
      });
    },
  };
}

export type IssueThreadsService = ReturnType<typeof createIssueThreadsService>;
