import type { FastifyRequest } from 'fastify';
import { requireAuth } from './authenticate.js';
import { notFound } from './errors.js';

/** Who is asking, inside which organization: the scope every business route works in. */
export interface Caller {
  organizationId: string;
  userId: string;
}

/**
 * Routes under `/organizations/{organizationId}/...` act only in the caller's own organization (the
 * one of their access token). Another organization's id reads as absent: 404, the same answer as an
 * id that does not exist, so ids of other tenants cannot even be confirmed.
 */
// Typed as a plain request carrying the param, so zod-typed route requests (any schema) are accepted.
export function callerIn(request: FastifyRequest & { params: { organizationId: string } }): Caller {
  const auth = requireAuth(request);
  if (request.params.organizationId !== auth.organizationId) {
    throw notFound('organization.not_found', 'This organization does not exist or you do not belong to it');
  }
  return { organizationId: auth.organizationId, userId: auth.userId };
}
