import { z } from 'zod';

/** Every error body the API sends: a human message, a stable machine code, optional field details. */
export const apiErrorSchema = z.object({
  error: z.string(),
  code: z.string(),
  details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** Success bodies are wrapped as `{ data }` (terminology is the spec's one exception). */
export const envelope = <T extends z.ZodType>(data: T) => z.object({ data });

export const uuidSchema = z.uuid({ error: 'Must be a valid id' });
export const idParamsSchema = z.object({ id: uuidSchema });
export const organizationParamsSchema = z.object({ organizationId: uuidSchema });

export const isoDateTimeSchema = z.iso.datetime({ offset: true });

/** Cursor pagination shared by every list endpoint: bounded `limit`, opaque `cursor`. */
export const PAGE_SIZE_DEFAULT = 50;
export const PAGE_SIZE_MAX = 200;
export const pageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
  cursor: z.string().max(200).optional(),
});
export const pageInfoSchema = z.object({ nextCursor: z.string().nullable() });
export const pageOf = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), page: pageInfoSchema });

export const successSchema = z.object({ success: z.literal(true) });

export const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.literal('ok'),
  databaseKind: z.enum(['embedded', 'postgresql']),
});

/** Every mutable object carries a version; an edit names the version it was based on (optimistic concurrency). */
export const versionSchema = z.number().int().min(1);
