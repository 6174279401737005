import type { Issue, IssueComment, IssueAttachment, IssueRank, IssueTrailEntry } from '@keel/contract';
import { fullName } from './issues.policy.js';
import type { AttachmentRow, CommentRow, TrailRow } from './issue-threads.repository.js';
import type { IssueRow } from './issues.repository.js';

export function toIssue(row: IssueRow): Issue {
  return {
    id: row.id,
    teamId: row.teamId,
    title: row.title,
    description: row.description,
    raisedById: row.raisedById,
    raisedBy: { id: row.raisedById, name: fullName(row.raiserFirstName, row.raiserLastName) },
    ownerId: row.ownerId,
    owner:
      row.ownerId && row.ownerFirstName !== null && row.ownerLastName !== null
        ? { id: row.ownerId, name: fullName(row.ownerFirstName, row.ownerLastName) }
        : null,
    horizon: row.horizon,
    priorityRank: (row.priorityRank as IssueRank | null) ?? null,
    votes: Number(row.votes),
    votedByMe: Boolean(row.votedByMe),
    position: row.position,
    status: row.status,
    solvedAt: row.solvedAt?.toISOString() ?? null,
    solvedById: row.solvedById,
    resolution: row.resolution,
    source: row.sourceKind && row.sourceId ? { kind: row.sourceKind, id: row.sourceId } : null,
    archivedAt: row.archivedAt?.toISOString() ?? null,
    commentCount: Number(row.commentCount),
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export const toComment = (row: CommentRow): IssueComment => ({
  id: row.id,
  issueId: row.issueId,
  authorId: row.authorId,
  author: { id: row.authorId, name: row.authorName },
  body: row.body,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  version: row.version,
});

export const toAttachment = (row: AttachmentRow): IssueAttachment => ({
  id: row.id,
  issueId: row.issueId,
  fileName: row.fileName,
  mimeType: row.mimeType,
  sizeBytes: row.sizeBytes,
  uploadedById: row.uploadedById,
  createdAt: row.createdAt.toISOString(),
});

export const toTrailEntry = (row: TrailRow): IssueTrailEntry => ({
  id: row.id,
  issueId: row.issueId,
  issueTitle: row.issueTitle,
  action: row.action,
  fromTeam: row.fromTeamId && row.fromTeamName !== null ? { id: row.fromTeamId, name: row.fromTeamName } : null,
  toTeam: row.toTeamId && row.toTeamName !== null ? { id: row.toTeamId, name: row.toTeamName } : null,
  actor: row.actorId && row.actorName !== null ? { id: row.actorId, name: row.actorName } : null,
  createdAt: row.createdAt.toISOString(),
});
