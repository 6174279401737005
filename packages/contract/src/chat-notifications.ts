import { z } from 'zod';
import { isoDateTimeSchema, uuidSchema, versionSchema } from './common.js';

/** Where a team's chat messages go: each provider's incoming-webhook address posts into one channel. */
export const CHAT_PROVIDERS = {
  slack: { label: 'Slack' },
  teams: { label: 'Microsoft Teams' },
} as const satisfies Record<string, { label: string }>;
export type ChatProvider = keyof typeof CHAT_PROVIDERS;
export const CHAT_PROVIDER_KEYS = Object.keys(CHAT_PROVIDERS) as ChatProvider[];
export const chatProviderSchema = z.enum(CHAT_PROVIDER_KEYS as [ChatProvider, ...ChatProvider[]], {
  error: 'Choose Slack or Microsoft Teams',
});

/** What a team may choose to hear about in its channel. */
export const CHAT_EVENTS = {
  meeting_concluded: { label: 'Meeting concluded, with its recap' },
  priority_off_track: { label: 'Priority off track' },
  issue_raised: { label: 'Issue raised to the team' },
  numbers_missing: { label: 'Scorecard numbers missing at the reminder' },
} as const satisfies Record<string, { label: string }>;
export type ChatEvent = keyof typeof CHAT_EVENTS;
export const CHAT_EVENT_KEYS = Object.keys(CHAT_EVENTS) as ChatEvent[];
export const chatEventSchema = z.enum(CHAT_EVENT_KEYS as [ChatEvent, ...ChatEvent[]], { error: 'Unknown event' });

export const CHAT_WEBHOOK_URL_MAX = 2000;
export const CHAT_CONNECTIONS_MAX = 200;
export const CHAT_POST_TIMEOUT_SECONDS = 15;

const webhookUrlSchema = z
  .url({ protocol: /^https?$/, error: 'Enter the https address the channel’s incoming webhook gave you' })
  .max(CHAT_WEBHOOK_URL_MAX, { error: `The address must be at most ${CHAT_WEBHOOK_URL_MAX} characters` });

const eventsSchema = z
  .array(chatEventSchema)
  .min(1, { error: 'Choose at least one event' })
  .max(CHAT_EVENT_KEYS.length)
  .refine((events) => new Set(events).size === events.length, { error: 'An event is listed twice' });

export const chatConnectionSchema = z.object({
  id: uuidSchema,
  teamId: uuidSchema,
  provider: chatProviderSchema,
  /** The webhook address is a secret: only its host and the last characters are shown (`hooks.slack.com/…a1B2`). */
  webhookUrlMasked: z.string(),
  events: z.array(chatEventSchema),
  enabled: z.boolean(),
  /** Why Keel turned it off (the provider said the webhook no longer exists), or null. */
  disabledReason: z.string().nullable(),
  createdAt: isoDateTimeSchema,
  version: versionSchema,
});
export type ChatConnection = z.infer<typeof chatConnectionSchema>;
export const chatConnectionListSchema = z.object({ data: z.array(chatConnectionSchema) });

export const createChatConnectionRequestSchema = z.strictObject({
  teamId: uuidSchema,
  provider: chatProviderSchema,
  webhookUrl: webhookUrlSchema,
  events: eventsSchema,
});
export type CreateChatConnectionRequest = z.infer<typeof createChatConnectionRequestSchema>;

export const updateChatConnectionRequestSchema = z.strictObject({
  version: versionSchema,
  webhookUrl: webhookUrlSchema.optional(),
  events: eventsSchema.optional(),
  enabled: z.boolean().optional(),
});
export type UpdateChatConnectionRequest = z.infer<typeof updateChatConnectionRequestSchema>;

/** Shows a webhook address without its secret part: the host and the last four characters. */
export function maskChatWebhookUrl(url: string): string {
  const host = URL.canParse(url) ? new URL(url).host : '';
  return `${host}/…${url.slice(-4)}`;
}
