import { useMutation, useQuery } from '@tanstack/react-query';
import {
  billingInvoicePageSchema,
  billingOverviewSchema,
  billingPlansSchema,
  billingRedirectSchema,
  type BillingInterval,
  type BillingPlanKey,
} from '@keel/contract';
import { apiRequest, apiRequestWhole } from '../../lib/api-client';
import { useOrganizationInfiniteQuery, useOrganizationQuery, requireOrganization } from '../../lib/organization-query';
import { useOrganizationId } from '../../lib/session-store';

/** Billing's views refresh with the plan: the server announces it as `subscription` when Stripe tells it. */
const ENTITY = 'subscription';
export const INVOICES_PAGE_SIZE = 12;

const billingPath = (organizationId: string, rest = '') =>
  `/organizations/${encodeURIComponent(organizationId)}/billing${rest}`;

/** The plans as this server sells them (public: the same list the public pages show). */
export const useBillingPlans = () =>
  useQuery({
    queryKey: ['billing-plans'],
    queryFn: ({ signal }) => apiRequest('/billing/plans', { schema: billingPlansSchema, signal }),
    staleTime: 10 * 60_000,
  });

/** Back from Stripe Checkout, the plan changes once Stripe's event arrives: asked again meanwhile. */
export const useBillingOverview = (awaitingCheckout: boolean) =>
  useOrganizationQuery(
    ENTITY,
    ['billing'],
    (organizationId, { signal }) => apiRequest(billingPath(organizationId), { schema: billingOverviewSchema, signal }),
    { refetchInterval: (query) => (awaitingCheckout && query.state.data?.state !== 'active' ? 2000 : false) },
  );

export const useInvoices = (enabled: boolean) =>
  useOrganizationInfiniteQuery(
    ENTITY,
    ['invoices'],
    (organizationId, { pageParam, signal }) => {
      const query = new URLSearchParams({ limit: String(INVOICES_PAGE_SIZE) });
      if (pageParam) query.set('cursor', pageParam);
      return apiRequestWhole(billingPath(organizationId, `/invoices?${query.toString()}`), {
        schema: billingInvoicePageSchema,
        signal,
      });
    },
    { initialPageParam: null as string | null, getNextPageParam: (last) => last.page.nextCursor, enabled },
  );

/** Stripe's own pages (Checkout, the Customer Portal): the browser goes there and comes back to /billing. */
function useStripeRedirect<Input>(path: string, body: (input: Input) => unknown) {
  const organizationId = useOrganizationId();
  return useMutation({
    mutationFn: async (input: Input) => {
      const { url } = await apiRequest(billingPath(requireOrganization(organizationId), path), {
        method: 'POST',
        body: body(input),
        schema: billingRedirectSchema,
      });
      window.location.assign(url);
      return url;
    },
  });
}

export const useCheckout = () =>
  useStripeRedirect('/checkout', (input: { plan: BillingPlanKey; interval: BillingInterval }) => input);
export const usePortal = () => useStripeRedirect('/portal', () => ({}));
