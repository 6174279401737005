import { z } from 'zod';
import { uuidSchema } from './common.js';

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
