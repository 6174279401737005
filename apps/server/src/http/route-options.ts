import { organizationParamsSchema } from '@keel/contract';
import type { ZodType } from 'zod';

/**
 * Route options that the business modules would otherwise write out again for every object kind.
 * Each returns exactly what a module wrote by hand (same schemas, status code and config), so the
 * OpenAPI document and the behaviour are unchanged; the handler stays at the call site, typed by
 * these schemas.
 */

const described = (description: string | undefined) => (description === undefined ? {} : { description });

/**
 * `GET /organizations/{organizationId}/<objects>`: one team's list, answered from the revision
 * cache while the organization's list revision stands (decision 0004).
 */
export function cachedListRoute<Q extends ZodType, R extends ZodType>(
  tags: string[],
  querystring: Q,
  page: R,
  description?: string,
) {
  return {
    config: { revisionCached: true },
    schema: {
      tags,
      ...described(description),
      params: organizationParamsSchema,
      querystring,
      response: { 200: page },
    },
  };
}

/** `POST /organizations/{organizationId}/<objects>`: creates, answering 201 with what it created. */
export const createRoute = <B extends ZodType, R extends ZodType>(
  tags: string[],
  body: B,
  created: R,
  description?: string,
) => createChildRoute(tags, organizationParamsSchema, body, created, description);

/** `POST …/:id/<children>`: adds to one object (a comment, a milestone…), answering 201. */
export function createChildRoute<P extends ZodType, B extends ZodType, R extends ZodType>(
  tags: string[],
  params: P,
  body: B,
  created: R,
  description?: string,
) {
  return { schema: { tags, ...described(description), params, body, response: { 201: created } } };
}

/** A route on one object (`…/:id`, `…/:id/<action>`) with a body, answering 200 with `response`. */
export function objectRoute<P extends ZodType, B extends ZodType, R extends ZodType>(
  tags: string[],
  params: P,
  body: B,
  response: R,
) {
  return { schema: { tags, params, body, response: { 200: response } } };
}
