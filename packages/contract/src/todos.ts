import { z } from 'zod';
import { isoDateTimeSchema, pageOf, pageQuerySchema, uuidSchema, versionSchema } from './common.js';

export const TODO_TITLE_MAX = 300;
export const TODO_DETAILS_MAX = 10_000;
export const TODO_OWNERS_MAX = 50;
export const TODO_BULK_MAX = 500;
/** A new to-do is due this many days after it is created unless a date is given. */
export const TODO_DEFAULT_DUE_DAYS = 7;
/** The people list feeding owner pickers is bounded; larger organizations page through search later. */
export const PEOPLE_LIST_MAX = 1000;

/**
 * A calendar date `YYYY-MM-DD` (no time of day). Years past 9999 are refused with a message a person
 * understands, rather than a generic "invalid format" (a typo such as 30000 is the usual cause).
 */
export const todoDateSchema = z
  .string()
  .regex(/^\d{4,}-\d{2}-\d{2}$/, { error: 'Use a date in the form YYYY-MM-DD' })
  .refine((value) => Number(value.slice(0, value.indexOf('-'))) <= 9999, {
    error: 'The date must be in or before the year 9999',
  })
  .refine(
    (value) => {
      const date = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
    },
    { error: 'This date does not exist' },
  );

export const todoStatusSchema = z.enum(['open', 'done']);
export type TodoStatus = z.infer<typeof todoStatusSchema>;

export const todoSourceKindSchema = z.enum(['issue', 'milestone', 'priority', 'meeting']);
export const todoSourceSchema = z.strictObject({ kind: todoSourceKindSchema, id: uuidSchema });
export type TodoSource = z.infer<typeof todoSourceSchema>;

export const todoOwnerSchema = z.object({ id: uuidSchema, name: z.string() });
export type TodoOwner = z.infer<typeof todoOwnerSchema>;

