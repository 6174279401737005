import {
  INTEREST_FEATURES,
  PRODUCT_EVENT_NAMES,
  type AnalyticsSummary,
  type RecordProductEventRequest,
} from '@keel/contract';
import type { Database } from '../../db/database.js';
import { inAccountScope } from '../../db/scope.js';
import { asMember, asReader, type Caller } from '../organizations/index.js';
import * as errors from './analytics.errors.js';
import * as repository from './analytics.repository.js';
import type { ProductEventRecorder } from './product-events.js';

const DAY_MS = 24 * 60 * 60 * 1000;
export const SUMMARY_SHORT_DAYS = 30;
export const SUMMARY_LONG_DAYS = 90;

export interface AnalyticsServiceDeps {
  db: Database;
  recorder: ProductEventRecorder;
  now?: () => Date;
}

export function createAnalyticsService(deps: AnalyticsServiceDeps) {
  const { db, recorder } = deps;
  const now = deps.now ?? (() => new Date());

  return {
    /**
     * A signed-in person's interest counts for their organization (observers too: showing interest
     * changes nothing); a visitor's is kept without one.
     */
    recordInterest: (caller: Caller | null, request: RecordProductEventRequest): Promise<void> =>
      caller
        ? asMember(db, caller, ({ organizationId, userId }) =>
            recorder.record({ name: request.name, organizationId, userId, properties: { feature: request.feature } }),
          )
        : inAccountScope(db, () =>
            recorder.record({
              name: request.name,
              organizationId: null,
              userId: null,
              properties: { feature: request.feature },
            }),
          ),

    /** Only the owner: the sign-up record carries the owner's e-mail, and interest is a business matter. */
    summary: (caller: Caller): Promise<AnalyticsSummary> =>
      asReader(db, caller, async ({ organizationId, role }) => {
        if (role !== 'owner') throw errors.ownerRequired();
        const at = now().getTime();
        const rows = await repository.countProductEvents(organizationId, {
          short: new Date(at - SUMMARY_SHORT_DAYS * DAY_MS),
          long: new Date(at - SUMMARY_LONG_DAYS * DAY_MS),
        });
        const total = (matches: (row: (typeof rows)[number]) => boolean) =>
          rows.filter(matches).reduce(
            (sum, row) => ({
              last30Days: sum.last30Days + row.shortCount,
              last90Days: sum.last90Days + row.longCount,
            }),
            { last30Days: 0, last90Days: 0 },
          );
        return {
          events: PRODUCT_EVENT_NAMES.map((name) => ({ name, ...total((row) => row.name === name) })),
          features: INTEREST_FEATURES.map((feature) => ({
            feature,
            ...total((row) => row.name === 'feature_interest' && row.feature === feature),
          })),
        };
      }),
  };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
