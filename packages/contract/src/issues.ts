import { z } from 'zod';
import { isoDateTimeSchema, pageOf, pageQuerySchema, uuidSchema, versionSchema } from './common.js';
import { TODO_OWNERS_MAX, TODO_TITLE_MAX, todoDateSchema } from './todos.js';

export const ISSUE_TITLE_MAX = 300;
export const ISSUE_DESCRIPTION_MAX = 10_000;
export const ISSUE_RESOLUTION_MAX = 10_000;
export const ISSUE_COMMENT_MAX = 5000;
/** A reorder names every open issue of one list; lists longer than this are not ordered by hand. */
export const ISSUE_REORDER_MAX = 500;
/** Solving creates at most this many to-do rows (each may have several owners). */
export const ISSUE_SOLVE_TODOS_MAX = 20;
export const ISSUE_ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
export const ISSUE_ATTACHMENT_MIME_TYPES = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'application/pdf',
  'application/zip',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
] as const;

export const issueHorizonSchema = z.enum(['short_term', 'long_term']);
export type IssueHorizon = z.infer<typeof issueHorizonSchema>;
export const issueStatusSchema = z.enum(['open', 'solved']);
export type IssueStatus = z.infer<typeof issueStatusSchema>;
export const issueRankSchema = z.union([z.literal(1), z.literal(2), z.literal(3)]);
export type IssueRank = z.infer<typeof issueRankSchema>;
export const issueSourceKindSchema = z.enum(['headline', 'todo', 'priority', 'measurable', 'meeting']);
export type IssueSourceKind = z.infer<typeof issueSourceKindSchema>;
export const issueSourceSchema = z.strictObject({ kind: issueSourceKindSchema, id: uuidSchema });
export type IssueSource = z.infer<typeof issueSourceSchema>;

export const issuePersonSchema = z.object({ id: uuidSchema, name: z.string() });
export type IssuePerson = z.infer<typeof issuePersonSchema>;

const titleSchema = z
  .string()
  .trim()
  .min(1, { error: 'A title is required' })
  .max(ISSUE_TITLE_MAX, { error: `The title must be at most ${ISSUE_TITLE_MAX} characters` });
const descriptionSchema = z
  .string()
  .trim()
  .max(ISSUE_DESCRIPTION_MAX, { error: `The description must be at most ${ISSUE_DESCRIPTION_MAX} characters` });
const resolutionSchema = z
  .string()
  .trim()
  .max(ISSUE_RESOLUTION_MAX, { error: `The resolution must be at most ${ISSUE_RESOLUTION_MAX} characters` });