export const todoSchema = z.object({
  id: uuidSchema,
  title: z.string(),
  details: z.string(),
  ownerId: uuidSchema,
  owner: todoOwnerSchema,
  teamId: uuidSchema,
  isPrivate: z.boolean(),
  dueDate: z.string(),
  status: todoStatusSchema,
  doneAt: isoDateTimeSchema.nullable(),
  source: z.object({ kind: todoSourceKindSchema, id: uuidSchema }).nullable(),
  groupId: uuidSchema.nullable(),
  createdById: uuidSchema.nullable(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
  version: versionSchema,
});
export type Todo = z.infer<typeof todoSchema>;

const titleSchema = z
  .string()
  .trim()
  .min(1, { error: 'Title is required' })
  .max(TODO_TITLE_MAX, { error: `Title must be at most ${TODO_TITLE_MAX} characters` });
const detailsSchema = z
  .string()
  .max(TODO_DETAILS_MAX, { error: `Details must be at most ${TODO_DETAILS_MAX} characters` });

export const todoParamsSchema = z.object({ organizationId: uuidSchema, id: uuidSchema });

/** One to-do per owner; several owners share a group id. */
export const createTodoRequestSchema = z.strictObject({
  title: titleSchema,
  details: detailsSchema.optional(),
  ownerIds: z
    .array(uuidSchema)
    .min(1, { error: 'Choose at least one owner' })
    .max(TODO_OWNERS_MAX, { error: `Choose at most ${TODO_OWNERS_MAX} owners` }),
  teamId: uuidSchema,
  isPrivate: z.boolean().optional(),
  dueDate: todoDateSchema.optional(),
  source: todoSourceSchema.optional(),
});
export type CreateTodoRequest = z.infer<typeof createTodoRequestSchema>;

export const updateTodoRequestSchema = z.strictObject({
  version: versionSchema,
  title: titleSchema.optional(),
  details: detailsSchema.optional(),
  ownerId: uuidSchema.optional(),
  teamId: uuidSchema.optional(),
  isPrivate: z.boolean().optional(),
  dueDate: todoDateSchema.optional(),
});
export type UpdateTodoRequest = z.infer<typeof updateTodoRequestSchema>;

export const todoVersionRequestSchema = z.strictObject({ version: versionSchema });
export type TodoVersionRequest = z.infer<typeof todoVersionRequestSchema>;

export const todoStatusFilterSchema = z.enum(['open', 'done', 'all']);
export const todoSortSchema = z.enum(['due', 'created', 'title', 'owner']);
export type TodoSort = z.infer<typeof todoSortSchema>;

export const listTodosQuerySchema = z.strictObject({
  ...pageQuerySchema.shape,
  teamId: uuidSchema,
  status: todoStatusFilterSchema.default('all'),
  ownerId: uuidSchema.optional(),
  sort: todoSortSchema.default('due'),
});
export type ListTodosQuery = z.infer<typeof listTodosQuerySchema>;

export const todoPageSchema = pageOf(todoSchema);
export type TodoPage = z.infer<typeof todoPageSchema>;
export const todoListSchema = z.object({ data: z.array(todoSchema) });

const bulkIdsSchema = z
  .array(uuidSchema)
  .min(1, { error: 'Select at least one item' })
  .max(TODO_BULK_MAX, { error: `Select at most ${TODO_BULK_MAX} items` });

export const bulkTodoRequestSchema = z.discriminatedUnion('action', [
  z.strictObject({ action: z.literal('complete'), ids: bulkIdsSchema }),
  z.strictObject({ action: z.literal('reopen'), ids: bulkIdsSchema }),
  z.strictObject({ action: z.literal('delete'), ids: bulkIdsSchema }),
  z.strictObject({ action: z.literal('move'), ids: bulkIdsSchema, teamId: uuidSchema }),
]);
export type BulkTodoRequest = z.infer<typeof bulkTodoRequestSchema>;

/**
 * What reverses a bulk action, as the bulk response hands it back: the ids it really changed (a
 * to-do already done is not reopened by undoing "complete"), and for a move each one's former team.
 */
export const bulkTodoUndoRequestSchema = z.discriminatedUnion('action', [
  z.strictObject({ action: z.literal('complete'), ids: z.array(uuidSchema).max(TODO_BULK_MAX) }),
  z.strictObject({ action: z.literal('reopen'), ids: z.array(uuidSchema).max(TODO_BULK_MAX) }),
  z.strictObject({ action: z.literal('delete'), ids: z.array(uuidSchema).max(TODO_BULK_MAX) }),
  z.strictObject({
    action: z.literal('move'),
    moves: z.array(z.strictObject({ id: uuidSchema, teamId: uuidSchema })).max(TODO_BULK_MAX),
  }),
]);
export type BulkTodoUndoRequest = z.infer<typeof bulkTodoUndoRequestSchema>;

export const bulkTodoResultSchema = z.object({ changedIds: z.array(uuidSchema), undo: bulkTodoUndoRequestSchema });
export type BulkTodoResult = z.infer<typeof bulkTodoResultSchema>;

export const todoCompletionRateQuerySchema = z.strictObject({ teamId: uuidSchema, weekStart: todoDateSchema });
export type TodoCompletionRateQuery = z.infer<typeof todoCompletionRateQuerySchema>;

/** Due that week and done by the due date, over due that week; `rate` is a whole percent, null when none were due. */
export const todoCompletionTallySchema = z.object({
  due: z.number().int(),
  doneOnTime: z.number().int(),
  rate: z.number().int().min(0).max(100).nullable(),
});
export type TodoCompletionTally = z.infer<typeof todoCompletionTallySchema>;

export const todoCompletionRateSchema = z.object({
  weekStart: z.string(),
  weekEnd: z.string(),
  team: todoCompletionTallySchema,
  people: z.array(todoCompletionTallySchema.extend({ owner: todoOwnerSchema })),
});
export type TodoCompletionRate = z.infer<typeof todoCompletionRateSchema>;

export const organizationPersonSchema = z.object({
  id: uuidSchema,
  name: z.string(),
  email: z.string(),
  avatarUrl: z.string().nullable(),
  /** Invited and not yet joined: can already be given to-dos and priorities. */
  invited: z.boolean().optional(),
});
export type OrganizationPerson = z.infer<typeof organizationPersonSchema>;
export const organizationPeopleSchema = z.object({ data: z.array(organizationPersonSchema) });

export const todoCompletionRateOf = (due: number, doneOnTime: number): number | null =>
  due === 0 ? null : Math.round((doneOnTime / due) * 100);

export const bulkTodoUndoResultSchema = z.object({ changedIds: z.array(uuidSchema) });
export type BulkTodoUndoResult = z.infer<typeof bulkTodoUndoResultSchema>;
