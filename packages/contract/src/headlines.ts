import { z } from 'zod';
import { isoDateTimeSchema, pageOf, pageQuerySchema, uuidSchema, versionSchema } from './common.js';

export const HEADLINE_TYPES = ['customer', 'employee', 'other'] as const;
export const headlineTypeSchema = z.enum(HEADLINE_TYPES);
export type HeadlineType = z.infer<typeof headlineTypeSchema>;

export const headlineStatusSchema = z.enum(['new', 'discussed']);
export type HeadlineStatus = z.infer<typeof headlineStatusSchema>;

export const HEADLINE_TEXT_MAX = 300;
export const HEADLINE_DETAILS_MAX = 5000;
export const HEADLINE_ABOUT_MAX = 200;
/** A message goes to at most this many teams at once (bounds the fan-out of one request). */
export const CASCADE_TEAMS_MAX = 50;

/** A person as lists show them: enough to name them, nothing more. */
export const headlinePersonSchema = z.object({ id: uuidSchema, name: z.string() });
export type HeadlinePerson = z.infer<typeof headlinePersonSchema>;

export const headlineTeamSchema = z.object({ id: uuidSchema, name: z.string() });
export type HeadlineTeam = z.infer<typeof headlineTeamSchema>;

const textSchema = z
  .string()
  .trim()
  .min(1, { error: 'Text is required' })
  .max(HEADLINE_TEXT_MAX, { error: `Text must be at most ${HEADLINE_TEXT_MAX} characters` });
const detailsSchema = z
  .string()
  .trim()
  .max(HEADLINE_DETAILS_MAX, { error: `Details must be at most ${HEADLINE_DETAILS_MAX} characters` });
const aboutTextSchema = z
  .string()
  .trim()
  .max(HEADLINE_ABOUT_MAX, { error: `"About" must be at most ${HEADLINE_ABOUT_MAX} characters` });

export const headlineSchema = z.object({
  id: uuidSchema,
  teamId: uuidSchema,
  text: z.string(),
  details: z.string().nullable(),
  type: headlineTypeSchema,
  status: headlineStatusSchema,
  ownerId: uuidSchema,
  owner: headlinePersonSchema,
  /** Whom the headline is about: free text, or a member of the organization (at most one of the two). */
  aboutText: z.string().nullable(),
  aboutUserId: uuidSchema.nullable(),
  aboutUser: headlinePersonSchema.nullable(),
  archivedAt: isoDateTimeSchema.nullable(),
  version: versionSchema,
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
  createdById: uuidSchema.nullable(),
});
export type Headline = z.infer<typeof headlineSchema>;

const oneAbout = (value: { aboutText?: string | null | undefined; aboutUserId?: string | null | undefined }) =>
  !(value.aboutText && value.aboutUserId);
const oneAboutError = { error: 'Say whom it is about either as text or as a person, not both', path: ['aboutText'] };

export const createHeadlineRequestSchema = z
  .strictObject({
    teamId: uuidSchema,
    text: textSchema,
    details: detailsSchema.optional(),
    type: headlineTypeSchema,
    /** Defaults to the person creating it. */
    ownerId: uuidSchema.optional(),
    aboutText: aboutTextSchema.optional(),
    aboutUserId: uuidSchema.optional(),
  })
  .refine(oneAbout, oneAboutError);
export type CreateHeadlineRequest = z.infer<typeof createHeadlineRequestSchema>;

/** A partial edit based on `version`; null clears an optional field. */
export const updateHeadlineRequestSchema = z
  .strictObject({
    version: versionSchema,
    text: textSchema.optional(),
    details: detailsSchema.nullable().optional(),
    type: headlineTypeSchema.optional(),
    ownerId: uuidSchema.optional(),
    aboutText: aboutTextSchema.nullable().optional(),
    aboutUserId: uuidSchema.nullable().optional(),
  })
  .refine(oneAbout, oneAboutError);
export type UpdateHeadlineRequest = z.infer<typeof updateHeadlineRequestSchema>;

export const headlineVersionRequestSchema = z.strictObject({ version: versionSchema });
export type HeadlineVersionRequest = z.infer<typeof headlineVersionRequestSchema>;

export const markHeadlineDiscussedRequestSchema = z.strictObject({
  version: versionSchema,
  discussed: z.boolean(),
});
export type MarkHeadlineDiscussedRequest = z.infer<typeof markHeadlineDiscussedRequestSchema>;

const booleanQuery = z
  .enum(['true', 'false'], { error: 'Must be true or false' })
  .default('false')
  .transform((value) => value === 'true');

/** One team's headlines, newest first; archived ones only when asked for. */
export const headlineListQuerySchema = pageQuerySchema.extend({
  teamId: uuidSchema,
  status: headlineStatusSchema.optional(),
  includeArchived: booleanQuery,
});
export type HeadlineListQuery = z.input<typeof headlineListQuerySchema>;

export const headlinePageSchema = pageOf(headlineSchema);
export type HeadlinePage = z.infer<typeof headlinePageSchema>;

export const headlineParamsSchema = z.object({ organizationId: uuidSchema, id: uuidSchema });

// Cascading messages: one team tells other teams something; shown with their headlines.

export const cascadingMessageSchema = z.object({
  id: uuidSchema,
  text: z.string(),
  details: z.string().nullable(),
  fromTeam: headlineTeamSchema,
  toTeams: z.array(headlineTeamSchema),
  author: headlinePersonSchema,
  createdAt: isoDateTimeSchema,
  /** Whether the person asking has marked it read. */
  readByMe: z.boolean(),
  /** Members of the receiving teams who marked it read, of all members of the receiving teams. */
  readCount: z.number().int().min(0),
  recipientCount: z.number().int().min(0),
});
export type CascadingMessage = z.infer<typeof cascadingMessageSchema>;

export const createCascadingMessageRequestSchema = z.strictObject({
  fromTeamId: uuidSchema,
  toTeamIds: z
    .array(uuidSchema)
    .min(1, { error: 'Choose at least one team' })
    .max(CASCADE_TEAMS_MAX, { error: `Choose at most ${CASCADE_TEAMS_MAX} teams` }),
  text: textSchema,
  details: detailsSchema.optional(),
});
export type CreateCascadingMessageRequest = z.infer<typeof createCascadingMessageRequestSchema>;

export const cascadingMessageDirectionSchema = z.enum(['received', 'sent']);
export type CascadingMessageDirection = z.infer<typeof cascadingMessageDirectionSchema>;

export const cascadingMessageListQuerySchema = pageQuerySchema.extend({
  teamId: uuidSchema,
  direction: cascadingMessageDirectionSchema.default('received'),
});
export type CascadingMessageListQuery = z.input<typeof cascadingMessageListQuerySchema>;

export const cascadingMessagePageSchema = pageOf(cascadingMessageSchema);
export type CascadingMessagePage = z.infer<typeof cascadingMessagePageSchema>;

export const cascadingMessageReceiptsSchema = z.object({
  messageId: uuidSchema,
  readCount: z.number().int().min(0),
  recipientCount: z.number().int().min(0),
  /** Everyone who marked it read, first reader first. */
  readers: z.array(z.object({ user: headlinePersonSchema, readAt: isoDateTimeSchema, isRecipient: z.boolean() })),
});
export type CascadingMessageReceipts = z.infer<typeof cascadingMessageReceiptsSchema>;
