import { CHAT_POST_TIMEOUT_SECONDS, CHAT_PROVIDERS, type ChatProvider } from '@keel/contract';
import { z } from 'zod';
import type { SecretBox } from '../../crypto/secret-box.js';
import type { Database } from '../../db/database.js';
import { inTenant, readInTenant } from '../../db/scope.js';
import type { DomainEvent } from '../../events/domain-events.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { guardedPost, OutboundRefusedError } from '../../outbound/guarded-post.js';
import type { ChangeBus } from '../../realtime/change-bus.js';
import { chatMessageSchema, providerBody, type ChatMessage } from './chat-notifications.format.js';
import { chatEventOf, messageOfEvent, teamOfEvent } from './chat-notifications.messages.js';
import * as repository from './chat-notifications.repository.js';

export interface ChatPostDeps {
  db: Database;
  jobs: JobQueue;
  changes: ChangeBus;
  secrets: SecretBox;
  allowPrivateAddresses: boolean;
  /** Attempts after the first, with exponential backoff from `retryDelaySeconds`; tests shorten them. */
  retryLimit?: number;
  retryDelaySeconds?: number;
  timeoutMs?: number;
  now?: () => Date;
}

const postPayloadSchema = z.object({
  organizationId: z.uuid(),
  connectionId: z.uuid(),
  message: chatMessageSchema,
});

/** A message to one connection, queued in the current transaction. */
export function queueChatPost(
  jobs: JobQueue,
  organizationId: string,
  connectionId: string,
  provider: ChatProvider,
  message: ChatMessage,
) {
  return jobs.enqueue(
    'chat.post',
    { organizationId, connectionId, message },
    { organizationId, description: `${CHAT_PROVIDERS[provider].label} message: ${message.title.slice(0, 120)}` },
  );
}

/** Subscribed to the domain events: an event a team chose becomes a message per connection, in the change's transaction. */
export function chatFanOut(jobs: JobQueue, appUrl: string) {
  return async (organizationId: string, event: DomainEvent) => {
    const chatEvent = chatEventOf(event.type);
    if (!chatEvent) return;
    const teamId = await teamOfEvent(organizationId, chatEvent, event);
    if (!teamId) return;
    const connections = await repository.connectionsListening(organizationId, teamId, chatEvent);
    if (connections.length === 0) return;
    const message = await messageOfEvent(organizationId, chatEvent, event, teamId, appUrl);
    if (!message) return;
    for (const connection of connections) {
      await queueChatPost(jobs, organizationId, connection.id, connection.provider, message);
    }
  };
}

/** The provider says the webhook no longer exists: sending again cannot help. */
const GONE_STATUSES = new Set([404, 410]);

/** Defines `chat.post`: the message in the connection's provider's format, posted to its sealed webhook address. */
export function defineChatPost(deps: ChatPostDeps) {
  const { db } = deps;
  const timeoutMs = deps.timeoutMs ?? CHAT_POST_TIMEOUT_SECONDS * 1000;
  const now = deps.now ?? (() => new Date());

  async function turnOff(organizationId: string, connectionId: string, status: number) {
    const reason = `Turned off by Keel on ${now().toISOString().slice(0, 10)}: the channel's webhook answered ${status} (it no longer exists). Paste a new webhook address to turn it back on.`;
    const row = await inTenant(db, { organizationId, userId: null }, () =>
      repository.updateConnection(organizationId, connectionId, { enabled: false, disabledReason: reason }),
    );
    if (!row) return;
    deps.changes.publish({
      organizationId,
      teamId: null,
      entity: 'integration',
      ids: [connectionId],
      action: 'updated',
      actorUserId: null,
    });
  }

  deps.jobs.define({
    kind: 'chat.post',
    payload: postPayloadSchema,
    retryLimit: deps.retryLimit ?? 4,
    retryDelaySeconds: deps.retryDelaySeconds ?? 30,
    expireInSeconds: Math.ceil(timeoutMs / 1000) + 60,
    batchSize: 10,
    async run({ organizationId, connectionId, message }) {
      const connection = await readInTenant(db, { organizationId, userId: null }, () =>
        repository.findConnection(organizationId, connectionId),
      );
      // Removed or turned off since: the team no longer wants it.
      if (!connection?.enabled) return;
      let answer;
      try {
        answer = await guardedPost(
          deps.secrets.open(connection.webhookUrlSealed),
          providerBody(connection.provider, message),
          {},
          { timeoutMs, allowPrivate: deps.allowPrivateAddresses },
        );
      } catch (error) {
        // Never the address itself in the error: it is the channel's secret, and failed operations show errors.
        const reason = error instanceof Error ? error.message : String(error);
        throw new Error(error instanceof OutboundRefusedError ? reason : `Could not post: ${reason}`, { cause: error });
      }
      if (answer.status >= 200 && answer.status < 300) return;
      if (GONE_STATUSES.has(answer.status)) return turnOff(organizationId, connectionId, answer.status);
      throw new Error(
        `${CHAT_PROVIDERS[connection.provider].label} answered ${answer.status}: ${answer.body.slice(0, 200)}`,
      );
    },
  });
}
