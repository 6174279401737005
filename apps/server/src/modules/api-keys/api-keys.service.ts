import { randomBytes } from 'node:crypto';
import {
  API_KEY_PREFIX,
  API_KEYS_MAX,
  type ApiKey,
  type ApiKeyScope,
  type CreateApiKeyRequest,
  type CreatedApiKey,
} from '@keel/contract';
import type { Database } from '../../db/database.js';
import { afterCommit } from '../../db/scope.js';
import { publishChange, type ChangeBus } from '../../realtime/change-bus.js';
import { recordAuditEvent } from '../audit/index.js';
import { asAdmin, asAdminReader, type Caller, type RequestMeta } from '../organizations/index.js';
import { insertKeyPrincipal } from '../people/index.js';
import * as errors from './api-keys.errors.js';
import { hashApiKeySecret, type ApiKeyGate } from './api-keys.gate.js';
import * as repository from './api-keys.repository.js';

const HINT_LENGTH = API_KEY_PREFIX.length + 6;

function statusOf(row: repository.ApiKeyRow, now: Date): ApiKey['status'] {
  if (row.revokedAt) return 'revoked';
  if (row.expiresAt && row.expiresAt <= now) return 'expired';
  return 'active';
}

function toApiKey(row: repository.ApiKeyRow & { createdByName?: string | null }, now: Date): ApiKey {
  return {
    id: row.id,
    name: row.name,
    hint: `${row.hint}…`,
    scopes: row.scopes as ApiKeyScope[],
    createdAt: row.createdAt.toISOString(),
    createdByName: row.createdByName ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    status: statusOf(row, now),
  };
}

export function createApiKeysService(deps: { db: Database; gate: ApiKeyGate; changes: ChangeBus; now?: () => Date }) {
  const { db, gate } = deps;
  const now = deps.now ?? (() => new Date());
  const announce = (caller: Caller, id: string) =>
    publishChange(deps.changes, caller, { teamId: null, entity: 'integration', ids: [id], action: 'updated' });

  return {
    async list(caller: Caller): Promise<ApiKey[]> {
      const rows = await asAdminReader(db, caller, () => repository.listApiKeys(caller.organizationId));
      const at = now();
      return rows.map((row) => toApiKey(row, at));
    },

    /** The secret is made here, shown in this answer only, and kept as its SHA-256 (it is random, so no salt is needed). */
    async create(caller: Caller, request: CreateApiKeyRequest, meta: RequestMeta): Promise<CreatedApiKey> {
      const secret = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
      const created = await asAdmin(db, caller, async (member) => {
        const { organizationId } = member;
        if ((await repository.countUnrevokedApiKeys(organizationId)) >= API_KEYS_MAX) throw errors.tooManyKeys();
        const principal = await insertKeyPrincipal(request.name);
        const row = await repository.insertApiKey(organizationId, {
          name: request.name,
          hint: secret.slice(0, HINT_LENGTH),
          secretHash: hashApiKeySecret(secret),
          scopes: [...request.scopes],
          principalUserId: principal.id,
          createdById: member.userId,
          expiresAt: request.expiresAt ? new Date(request.expiresAt) : null,
        });
        await recordAuditEvent(organizationId, {
          actorUserId: member.userId,
          action: 'api_key.created',
          targetType: 'api_key',
          targetId: row.id,
          summary: { name: row.name, scopes: row.scopes, expiresAt: row.expiresAt?.toISOString() ?? null },
          ...meta,
        });
        return row;
      });
      announce(caller, created.id);
      return { key: toApiKey(created, now()), secret };
    },

    /** Refused from the next request on, in this process at once. */
    async revoke(caller: Caller, keyId: string, meta: RequestMeta): Promise<ApiKey> {
      const revoked = await asAdmin(db, caller, async (member) => {
        const { organizationId } = member;
        const row = await repository.revokeApiKey(organizationId, keyId, now());
        if (!row) throw errors.keyNotFound();
        await recordAuditEvent(organizationId, {
          actorUserId: member.userId,
          action: 'api_key.revoked',
          targetType: 'api_key',
          targetId: row.id,
          summary: { name: row.name },
          ...meta,
        });
        afterCommit(() => gate.forget(row.id));
        return row;
      });
      gate.forget(revoked.id);
      announce(caller, revoked.id);
      return toApiKey(revoked, now());
    },
  };
}

export type ApiKeysService = ReturnType<typeof createApiKeysService>;
