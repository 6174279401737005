import type { FastifyInstance, FastifyRequest } from 'fastify';
import { notFound, unauthorized } from './errors.js';
import { createTenantRefusalLog, type TenantRefusalLog } from './tenant-refusals.js';

/** Who is asking, inside which organization: the scope every business route works in. */
export interface Caller {
  organizationId: string;
  userId: string;
  /** Set when an API key asks: it acts as the organization (its scopes were checked before the route ran). */
  apiKeyId?: string | null;
}

/** `request.scope` of a route under `/organizations/{organizationId}/...`, resolved before its handler. */
export interface OrganizationScope extends Caller {
  /** Set when a consultant acts inside a client organization: their own organization. */
  originalOrganizationId: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The organization scope of a route whose path holds `:organizationId`, set by the scope hook
     * before any handler or route preHandler runs. Reading it on any other route is a programming
     * error (it throws).
     */
    readonly scope: OrganizationScope;
  }
  interface FastifyInstance {
    /** The refusals the organization scope made in this process, for the data-isolation report. */
    tenantRefusals: TenantRefusalLog;
  }
}

export const ORGANIZATION_PARAM = ':organizationId';
const resolved = Symbol('organizationScope');
type ScopedRequest = FastifyRequest & { [resolved]: OrganizationScope | null };

export const organizationNotFound = () =>
  notFound('organization.not_found', 'This organization does not exist or you do not belong to it');

/**
 * Routes under `/organizations/{organizationId}/...` act only in the caller's own organization (the
 * one of their access token). One `preHandler` hook, registered before every other one (the
 * revision cache's included), compares the path's id with the token's and puts the result on
 * `request.scope`; another organization's id reads as absent: 404, the same answer as an id that
 * does not exist, so ids of other tenants cannot even be confirmed.
 *
 * It runs after validation (a malformed id stays a 400, as before) and costs no query: whether the
 * caller is still an active member (or holds a consultant grant) is proven by the use case inside
 * its own transaction, and a cached list answer is keyed by the organization's revision, which
 * every membership or grant change raises (decisions 0004 and 0006).
 *
 * Each refusal is remembered (route pattern and time, never the ids) under both organizations: the
 * data-isolation page shows an organization the refusals it made and the ones aimed at it.
 */
export function registerOrganizationScope(app: FastifyInstance, refusals: TenantRefusalLog = createTenantRefusalLog()) {
  app.decorate('tenantRefusals', refusals);
  app.decorateRequest(resolved, null);
  app.decorateRequest('scope', {
    getter(this: FastifyRequest): OrganizationScope {
      const scope = (this as ScopedRequest)[resolved];
      if (!scope) throw new Error(`request.scope read on a route without ${ORGANIZATION_PARAM}`);
      return scope;
    },
  });

  app.addHook('preHandler', (request, _reply, done) => {
    const route = request.routeOptions.url;
    if (!route?.includes(ORGANIZATION_PARAM)) return done();
    const auth = request.auth;
    if (!auth) return done(unauthorized());
    const { organizationId } = request.params as { organizationId?: unknown };
    if (organizationId !== auth.organizationId) {
      if (typeof organizationId === 'string') {
        refusals.record({
          callerOrganizationId: auth.organizationId,
          namedOrganizationId: organizationId,
          method: request.method,
          route,
        });
      }
      return done(organizationNotFound());
    }
    (request as ScopedRequest)[resolved] = {
      organizationId: auth.organizationId,
      userId: auth.userId,
      originalOrganizationId: auth.originalOrganizationId,
      apiKeyId: auth.apiKey?.id ?? null,
    };
    done();
  });
}
