import { z } from 'zod';
import { isoDateTimeSchema, pageOf, uuidSchema, versionSchema } from './common.js';

/**
 * The events an endpoint may subscribe to, each with the audited action it follows from: every change is audited
 * in its own transaction, so an event exists exactly when its change committed.
 */
export const WEBHOOK_EVENTS = {
  'priority.created': { label: 'Priority created', auditAction: 'priority.created' },
  'priority.status_changed': { label: 'Priority status changed', auditAction: 'priority.status_changed' },
  'todo.created': { label: 'To-do created', auditAction: 'todo.created' },
  'todo.completed': { label: 'To-do completed', auditAction: 'todo.completed' },
  'issue.created': { label: 'Issue created', auditAction: 'issue.created' },
  'issue.solved': { label: 'Issue solved', auditAction: 'issue.solved' },
  'headline.created': { label: 'Headline created', auditAction: 'headline.created' },
  'scorecard.value_entered': { label: 'Scorecard value entered', auditAction: 'scorecard.score_entered' },
  'meeting.concluded': { label: 'Meeting concluded', auditAction: 'meeting.concluded' },
  'member.joined': { label: 'Member joined', auditAction: 'invitation.accepted' },
} as const satisfies Record<string, { label: string; auditAction: string }>;

export type WebhookEventType = keyof typeof WEBHOOK_EVENTS;
export const WEBHOOK_EVENT_TYPES = Object.keys(WEBHOOK_EVENTS) as WebhookEventType[];
export const webhookEventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES as [WebhookEventType, ...WebhookEventType[]], {
  error: 'Unknown event',
});
/** The event "Send test event" sends: an endpoint receives it whatever it subscribed to. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** The webhook event an audited action announces, if any. */
export function webhookEventOfAuditAction(action: string): WebhookEventType | undefined {
  return WEBHOOK_EVENT_TYPES.find((type) => WEBHOOK_EVENTS[type].auditAction === action);
}

/**
 * When a failed delivery is tried again, in seconds after the previous attempt: the Standard Webhooks schedule
 * (immediately, 5 seconds, 5 minutes, 30 minutes, 2 hours, 5 hours, 10 hours, 10 hours).
 */
export const WEBHOOK_RETRY_SCHEDULE_SECONDS = [0, 5, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, 10 * 3600, 10 * 3600];
/** An endpoint whose deliveries have all failed for this long is turned off, and its administrators told. */
export const WEBHOOK_DISABLE_AFTER_DAYS = 5;
export const WEBHOOK_ENDPOINTS_MAX = 20;
export const WEBHOOK_TIMEOUT_SECONDS = 15;
export const WEBHOOK_URL_MAX = 2000;
export const WEBHOOK_DESCRIPTION_MAX = 200;

const webhookUrlSchema = z
  .url({ protocol: /^https?$/, error: 'Enter an http or https address' })
  .max(WEBHOOK_URL_MAX, { error: `The address must be at most ${WEBHOOK_URL_MAX} characters` });

const eventsSchema = z
  .array(webhookEventTypeSchema)
  .min(1, { error: 'Choose at least one event' })
  .max(WEBHOOK_EVENT_TYPES.length)
  .refine((events) => new Set(events).size === events.length, { error: 'An event is listed twice' });

const descriptionSchema = z
  .string()
  .trim()
  .max(WEBHOOK_DESCRIPTION_MAX, { error: `The description must be at most ${WEBHOOK_DESCRIPTION_MAX} characters` });

export const webhookEndpointSchema = z.object({
  id: uuidSchema,
  url: z.string(),
  description: z.string(),
  events: z.array(webhookEventTypeSchema),
  enabled: z.boolean(),
  /** Why Keel turned it off (failing for days), or null. */
  disabledReason: z.string().nullable(),
  /** Since when every delivery has failed, or null while it is healthy. */
  failingSince: isoDateTimeSchema.nullable(),
  createdAt: isoDateTimeSchema,
  version: versionSchema,
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;
export const webhookEndpointListSchema = z.object({ data: z.array(webhookEndpointSchema) });

export const createWebhookEndpointRequestSchema = z.strictObject({
  url: webhookUrlSchema,
  description: descriptionSchema.optional(),
  events: eventsSchema,
});
export type CreateWebhookEndpointRequest = z.infer<typeof createWebhookEndpointRequestSchema>;

export const updateWebhookEndpointRequestSchema = z.strictObject({
  version: versionSchema,
  url: webhookUrlSchema.optional(),
  description: descriptionSchema.optional(),
  events: eventsSchema.optional(),
  enabled: z.boolean().optional(),
});
export type UpdateWebhookEndpointRequest = z.infer<typeof updateWebhookEndpointRequestSchema>;

/** The signing secret (`whsec_…`), shown when the endpoint is made and never again. */
export const createdWebhookEndpointSchema = z.object({ endpoint: webhookEndpointSchema, secret: z.string() });
export type CreatedWebhookEndpoint = z.infer<typeof createdWebhookEndpointSchema>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'retrying', 'succeeded', 'failed'] as const;

export const webhookDeliverySchema = z.object({
  id: uuidSchema,
  /** The `webhook-id` header: the same for every attempt and resend of one event, for the receiver to deduplicate. */
  messageId: z.string(),
  eventType: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  requestBody: z.string(),
  responseStatus: z.number().int().nullable(),
  responseBody: z.string().nullable(),
  error: z.string().nullable(),
  durationMs: z.number().int().nullable(),
  createdAt: isoDateTimeSchema,
  lastAttemptAt: isoDateTimeSchema.nullable(),
  nextAttemptAt: isoDateTimeSchema.nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
export const webhookDeliveryPageSchema = pageOf(webhookDeliverySchema);
export type WebhookDeliveryPage = z.infer<typeof webhookDeliveryPageSchema>;
