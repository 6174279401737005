import negotiate from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../db/database.js';
import { readInTenant } from '../../db/scope.js';
import type { CacheLookupCounter } from '../../metrics/index.js';
import { readRevision } from './revisions.repository.js';
import { createResponseCache, type ContentEncoding, type ResponseCache } from './response-cache.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A GET under `/organizations/{organizationId}/` whose answer depends only on the organization's
     * data (as its list revision tracks it), the caller and the URL: served from memory while the
     * revision stands. Every request still reads the revision: one indexed query.
     */
    revisionCached?: boolean;
  }
  interface FastifyRequest {
    revisionCacheKey: string | null;
  }
}

const CACHE_HEADER = 'x-keel-cache';
const ENCODINGS: ContentEncoding[] = ['br', 'gzip'];

function encodingFor(request: FastifyRequest): ContentEncoding {
  const header = request.headers['accept-encoding'];
  return (typeof header === 'string' && negotiate(header, ENCODINGS)) || 'identity';
}

function describe(reply: FastifyReply, encoding: ContentEncoding, outcome: 'hit' | 'miss') {
  reply.header('vary', 'accept-encoding');
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  reply.header(CACHE_HEADER, outcome);
}

export interface RevisionCacheOptions {
  db: Database;
  cache?: ResponseCache;
  /** Told of every lookup, hit or miss (the server's metrics). */
  countLookup?: CacheLookupCounter;
}

/**
 * Lists are read far more often than they change (every open page refetches on every change), and
 * building a 200-row answer (rows, JSON, compression) costs milliseconds; checking the revision costs
 * one indexed read. The key holds organization, revision, caller and URL: another person never gets
 * an answer built for someone else (private to-dos), and any committed change to the organization's
 * data, its memberships or a member's name makes a new revision, hence a new key.
 */
export function registerRevisionCache(app: FastifyInstance, { db, cache, countLookup }: RevisionCacheOptions) {
  const responses = cache ?? createResponseCache({ maxBytes: 64 * 1024 * 1024, maxAgeMs: 5 * 60_000 });
  app.decorateRequest('revisionCacheKey', null);

  app.addHook('preHandler', async (request, reply) => {
    if (!request.routeOptions.config.revisionCached || request.method !== 'GET') return;
    // The organization scope hook ran first: `request.scope` is the caller's own organization.
    const { organizationId, userId } = request.scope;
    const revision = await readInTenant(db, { organizationId, userId }, () => readRevision(organizationId));
    const key = `${organizationId} ${revision} ${userId} ${request.url}`;
    const encoding = encodingFor(request);
    const stored = responses.get(key, encoding);
    countLookup?.(stored === undefined ? 'miss' : 'hit');
    if (stored === undefined) {
      request.revisionCacheKey = key;
      return;
    }
    describe(reply, encoding, 'hit');
    reply.type('application/json; charset=utf-8');
    return reply.send(stored);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const key = request.revisionCacheKey;
    if (!key || reply.statusCode !== 200 || typeof payload !== 'string' || reply.hasHeader('content-encoding')) {
      return payload;
    }
    const encoding = encodingFor(request);
    describe(reply, encoding, 'miss');
    return responses.put(key, payload, encoding);
  });
}
