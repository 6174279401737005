import type { Database } from '../../db/database.js';
import { inAccountScope } from '../../db/scope.js';
import * as repository from './auth.repository.js';

const MAX_REMEMBERED = 50_000;

/**
 * Access tokens live 15 minutes; a session ended elsewhere (sign-out, "sign out everywhere", a new
 * password, deactivation) must stop working sooner. Each process asks the database whether a
 * session is still live at most once per `ttlMs` (an ended session is remembered for good), so a
 * busy session costs one indexed query every few seconds, not one per request.
 */
export function createSessionGate(db: Database, ttlMs: number, now: () => number = Date.now) {
  const live = new Map<string, number>();
  const ended = new Set<string>();
  const remember = <T>(collection: { size: number; clear(): void }, add: () => T) => {
    if (collection.size >= MAX_REMEMBERED) collection.clear();
    return add();
  };

  return {
    async isLive(sessionId: string): Promise<boolean> {
      // Every issued token names its session; an empty id never comes from a token.
      if (!sessionId) return true;
      if (ended.has(sessionId)) return false;
      const checkedAt = live.get(sessionId);
      if (checkedAt !== undefined && now() - checkedAt < ttlMs) return true;
      const stillLive = await inAccountScope(db, () => repository.isRefreshFamilyLive(sessionId, new Date(now())));
      if (stillLive) remember(live, () => live.set(sessionId, now()));
      else {
        live.delete(sessionId);
        remember(ended, () => ended.add(sessionId));
      }
      return stillLive;
    },
  };
}

export type SessionGate = ReturnType<typeof createSessionGate>;
