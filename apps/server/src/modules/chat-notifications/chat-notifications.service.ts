import {
  CHAT_CONNECTIONS_MAX,
  maskChatWebhookUrl,
  type ChatConnection,
  type ChatEvent,
  type CreateChatConnectionRequest,
  type UpdateChatConnectionRequest,
} from '@keel/contract';
import type { SecretBox } from '../../crypto/secret-box.js';
import type { Database } from '../../db/database.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { outboundRefusal } from '../../outbound/guarded-post.js';
import { publishChange, type ChangeBus } from '../../realtime/change-bus.js';
import { recordAuditEvent } from '../audit/index.js';
import { asAdmin, asAdminReader, type Caller, type MemberScope, type RequestMeta } from '../organizations/index.js';
import { findActiveTeams } from '../teams/index.js';
import { queueChatPost } from './chat-notifications.delivery.js';
import * as errors from './chat-notifications.errors.js';
import * as repository from './chat-notifications.repository.js';

function toChatConnection(row: repository.ChatConnectionRow): ChatConnection {
  return {
    id: row.id,
    teamId: row.teamId,
    provider: row.provider,
    webhookUrlMasked: row.webhookUrlMasked,
    events: row.events as ChatEvent[],
    enabled: row.enabled,
    disabledReason: row.disabledReason,
    createdAt: row.createdAt.toISOString(),
    version: row.version,
  };
}

export interface ChatNotificationsServiceDeps {
  db: Database;
  jobs: JobQueue;
  changes: ChangeBus;
  secrets: SecretBox;
  appUrl: string;
  allowPrivateAddresses: boolean;
}

export function createChatNotificationsService(deps: ChatNotificationsServiceDeps) {
  const { db, jobs } = deps;
  const announce = (caller: Caller, id: string) =>
    publishChange(deps.changes, caller, { teamId: null, entity: 'integration', ids: [id], action: 'updated' });
  const audit = (member: MemberScope, meta: RequestMeta, action: string, id: string, summary: object) =>
    recordAuditEvent(member.organizationId, {
      actorUserId: member.userId,
      action,
      targetType: 'chat_connection',
      targetId: id,
      summary: { ...summary },
      ...meta,
    });
  const sealed = (url: string) => ({
    webhookUrlSealed: deps.secrets.seal(url),
    webhookUrlMasked: maskChatWebhookUrl(url),
  });

  /** Resolved before the transaction opens: a slow DNS answer never holds a connection. */
  async function checkAddress(url: string | undefined) {
    const refusal = await outboundRefusal(url, deps.allowPrivateAddresses);
    if (refusal) throw errors.addressRefused(refusal);
  }

  async function requireConnection(organizationId: string, id: string) {
    const connection = await repository.findConnection(organizationId, id);
    if (!connection) throw errors.connectionNotFound();
    return connection;
  }

  return {
    list: (caller: Caller) =>
      asAdminReader(db, caller, async (member) =>
        (await repository.listConnections(member.organizationId)).map(toChatConnection),
      ),

    async create(caller: Caller, request: CreateChatConnectionRequest, meta: RequestMeta): Promise<ChatConnection> {
      await checkAddress(request.webhookUrl);
      const row = await asAdmin(db, caller, async (member) => {
        const { organizationId } = member;
        if ((await findActiveTeams(organizationId, [request.teamId])).length === 0) throw errors.teamNotFound();
        if ((await repository.countConnections(organizationId)) >= CHAT_CONNECTIONS_MAX) {
          throw errors.tooManyConnections();
        }
        const created = await repository.insertConnection(organizationId, {
          teamId: request.teamId,
          provider: request.provider,
          events: [...request.events],
          createdById: member.userId,
          ...sealed(request.webhookUrl),
        });
        if (!created) throw errors.alreadyConnected();
        await audit(member, meta, 'chat_connection.created', created.id, {
          teamId: created.teamId,
          provider: created.provider,
          events: created.events,
        });
        return created;
      });
      announce(caller, row.id);
      return toChatConnection(row);
    },

    async update(caller: Caller, id: string, request: UpdateChatConnectionRequest, meta: RequestMeta) {
      await checkAddress(request.webhookUrl);
      const row = await asAdmin(db, caller, async (member) => {
        const { organizationId } = member;
        await requireConnection(organizationId, id);
        const { version, webhookUrl, ...changes } = request;
        // A new address or a person turning it on: whatever Keel said when it turned it off no longer holds.
        const revived = webhookUrl !== undefined || changes.enabled === true;
        const updated = await repository.updateConnection(
          organizationId,
          id,
          {
            ...changes,
            ...(webhookUrl === undefined ? {} : sealed(webhookUrl)),
            ...(revived ? { disabledReason: null, enabled: changes.enabled ?? true } : {}),
          },
          version,
        );
        if (!updated) throw errors.stale();
        await audit(member, meta, 'chat_connection.updated', id, {
          ...changes,
          ...(webhookUrl === undefined ? {} : { webhookUrlChanged: true }),
        });
        return updated;
      });
      announce(caller, id);
      return toChatConnection(row);
    },

    async remove(caller: Caller, id: string, meta: RequestMeta): Promise<void> {
      await asAdmin(db, caller, async (member) => {
        const connection = await requireConnection(member.organizationId, id);
        await repository.deleteConnection(member.organizationId, id);
        await audit(member, meta, 'chat_connection.deleted', id, {
          teamId: connection.teamId,
          provider: connection.provider,
        });
      });
      announce(caller, id);
    },

    /** A test message to this connection alone, sent from the background jobs like any other. */
    async sendTest(caller: Caller, id: string): Promise<void> {
      await asAdmin(db, caller, async (member) => {
        const connection = await requireConnection(member.organizationId, id);
        const [team] = await findActiveTeams(member.organizationId, [connection.teamId]);
        await queueChatPost(jobs, member.organizationId, connection.id, connection.provider, {
          title: `Keel is connected to this channel`,
          summary: `A test message: ${team?.name ?? 'the team'} will post the events it chose here.`,
          sections: [],
          link: { label: 'Open Keel', url: deps.appUrl },
        });
      });
    },
  };
}

export type ChatNotificationsService = ReturnType<typeof createChatNotificationsService>;
