import { allowanceOfTier } from '@keel/contract';
import type { Database } from '../../db/database.js';
import { readInTenant } from '../../db/scope.js';
import type { TypedApp } from '../../http/types.js';
import type { SeatCheck } from '../members/index.js';
import { findOrganization } from '../organizations/index.js';
import { countSeatHolders, findOrganizationForUpdate } from '../people/index.js';
import * as errors from './billing.errors.js';
import { planName } from './billing.service.js';
import { billingStateOf } from './billing.state.js';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const ORGANIZATION_ROUTE = '/organizations/:organizationId/';
/**
 * What stays open in a read-only organization: paying (billing) and taking one's data away (exports). A
 * person's sign-out, profile and account live outside the organization's routes and are never gated.
 */
const OPEN_WHEN_READ_ONLY = new Set(['billing', 'data-exports']);

/** The first segment after `/organizations/:organizationId/` of a route pattern, or null for other routes. */
export function organizationAreaOf(routeUrl: string | undefined): string | null {
  const at = routeUrl?.indexOf(ORGANIZATION_ROUTE) ?? -1;
  if (!routeUrl || at < 0) return null;
  return routeUrl.slice(at + ORGANIZATION_ROUTE.length).split('/')[0] ?? null;
}

/**
 * With billing on, a write under an organization whose trial ended without a subscription, or whose subscription
 * lapsed, answers 403 `subscription.read_only`; reads go on and nothing is deleted. It runs after the
 * organization scope (so another organization's id is still a 404) and only for writes: one read of the
 * organization's row by its key, beside the transaction the write itself opens.
 */
export function registerReadOnlyGate(app: TypedApp, deps: { db: Database; now?: () => Date }): void {
  const now = deps.now ?? (() => new Date());
  app.addHook('preHandler', async (request) => {
    if (!WRITE_METHODS.has(request.method)) return;
    const area = organizationAreaOf(request.routeOptions.url);
    if (area === null || OPEN_WHEN_READ_ONLY.has(area)) return;
    const { organizationId, userId } = request.scope;
    const organization = await readInTenant(deps.db, { organizationId, userId }, () =>
      findOrganization(organizationId),
    );
    if (organization && billingStateOf(organization, now(), true).readOnly) throw errors.readOnly();
  });
}

/** Refuses, inside the inviting transaction, invitations that would take the organization past its plan's users. */
export const checkSeats: SeatCheck = async (organizationId, newSeats) => {
  if (newSeats <= 0) return;
  // Locked until the inviting transaction ends: two invitations at once cannot both take the last seat.
  const organization = await findOrganizationForUpdate(organizationId);
  if (!organization) return;
  const cap = allowanceOfTier(organization.subscriptionTier).userCap;
  if (cap === null) return;
  const seats = await countSeatHolders(organizationId);
  const needed = seats.active + seats.invited + newSeats;
  if (needed > cap) throw errors.seatLimit(cap, planName(organization.subscriptionTier), needed);
};
