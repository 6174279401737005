import { createHash } from 'node:crypto';
import { API_KEY_PREFIX } from '@keel/contract';
import type { Database } from '../../db/database.js';
import { inAccountScope, inTenant } from '../../db/scope.js';
import type { RequestAuth } from '../../http/authenticate.js';
import * as repository from './api-keys.repository.js';

const MAX_REMEMBERED = 10_000;
/** How often a key's "last used" is written: a busy key costs one write a minute, not one per request. */
const LAST_USED_EVERY_MS = 60_000;

export const hashApiKeySecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

interface RememberedKey {
  id: string;
  organizationId: string;
  principalUserId: string;
  scopes: readonly string[];
  expiresAt: number | null;
  checkedAt: number;
  lastUsedAt: number;
}

export interface ApiKeyGate {
  /** The claims a key speaks with, or null for a key that is unknown, revoked or expired. */
  verify(secret: string): Promise<RequestAuth | null>;
  /** A revoked key stops working in this process at once, whatever was remembered of it. */
  forget(keyId: string): void;
}

/**
 * Checking a key is one indexed read; remembering the answer for `ttlMs` makes a key's request cost what a
 * signed-in one does (whose session is checked the same way). A revocation in this process applies at once;
 * another process learns it within `ttlMs`, as it learns of a session ended elsewhere.
 */
export function createApiKeyGate(db: Database, ttlMs: number, now: () => number = Date.now): ApiKeyGate {
  const remembered = new Map<string, RememberedKey>();

  function touch(key: RememberedKey, at: number) {
    if (at - key.lastUsedAt < LAST_USED_EVERY_MS) return;
    key.lastUsedAt = at;
    // After the answer, never in its way: a lost "last used" write is only a less precise time.
    void inTenant(db, { organizationId: key.organizationId, userId: key.principalUserId }, () =>
      repository.touchApiKey(key.organizationId, key.id, new Date(at)),
    ).catch(() => undefined);
  }

  async function lookUp(hash: string, at: number): Promise<RememberedKey | null> {
    const known = remembered.get(hash);
    if (known && at - known.checkedAt < ttlMs) return known;
    const row = await inAccountScope(db, () => repository.findApiKeyBySecretHash(hash));
    if (!row || row.revokedAt) {
      remembered.delete(hash);
      return null;
    }
    if (remembered.size >= MAX_REMEMBERED) remembered.clear();
    const key: RememberedKey = {
      id: row.id,
      organizationId: row.organizationId,
      principalUserId: row.principalUserId,
      scopes: row.scopes,
      expiresAt: row.expiresAt?.getTime() ?? null,
      checkedAt: at,
      lastUsedAt: known?.lastUsedAt ?? row.lastUsedAt?.getTime() ?? 0,
    };
    remembered.set(hash, key);
    return key;
  }

  return {
    async verify(secret) {
      if (!secret.startsWith(API_KEY_PREFIX) || secret.length > 200) return null;
      const at = now();
      const key = await lookUp(hashApiKeySecret(secret), at);
      if (!key || (key.expiresAt !== null && key.expiresAt <= at)) return null;
      touch(key, at);
      return {
        userId: key.principalUserId,
        organizationId: key.organizationId,
        sessionId: '',
        originalOrganizationId: null,
        apiKey: { id: key.id, scopes: key.scopes },
      };
    },
    forget(keyId) {
      for (const [hash, key] of remembered) if (key.id === keyId) remembered.delete(hash);
    },
  };
}
