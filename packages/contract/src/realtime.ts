import { z } from 'zod';
import { uuidSchema } from './common.js';

/** The one WebSocket endpoint, under the API prefix. */
export const REALTIME_PATH = '/api/v1/realtime';

/** Close codes the client acts on: 4401 = sign in again (or send a fresh token), the others = back off. */
export const REALTIME_CLOSE = {
  goingAway: 1001,
  policy: 1008,
  tooBig: 1009,
  unauthorized: 4401,
  tooMany: 4429,
} as const;

/** Sections are numbered from 0; an agenda has at most 20 (`MEETING_SECTIONS_MAX`). */
const PRESENCE_SECTION_MAX = 19;

/** Who is in a meeting, on which section (each person once, whatever the number of their open pages). */
export interface MeetingPresence {
  userId: string;
  section: number;
}

/** What a page may say to the hub. The token travels in a message, never in the URL (it would land in logs). */
export const realtimeClientMessageSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('auth'), token: z.string().min(1).max(4096) }),
  z.strictObject({ type: z.literal('subscribe'), teamId: uuidSchema }),
  z.strictObject({ type: z.literal('unsubscribe'), teamId: uuidSchema }),
  /**
   * "I am in this meeting of a team I follow, looking at this section" (null: I left). Presence is not
   * stored: the hub tells the team's open pages, in every server process, and forgets it when the page goes.
   */
  z.strictObject({
    type: z.literal('presence'),
    teamId: uuidSchema,
    meetingId: uuidSchema,
    section: z.number().int().min(0).max(PRESENCE_SECTION_MAX).nullable(),
  }),
]);
export type RealtimeClientMessage = z.infer<typeof realtimeClientMessageSchema>;

export type RealtimeChangeAction = 'created' | 'updated' | 'deleted';

/**
 * The kinds of object the server announces changes of. The web's query keys of business objects
 * start with ['organizations', organizationId, entity], so one invalidation refreshes every view.
 */
export const REALTIME_ENTITIES = [
  'todo',
  'issue',
  'priority',
  'headline',
  'cascading_message',
  'team',
  'failed_operation',
  'scorecard',
  'meeting',
  'business_plan',
  'annual_goal',
  'org_chart',
  'process',
  'document',
  'storage',
  'integration',
  'data_export',
  /** The organization's plan and status (billing): its banner, its billing page. */
  'subscription',
] as const;
export const realtimeEntitySchema = z.enum(REALTIME_ENTITIES);
export type RealtimeEntity = z.infer<typeof realtimeEntitySchema>;

/** What the hub says. `changed` carries ids only: the page refetches through the authorised API. */
export type RealtimeServerMessage =
  | { type: 'ready'; organizationId: string; userId: string; expiresAt: number }
  | { type: 'subscribed'; teamId: string }
  | { type: 'unsubscribed'; teamId: string }
  | {
      type: 'changed';
      entity: RealtimeEntity;
      ids: string[];
      action: RealtimeChangeAction;
      teamId: string | null;
      actorUserId: string | null;
    }
  /** The token expires soon: answer with a fresh `auth` or the socket is closed at expiry. */
  | { type: 'reauth'; expiresAt: number }
  /** Events may have been missed (the cross-process listener reconnected): refetch what is shown. */
  | { type: 'resync' }
  /** Everyone now in the meeting, sent to the team's pages whenever someone arrives, moves or leaves. */
  | { type: 'presence'; teamId: string; meetingId: string; people: MeetingPresence[] }
  | { type: 'error'; code: string; message: string; teamId?: string };
