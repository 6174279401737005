import type {
  CascadingMessage,
  CascadingMessageDirection,
  CascadingMessagePage,
  CascadingMessageReceipts,
  CreateCascadingMessageRequest,
} from '@keel/contract';
import type { Database } from '../../db/database.js';
import { decodeCursor, encodeCursor } from '../../http/pagination.js';
import { publishChange, type ChangeBus } from '../../realtime/change-bus.js';
import { recordAuditEvent } from '../audit/index.js';
import type { Caller, RequestMeta } from '../organizations/index.js';
import * as repository from './cascading-messages.repository.js';
import type { MessageRow } from './cascading-messages.repository.js';
import { asReader, asWriter, fullName } from './headlines.policy.js';
import { cannotSendToOwnTeam, messageNotFound, teamNotFound } from './headlines.errors.js';
import { findActiveTeams } from './headlines.repository.js';

export interface CascadingMessagesServiceDeps {
  db: Database;
  changes: ChangeBus;
}

export interface MessageListOptions {
  teamId: string;
  direction: CascadingMessageDirection;
  limit: number;
  cursor?: string | undefined;
}

/** Messages with their receiving teams and read counts: three queries whatever the page's length. */
async function withRecipients(organizationId: string, userId: string, rows: MessageRow[]): Promise<CascadingMessage[]> {
  const ids = rows.map((row) => row.id);
  const [teams, counts] = [
    await repository.listRecipientTeams(organizationId, ids),
    await repository.countReceipts(organizationId, ids, userId),
  ];
  const teamsOf = new Map<string, { id: string; name: string }[]>();
  for (const team of teams) {
    const list = teamsOf.get(team.messageId) ?? [];
    list.push({ id: team.id, name: team.name });
    teamsOf.set(team.messageId, list);
  }
  const countsOf = new Map(counts.map((count) => [count.messageId, count]));
  return rows.map((row) => {
    const count = countsOf.get(row.id);
    return {
      id: row.id,
      text: row.text,
      details: row.details,
      fromTeam: { id: row.fromTeamId, name: row.fromTeamName },
      toTeams: teamsOf.get(row.id) ?? [],
      author: { id: row.authorId, name: fullName(row.authorFirstName, row.authorLastName) },
      createdAt: row.createdAt.toISOString(),
      readByMe: count?.readByMe ?? false,
      readCount: count?.readCount ?? 0,
      recipientCount: count?.recipientCount ?? 0,
    };
  });
}

async function loadMessage(organizationId: string, userId: string, id: string): Promise<CascadingMessage> {
  const row = await repository.findMessage(organizationId, id);
  if (!row) throw messageNotFound();
  const [message] = await withRecipients(organizationId, userId, [row]);
  if (!message) throw messageNotFound();
  return message;
}

export function createCascadingMessagesService(deps: CascadingMessagesServiceDeps) {
  const { db, changes: bus } = deps;

  /** Every team that shows the message: the sender's "sent" list and each receiving team's headlines. */
  const publish = (caller: Caller, message: CascadingMessage, action: 'created' | 'updated') => {
    for (const teamId of [message.fromTeam.id, ...message.toTeams.map((team) => team.id)]) {
      publishChange(bus, caller, { teamId, entity: 'cascading_message', ids: [message.id], action });
    }
  };

  return {
    list: (caller: Caller, query: MessageListOptions): Promise<CascadingMessagePage> => {
      const after = decodeCursor(query.cursor, repository.messageCursorShape);
      return asReader(db, caller, async ({ organizationId, userId }) => {
        const [team] = await findActiveTeams(organizationId, [query.teamId]);
        if (!team) throw teamNotFound();
        const options = { teamId: query.teamId, limit: query.limit, after };
        const rows =
          query.direction === 'sent'
            ? await repository.listSentPage(organizationId, options)
            : await repository.listReceivedPage(organizationId, options);
        const visible = rows.slice(0, query.limit);
        const last = visible.at(-1);
        return {
          data: await withRecipients(organizationId, userId, visible),
          page: { nextCursor: rows.length > query.limit && last ? encodeCursor([last.position, last.id]) : null },
        };
      });
    },

    get: (caller: Caller, id: string): Promise<CascadingMessage> =>
      asReader(db, caller, ({ organizationId, userId }) => loadMessage(organizationId, userId, id)),

    create: async (
      caller: Caller,
      request: CreateCascadingMessageRequest,
      meta: RequestMeta,
    ): Promise<CascadingMessage> => {
      const toTeamIds = [...new Set(request.toTeamIds)];
      if (toTeamIds.includes(request.fromTeamId)) throw cannotSendToOwnTeam();
      const message = await asWriter(db, caller, async ({ organizationId, userId }) => {
        const found = await findActiveTeams(organizationId, [request.fromTeamId, ...toTeamIds]);
        if (found.length !== toTeamIds.length + 1) throw teamNotFound();
        const { id } = await repository.insertMessage(organizationId, {
          fromTeamId: request.fromTeamId,
          authorId: userId,
          text: request.text,
          details: request.details || null,
          toTeamIds,
        });
        await recordAuditEvent(organizationId, {
          actorUserId: userId,
          action: 'cascading_message.sent',
          targetType: 'cascading_message',
          targetId: id,
          summary: { fromTeamId: request.fromTeamId, toTeamIds },
          ...meta,
        });
        return loadMessage(organizationId, userId, id);
      });
      publish(caller, message, 'created');
      return message;
    },

    markRead: async (caller: Caller, id: string, meta: RequestMeta): Promise<CascadingMessage> => {
      const { message, changed } = await asWriter(db, caller, async ({ organizationId, userId }) => {
        if (!(await repository.findMessage(organizationId, id))) throw messageNotFound();
        const inserted = await repository.insertReceipt(organizationId, id, userId);
        if (inserted) {
          await recordAuditEvent(organizationId, {
            actorUserId: userId,
            action: 'cascading_message.read',
            targetType: 'cascading_message',
            targetId: id,
            ...meta,
          });
        }
        return { message: await loadMessage(organizationId, userId, id), changed: inserted };
      });
      if (changed) publish(caller, message, 'updated');
      return message;
    },

    receipts: (caller: Caller, id: string): Promise<CascadingMessageReceipts> =>
      asReader(db, caller, async ({ organizationId, userId }) => {
        const message = await loadMessage(organizationId, userId, id);
        const readers = await repository.listReaders(organizationId, id);
        return {
          messageId: id,
          readCount: message.readCount,
          recipientCount: message.recipientCount,
          readers: readers.map((reader) => ({
            user: { id: reader.userId, name: fullName(reader.firstName, reader.lastName) },
            readAt: reader.readAt.toISOString(),
            isRecipient: reader.isRecipient,
          })),
        };
      }),
  };
}

export type CascadingMessagesService = ReturnType<typeof createCascadingMessagesService>;