export const issueSchema = z.object({
  id: uuidSchema,
  teamId: uuidSchema,
  title: z.string(),
  description: z.string(),
  raisedById: uuidSchema,
  raisedBy: issuePersonSchema,
  ownerId: uuidSchema.nullable(),
  owner: issuePersonSchema.nullable(),
  horizon: issueHorizonSchema,
  /** Top three of the team's open issues: each rank is held by at most one of them. */
  priorityRank: issueRankSchema.nullable(),
  votes: z.number().int().min(0),
  votedByMe: z.boolean(),
  position: z.number(),
  status: issueStatusSchema,
  solvedAt: isoDateTimeSchema.nullable(),
  solvedById: uuidSchema.nullable(),
  resolution: z.string().nullable(),
  source: z.object({ kind: issueSourceKindSchema, id: uuidSchema }).nullable(),
  archivedAt: isoDateTimeSchema.nullable(),
  commentCount: z.number().int().min(0),
  version: versionSchema,
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
export type Issue = z.infer<typeof issueSchema>;

export const issueParamsSchema = z.object({ organizationId: uuidSchema, id: uuidSchema });
export const issueCommentParamsSchema = z.object({ organizationId: uuidSchema, id: uuidSchema, commentId: uuidSchema });
export const issueAttachmentParamsSchema = z.object({
  organizationId: uuidSchema,
  id: uuidSchema,
  attachmentId: uuidSchema,
});

export const createIssueRequestSchema = z.strictObject({
  teamId: uuidSchema,
  title: titleSchema,
  description: descriptionSchema.optional(),
  ownerId: uuidSchema.nullable().optional(),
  horizon: issueHorizonSchema.default('short_term'),
  source: issueSourceSchema.optional(),
});
export type CreateIssueRequest = z.input<typeof createIssueRequestSchema>;

export const updateIssueRequestSchema = z.strictObject({
  version: versionSchema,
  title: titleSchema.optional(),
  description: descriptionSchema.optional(),
  ownerId: uuidSchema.nullable().optional(),
  horizon: issueHorizonSchema.optional(),
});
export type UpdateIssueRequest = z.infer<typeof updateIssueRequestSchema>;

export const issueVersionRequestSchema = z.strictObject({ version: versionSchema });
export type IssueVersionRequest = z.infer<typeof issueVersionRequestSchema>;

/**
 * Setting a rank another open issue of the team holds takes it from that one, which gets the taker's
 * former rank or leaves the top three. When a ranked issue leaves them (unranked, solved, archived,
 * sent or moved to the other horizon) the others are renumbered 1..n in their order.
 */
export const rankIssueRequestSchema = z.strictObject({ version: versionSchema, rank: issueRankSchema.nullable() });
export type RankIssueRequest = z.infer<typeof rankIssueRequestSchema>;

/** The complete new order of one team's open issues of one horizon. */
export const reorderIssuesRequestSchema = z.strictObject({
  teamId: uuidSchema,
  horizon: issueHorizonSchema,
  ids: z
    .array(uuidSchema)
    .min(1)
    .max(ISSUE_REORDER_MAX)
    .refine((ids) => new Set(ids).size === ids.length, { error: 'Each issue may appear only once' }),
});
export type ReorderIssuesRequest = z.infer<typeof reorderIssuesRequestSchema>;

export const solveIssueTodoSchema = z.strictObject({
  title: z
    .string()
    .trim()
    .min(1, { error: 'A title is required' })
    .max(TODO_TITLE_MAX, { error: `The title must be at most ${TODO_TITLE_MAX} characters` }),
  ownerIds: z.array(uuidSchema).min(1, { error: 'Choose at least one owner' }).max(TODO_OWNERS_MAX),
  dueDate: todoDateSchema.optional(),
});
export type SolveIssueTodo = z.infer<typeof solveIssueTodoSchema>;

export const solveIssueRequestSchema = z.strictObject({
  version: versionSchema,
  resolution: resolutionSchema.default(''),
  todos: z.array(solveIssueTodoSchema).max(ISSUE_SOLVE_TODOS_MAX).default([]),
});
export type SolveIssueRequest = z.input<typeof solveIssueRequestSchema>;

export const solveIssueResultSchema = z.object({
  data: issueSchema,
  todoIds: z.array(uuidSchema),
});
export type SolveIssueResult = z.infer<typeof solveIssueResultSchema>;

export const sendIssueRequestSchema = z.strictObject({ version: versionSchema, teamId: uuidSchema });
export type SendIssueRequest = z.infer<typeof sendIssueRequestSchema>;

const booleanQuery = z
  .enum(['true', 'false'], { error: 'Must be true or false' })
  .default('false')
  .transform((value) => value === 'true');

/** Open issues in manual order; solved ones newest-solved first, searchable by title. */
export const issueListQuerySchema = pageQuerySchema.extend({
  teamId: uuidSchema,
  horizon: issueHorizonSchema.optional(),
  status: issueStatusSchema.default('open'),
  search: z.string().trim().max(200).optional(),
  includeArchived: booleanQuery,
});
export type IssueListQuery = z.input<typeof issueListQuerySchema>;
export type IssueListFilter = z.output<typeof issueListQuerySchema>;

export const issuePageSchema = pageOf(issueSchema);
export type IssuePage = z.infer<typeof issuePageSchema>;

export const issueCommentSchema = z.object({
  id: uuidSchema,
  issueId: uuidSchema,
  authorId: uuidSchema,
  author: issuePersonSchema,
  body: z.string(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
  version: versionSchema,
});
export type IssueComment = z.infer<typeof issueCommentSchema>;
export const issueCommentPageSchema = pageOf(issueCommentSchema);
export type IssueCommentPage = z.infer<typeof issueCommentPageSchema>;
const commentBodySchema = z
  .string()
  .trim()
  .min(1, { error: 'A comment cannot be empty' })
  .max(ISSUE_COMMENT_MAX, { error: `A comment must be at most ${ISSUE_COMMENT_MAX} characters` });
export const createIssueCommentRequestSchema = z.strictObject({ body: commentBodySchema });
export type CreateIssueCommentRequest = z.infer<typeof createIssueCommentRequestSchema>;
export const updateIssueCommentRequestSchema = z.strictObject({ version: versionSchema, body: commentBodySchema });
export type UpdateIssueCommentRequest = z.infer<typeof updateIssueCommentRequestSchema>;

export const issueAttachmentSchema = z.object({
  id: uuidSchema,
  issueId: uuidSchema,
  fileName: z.string(),
  mimeType: z.string(),
  sizeBytes: z.number().int(),
  uploadedById: uuidSchema,
  createdAt: isoDateTimeSchema,
});
export type IssueAttachment = z.infer<typeof issueAttachmentSchema>;
export const issueAttachmentListSchema = z.object({ data: z.array(issueAttachmentSchema) });

/** The read-only history of an issue: who sent it where, who solved or reopened it. */
export const issueTrailEntrySchema = z.object({
  id: uuidSchema,
  issueId: uuidSchema,
  issueTitle: z.string(),
  action: z.enum(['sent', 'received', 'solved', 'reopened']),
  fromTeam: z.object({ id: uuidSchema, name: z.string() }).nullable(),
  toTeam: z.object({ id: uuidSchema, name: z.string() }).nullable(),
  actor: issuePersonSchema.nullable(),
  createdAt: isoDateTimeSchema,
});
export type IssueTrailEntry = z.infer<typeof issueTrailEntrySchema>;
export const issueTrailSchema = z.object({ data: z.array(issueTrailEntrySchema) });

/** What a team sent elsewhere: its read-only trail of "sent to X by Y". */
export const sentIssuesQuerySchema = pageQuerySchema.extend({ teamId: uuidSchema });
export type SentIssuesQuery = z.input<typeof sentIssuesQuerySchema>;
export const sentIssuesPageSchema = pageOf(issueTrailEntrySchema);
export type SentIssuesPage = z.infer<typeof sentIssuesPageSchema>;

/** The answer when a headline or a priority is turned into an issue: the new issue's id and its team. */
export const raisedIssueSchema = z.object({ data: z.object({ issueId: uuidSchema, teamId: uuidSchema }) });
export type RaisedIssue = z.infer<typeof raisedIssueSchema>['data'];
