import { z } from 'zod';
import { isoDateTimeSchema, uuidSchema } from './common.js';

export const preferencesSchema = z.object({
  default_team_id: uuidSchema.nullable(),
  scorecard_rtl: z.boolean(),
  scorecard_show_total: z.boolean(),
});
export type Preferences = z.infer<typeof preferencesSchema>;

export const updatePreferencesRequestSchema = z.strictObject({
  default_team_id: uuidSchema.nullable().optional(),
  scorecard_rtl: z.boolean().optional(),
  scorecard_show_total: z.boolean().optional(),
});
export type UpdatePreferencesRequest = z.infer<typeof updatePreferencesRequestSchema>;

export const UI_STATE_MAX_BYTES = 64 * 1024;
export const UI_STATE_MAX_EXPIRES_IN = 365 * 24 * 60 * 60;
export const SELECTED_TODO_IDS_KEY = 'selected_todo_ids';
export const SELECTED_TODO_SAVE_DEBOUNCE_MS = 500;
export const SELECTED_TODO_EXPIRES_IN = 86_400;

/**
 * Any JSON value. It is recursive, so the OpenAPI document can only describe it as a named component
 * (`#/components/schemas/JsonValue`): the id registers it for the server's document transform.
 */
// `meta` registers the id in zod's global registry; pure, so a bundle that never uses it drops it.
export const jsonValueSchema = /* @__PURE__ */ z.json().meta({ id: 'JsonValue' });

export const uiStateKeyParamsSchema = z.object({
  key: z.string().regex(/^[A-Za-z0-9_.:-]{1,100}$/, { error: 'Key must be 1-100 letters, digits or _ . : -' }),
});

export const putUiStateRequestSchema = z.strictObject({
  stateValue: jsonValueSchema.refine((value) => JSON.stringify(value).length <= UI_STATE_MAX_BYTES, {
    error: 'State value is too large (64 KB at most)',
  }),
  /** Seconds from now; without it the entry never expires. */
  expiresIn: z.number().int().min(1).max(UI_STATE_MAX_EXPIRES_IN).optional(),
});
export type PutUiStateRequest = z.infer<typeof putUiStateRequestSchema>;

export const uiStateEntrySchema = z.object({
  key: z.string(),
  stateValue: jsonValueSchema,
  expiresAt: isoDateTimeSchema.nullable(),
  updatedAt: isoDateTimeSchema,
});
export type UiStateEntry = z.infer<typeof uiStateEntrySchema>;
