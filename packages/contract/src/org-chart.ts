import { z } from 'zod';
import { isoDateTimeSchema, uuidSchema, versionSchema } from './common.js';
import type { Methodology } from './organizations.js';

export const SEAT_TITLE_MAX = 120;
export const SEAT_ROLE_MAX = 200;
/** "About five" roles: a seat with more than this many is really two seats. */
export const SEAT_ROLES_MAX = 10;
export const SEAT_PLACEHOLDER_MAX = 120;

/** Who sits in a seat: a member (`userId`) or a named open seat (`placeholderName`). */
export const publishedSeatHolderSchema = z.object({
  userId: uuidSchema.nullable(),
  name: z.string(),
  placeholderName: z.string().nullable(),
});
export type PublishedSeatHolder = z.infer<typeof publishedSeatHolderSchema>;

/** A seat as a publication froze it: enough to draw the chart without reading the draft. */
export const publishedOrgChartSeatSchema = z.object({
  id: uuidSchema,
  parentId: uuidSchema.nullable(),
  title: z.string(),
  roles: z.array(z.string()),
  teamId: uuidSchema.nullable(),
  position: z.number().int(),
  holders: z.array(publishedSeatHolderSchema),
});
export type PublishedOrgChartSeat = z.infer<typeof publishedOrgChartSeatSchema>;

/** A chart larger than this is refused: every read draws it whole, and 1,000 seats is far past any company's. */
export const ORG_CHART_SEATS_MAX = 1000;
/** People in one seat: a seat shared by more is really a team. */
export const SEAT_HOLDERS_MAX = 10;

/** A seat of the draft: what a publication freezes, plus the version an edit names. */
export const orgChartSeatSchema = publishedOrgChartSeatSchema.extend({ version: versionSchema });
export type OrgChartSeat = z.infer<typeof orgChartSeatSchema>;

export const orgChartPersonSchema = z.object({ id: uuidSchema, name: z.string() });

/** The chart everyone reads: the newest publication (null before the first one). */
export const orgChartPublicationSchema = z.object({
  version: z.number().int().min(1),
  publishedAt: isoDateTimeSchema,
  publishedBy: orgChartPersonSchema.nullable(),
  seats: z.array(publishedOrgChartSeatSchema),
});
export type OrgChartPublication = z.infer<typeof orgChartPublicationSchema>;

export const orgChartSchema = z.object({
  publication: orgChartPublicationSchema.nullable(),
  /** Admins, owners and members of the leadership team edit the draft; everyone else reads the publication. */
  canEdit: z.boolean(),
});
export type OrgChart = z.infer<typeof orgChartSchema>;

export const orgChartDraftSchema = z.object({
  seats: z.array(orgChartSeatSchema),
  publishedVersion: z.number().int().nullable(),
  /** Whether publishing would change what people see. */
  differsFromPublished: z.boolean(),
});
export type OrgChartDraft = z.infer<typeof orgChartDraftSchema>;

const seatTitleSchema = z
  .string()
  .trim()
  .min(1, { error: 'Title is required' })
  .max(SEAT_TITLE_MAX, { error: `Title must be at most ${SEAT_TITLE_MAX} characters` });
const seatRolesSchema = z
  .array(
    z
      .string()
      .trim()
      .min(1, { error: 'A role cannot be blank' })
      .max(SEAT_ROLE_MAX, { error: `A role must be at most ${SEAT_ROLE_MAX} characters` }),
  )
  .max(SEAT_ROLES_MAX, { error: `A seat has at most ${SEAT_ROLES_MAX} roles` });

/** A member in the seat, or an open seat named for who is sought. */
export const seatHolderInputSchema = z.union([
  z.strictObject({ userId: uuidSchema }),
  z.strictObject({
    placeholderName: z
      .string()
      .trim()
      .min(1, { error: 'Name the open seat' })
      .max(SEAT_PLACEHOLDER_MAX, { error: `The open seat's name must be at most ${SEAT_PLACEHOLDER_MAX} characters` }),
  }),
]);
export type SeatHolderInput = z.infer<typeof seatHolderInputSchema>;

const seatHoldersSchema = z
  .array(seatHolderInputSchema)
  .max(SEAT_HOLDERS_MAX, { error: `A seat has at most ${SEAT_HOLDERS_MAX} holders` })
  .refine((holders) => holders.filter((holder) => 'placeholderName' in holder).length <= 1, {
    error: 'A seat has at most one named open seat',
  })
  .refine(
    (holders) => {
      const ids = holders.flatMap((holder) => ('userId' in holder ? [holder.userId] : []));
      return new Set(ids).size === ids.length;
    },
    { error: 'Each person holds a seat once' },
  );

