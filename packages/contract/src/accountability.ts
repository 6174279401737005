import { z } from 'zod';
import { pageInfoSchema, uuidSchema } from './common.js';
import { priorityStatusSchema } from './priorities.js';

/** People per page of the accountability view. */
export const ACCOUNTABILITY_PAGE_DEFAULT = 50;
export const ACCOUNTABILITY_PAGE_MAX = 100;
/** A person's priorities (current fiscal quarter) and measurables shown at most; `…Total` counts them all. */
export const ACCOUNTABILITY_PRIORITIES_MAX = 20;
export const ACCOUNTABILITY_MEASURABLES_MAX = 20;
/** A person's seats on the published organizational chart shown at most. */
export const ACCOUNTABILITY_SEATS_MAX = 20;
/** Open to-dos and open issues: the count of all of them and the first few. */
export const ACCOUNTABILITY_OPEN_ITEMS_SHOWN = 5;

export const accountabilityQuerySchema = z.strictObject({
  /** Only the active members of this team; every active member of the organization when absent. */
  teamId: uuidSchema.optional(),
  limit: z.coerce.number().int().min(1).max(ACCOUNTABILITY_PAGE_MAX).default(ACCOUNTABILITY_PAGE_DEFAULT),
  // Long enough for the last name of a page in any script (a name is up to 201 characters).
  cursor: z.string().max(1600).optional(),
});
export type AccountabilityQuery = z.input<typeof accountabilityQuerySchema>;

/** A seat the person holds on the published organizational chart, with its roles. */
export const accountabilitySeatSchema = z.object({
  seatId: uuidSchema,
  title: z.string(),
  roles: z.array(z.string()),
});
export type AccountabilitySeat = z.infer<typeof accountabilitySeatSchema>;

export const accountabilityPrioritySchema = z.object({
  id: uuidSchema,
  title: z.string(),
  status: priorityStatusSchema,
  teamName: z.string(),
});
export type AccountabilityPriority = z.infer<typeof accountabilityPrioritySchema>;

export const accountabilityMeasurableSchema = z.object({ id: uuidSchema, title: z.string(), teamName: z.string() });
export type AccountabilityMeasurable = z.infer<typeof accountabilityMeasurableSchema>;

export const accountabilityTodoSchema = z.object({ id: uuidSchema, title: z.string(), dueDate: z.string() });
export const accountabilityIssueSchema = z.object({ id: uuidSchema, title: z.string() });

/**
 * One person and what they own, across every team (the team filter picks the people, not their objects):
 * priorities of the organization's current fiscal quarter and measurables, not archived, at most
 * ACCOUNTABILITY_PRIORITIES_MAX / ACCOUNTABILITY_MEASURABLES_MAX of each; open to-dos (private ones only when
 * the reader owns them) and open issues, counted, with the first ACCOUNTABILITY_OPEN_ITEMS_SHOWN. Objects of
 * archived teams are left out.
 */
export const accountabilityPersonSchema = z.object({
  person: z.object({ id: uuidSchema, name: z.string() }),
  seats: z.array(accountabilitySeatSchema).max(ACCOUNTABILITY_SEATS_MAX),
  priorities: z.array(accountabilityPrioritySchema).max(ACCOUNTABILITY_PRIORITIES_MAX),
  prioritiesTotal: z.number().int().min(0),
  measurables: z.array(accountabilityMeasurableSchema).max(ACCOUNTABILITY_MEASURABLES_MAX),
  measurablesTotal: z.number().int().min(0),
  /** Earliest due first. */
  openTodos: z.object({
    count: z.number().int().min(0),
    items: z.array(accountabilityTodoSchema).max(ACCOUNTABILITY_OPEN_ITEMS_SHOWN),
  }),
  /** Ranked ones first, then newest. */
  openIssues: z.object({
    count: z.number().int().min(0),
    items: z.array(accountabilityIssueSchema).max(ACCOUNTABILITY_OPEN_ITEMS_SHOWN),
  }),
});
export type AccountabilityPerson = z.infer<typeof accountabilityPersonSchema>;

/** People by name. `quarter` is the fiscal quarter the priorities belong to. */
export const accountabilityPageSchema = z.object({
  data: z.array(accountabilityPersonSchema),
  quarter: z.object({ year: z.number().int(), quarter: z.number().int().min(1).max(4) }),
  page: pageInfoSchema,
});
export type AccountabilityPage = z.infer<typeof accountabilityPageSchema>;
