import { SUBSCRIPTION_HEADERS, envelope, subscriptionStatusSchema } from '@keel/contract';
import { requireAuth } from '../../http/authenticate.js';
import type { TypedApp } from '../../http/types.js';
import type { SubscriptionService } from './subscription.service.js';

const tags = ['subscription'];

export function subscriptionRoutes(service: SubscriptionService) {
  return async function register(app: TypedApp) {
    app.get(
      '/subscription/status',
      {
        schema: {
          tags,
          description: `Also sent as headers: ${Object.values(SUBSCRIPTION_HEADERS).join(', ')}.`,
          response: { 200: envelope(subscriptionStatusSchema) },
        },
      },
      async (request, reply) => {
        const status = await service.status(requireAuth(request));
        // The spec's client reads the trial from headers; they must never be served from a shared cache.
        reply
          .header('cache-control', 'no-store')
          .header(SUBSCRIPTION_HEADERS.trialActive, String(status.trialActive))
          .header(SUBSCRIPTION_HEADERS.trialDaysRemaining, String(status.daysRemaining))
          .header(SUBSCRIPTION_HEADERS.accountStatus, status.accountStatus)
          .header(SUBSCRIPTION_HEADERS.subscriptionTier, status.subscriptionTier);
        return { data: status };
      },
    );
  };
}