export const createOrgChartSeatRequestSchema = z.strictObject({
  /** Null: a top seat. */
  parentId: uuidSchema.nullable(),
  title: seatTitleSchema,
  roles: seatRolesSchema.optional(),
  teamId: uuidSchema.nullable().optional(),
  holders: seatHoldersSchema.optional(),
});
export type CreateOrgChartSeatRequest = z.infer<typeof createOrgChartSeatRequestSchema>;

export const updateOrgChartSeatRequestSchema = z.strictObject({
  version: versionSchema,
  title: seatTitleSchema.optional(),
  roles: seatRolesSchema.optional(),
  teamId: uuidSchema.nullable().optional(),
  holders: seatHoldersSchema.optional(),
});
export type UpdateOrgChartSeatRequest = z.infer<typeof updateOrgChartSeatRequestSchema>;

export const moveOrgChartSeatRequestSchema = z.strictObject({
  version: versionSchema,
  /** The seat it reports to from now on; null makes it a top seat. */
  parentId: uuidSchema.nullable(),
  /** Its place among the seats reporting to the same seat, from 0; past the end puts it last. */
  position: z.number().int().min(0).max(ORG_CHART_SEATS_MAX),
});
export type MoveOrgChartSeatRequest = z.infer<typeof moveOrgChartSeatRequestSchema>;

export const orgChartSeatParamsSchema = z.object({ organizationId: uuidSchema, id: uuidSchema });
export const orgChartPersonParamsSchema = z.object({ organizationId: uuidSchema, userId: uuidSchema });

export const orgChartHolderHistoryEntrySchema = z.object({
  id: uuidSchema,
  seatId: uuidSchema,
  seatTitle: z.string(),
  userId: uuidSchema.nullable(),
  name: z.string(),
  placeholderName: z.string().nullable(),
  startedAt: isoDateTimeSchema,
  endedAt: isoDateTimeSchema.nullable(),
});
export type OrgChartHolderHistoryEntry = z.infer<typeof orgChartHolderHistoryEntrySchema>;
/** Newest first, bounded: a seat's or a person's past holders, as publications recorded them. */
export const ORG_CHART_HISTORY_MAX = 200;
export const orgChartHolderHistorySchema = z.array(orgChartHolderHistoryEntrySchema);

/** A suggested seat: `parent` is the index of the seat it reports to in the same list. */
export interface SuggestedSeat {
  title: string;
  roles: string[];
  parent: number | null;
}

const NEUTRAL_SEATS: readonly SuggestedSeat[] = [
  {
    title: 'Chief Executive',
    roles: ['Vision and strategy', 'Key relationships', 'Culture', 'Leads the leadership team'],
    parent: null,
  },
  {
    title: 'Sales & Marketing',
    roles: ['Lead, manage and hold the team accountable', 'Sales', 'Marketing', 'Meet the revenue goals'],
    parent: 0,
  },
  {
    title: 'Operations',
    roles: ['Lead, manage and hold the team accountable', 'Customer service', 'Delivery of the product or service'],
    parent: 0,
  },
  {
    title: 'Finance',
    roles: ['Lead, manage and hold the team accountable', 'Budgets and reporting', 'Accounts and payroll'],
    parent: 0,
  },
];

/** Trademarked seat names live only here, in the EOS preset an organization opts into. */
const EOS_SEATS: readonly SuggestedSeat[] = [
  {
    title: 'Visionary',
    roles: ['Ideas', 'Creativity and problem solving', 'Key relationships', 'Culture'],
    parent: null,
  },
  {
    title: 'Integrator',
    roles: ['Lead, manage and hold the leadership team accountable', 'Profit and loss', 'Remove obstacles'],
    parent: 0,
  },
  {
    title: 'Sales/Marketing',
    roles: ['Lead, manage and hold the team accountable', 'Sales', 'Marketing', 'Meet the revenue goals'],
    parent: 1,
  },
  {
    title: 'Operations',
    roles: ['Lead, manage and hold the team accountable', 'Customer service', 'Delivery of the product or service'],
    parent: 1,
  },
  {
    title: 'Finance',
    roles: ['Lead, manage and hold the team accountable', 'Budgets and reporting', 'Accounts and payroll'],
    parent: 1,
  },
];

/** The seats an empty chart starts with under a methodology (null = none chosen: the neutral seats). */
export function suggestedOrgChartSeats(methodology: Methodology | null): readonly SuggestedSeat[] {
  return methodology === 'eos' ? EOS_SEATS : NEUTRAL_SEATS;
}
