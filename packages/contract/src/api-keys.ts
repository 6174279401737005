import { z } from 'zod';
import { isoDateTimeSchema, uuidSchema } from './common.js';

/**
 * The parts of the API a key may be given, each with the routes under `/api/v1/organizations/{organizationId}/`
 * that belong to it (by their leading path segments, `:param` for any id). A key reads an area with
 * `<area>:read` and changes it with `<area>:write` (which includes reading). Everything not listed here
 * (members, invitations, billing, settings, keys themselves...) is for people only.
 */
export const API_KEY_AREAS = {
  scorecard: {
    label: 'Scorecard',
    routes: ['scorecard', 'measurables', 'measurable-groups', 'teams/:teamId/scorecard-settings'],
  },
  priorities: { label: 'Priorities', routes: ['priorities', 'fiscal-quarters'] },
  todos: { label: 'To-dos', routes: ['todos'] },
  issues: { label: 'Issues', routes: ['issues'] },
  headlines: { label: 'Headlines', routes: ['headlines', 'cascading-messages'] },
  meetings: {
    label: 'Meetings',
    routes: ['meetings', 'teams/:teamId/meeting-types', 'teams/:teamId/running-meeting'],
  },
  processes: { label: 'Processes', routes: ['processes'] },
  documents: { label: 'Documents', routes: ['documents', 'document-folders', 'linked-documents'] },
  strategy: { label: 'Strategy', routes: ['business-plan', 'annual-goals', 'org-chart', 'accountability'] },
  people: { label: 'People and teams', routes: ['people', 'departments', 'teams/:teamId/overview'] },
} as const satisfies Record<string, { label: string; routes: readonly string[] }>;

export type ApiKeyArea = keyof typeof API_KEY_AREAS;
export const API_KEY_AREA_NAMES = Object.keys(API_KEY_AREAS) as ApiKeyArea[];
export type ApiKeyAccess = 'read' | 'write';
export type ApiKeyScope = `${ApiKeyArea}:${ApiKeyAccess}`;
export const API_KEY_SCOPES: ApiKeyScope[] = API_KEY_AREA_NAMES.flatMap((area): ApiKeyScope[] => [
  `${area}:read`,
  `${area}:write`,
]);
export const apiKeyScopeSchema = z.enum(API_KEY_SCOPES as [ApiKeyScope, ...ApiKeyScope[]], {
  error: 'Unknown scope',
});

/** Every key starts with this, so a leaked one is recognisable (and secret scanners can find it). */
export const API_KEY_PREFIX = 'keel_';
/** How many unrevoked keys an organization may have: the list shows them all, then recent revoked ones. */
export const API_KEYS_MAX = 100;
/** Requests a key may make per minute, by default (the server setting API_KEY_RATE_LIMIT_PER_MINUTE). */
export const API_KEY_RATE_LIMIT_PER_MINUTE = 600;
export const API_KEY_NAME_MAX = 100;

export const apiKeySchema = z.object({
  id: uuidSchema,
  name: z.string(),
  /** The first characters of the secret, enough to recognise it in a list. */
  hint: z.string(),
  scopes: z.array(apiKeyScopeSchema),
  createdAt: isoDateTimeSchema,
  createdByName: z.string().nullable(),
  expiresAt: isoDateTimeSchema.nullable(),
  lastUsedAt: isoDateTimeSchema.nullable(),
  revokedAt: isoDateTimeSchema.nullable(),
  status: z.enum(['active', 'expired', 'revoked']),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const apiKeyListSchema = z.object({ data: z.array(apiKeySchema) });

export const createApiKeyRequestSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, { error: 'Name is required' })
    .max(API_KEY_NAME_MAX, { error: `Name must be at most ${API_KEY_NAME_MAX} characters` }),
  scopes: z
    .array(apiKeyScopeSchema)
    .min(1, { error: 'Choose at least one scope' })
    .max(API_KEY_SCOPES.length)
    .refine((scopes) => new Set(scopes).size === scopes.length, { error: 'A scope is listed twice' }),
  /** Omitted or null: the key works until it is revoked. */
  expiresAt: isoDateTimeSchema
    .nullable()
    .optional()
    .refine((value) => value == null || Date.parse(value) > Date.now(), {
      error: 'The expiry must be in the future',
    }),
});
export type CreateApiKeyRequest = z.infer<typeof createApiKeyRequestSchema>;

/** The only time the secret is shown: it is kept hashed, so it cannot be shown again. */
export const createdApiKeySchema = z.object({ key: apiKeySchema, secret: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

/**
 * The area of a route, given as its pattern after `/organizations/:organizationId/` (`todos/:id/complete`);
 * undefined for the people-only parts.
 */
export function apiKeyAreaOfRoute(route: string): ApiKeyArea | undefined {
  const segments = route.split('/');
  const matches = (prefix: string) =>
    prefix
      .split('/')
      .every((part, index) => part === segments[index] || (part.startsWith(':') && segments[index]?.startsWith(':')));
  return API_KEY_AREA_NAMES.find((area) => (API_KEY_AREAS[area].routes as readonly string[]).some(matches));
}

/** Whether `scopes` allow `access` to `area`: writing includes reading. */
export function apiKeyAllows(scopes: readonly string[], area: ApiKeyArea, access: ApiKeyAccess): boolean {
  return scopes.includes(`${area}:write`) || (access === 'read' && scopes.includes(`${area}:read`));
}
