import {
  useInfiniteQuery,
  useQuery,
  type InfiniteData,
  type QueryKey,
  type UseInfiniteQueryOptions,
  type UseQueryOptions,
} from '@tanstack/react-query';
import { useOrganizationId } from './session-store';

export const NO_ORGANIZATION = 'No organization ID available';

export function requireOrganization(organizationId: string | null): string {
  if (!organizationId) throw new Error(NO_ORGANIZATION);
  return organizationId;
}

/** Stands in for the organization in the key of a query that is disabled because there is none. */
const NO_ORGANIZATION_KEY = 'none';

/**
 * The key of an organization's data: ['organizations', organizationId, entity, ...rest]. The realtime
 * client and the mutations invalidate ['organizations', organizationId, entity], so keep this shape.
 */
export const organizationKey = <const Rest extends readonly unknown[]>(
  organizationId: string | null,
  entity: string,
  ...rest: Rest
) => ['organizations', organizationId ?? NO_ORGANIZATION_KEY, entity, ...rest] as const;

interface Context {
  signal: AbortSignal;
}

type QueryOptions<TData> = Omit<UseQueryOptions<TData, Error, TData, QueryKey>, 'queryKey' | 'queryFn' | 'enabled'> & {
  /** Further conditions; the query is off anyway while there is no organization. */
  enabled?: boolean;
};

/**
 * A query of the signed-in organization's data, keyed ['organizations', id, entity, ...key]: it waits
 * (disabled) while there is no organization, and the fetcher always gets a real id.
 */
export function useOrganizationQuery<TData>(
  entity: string,
  key: readonly unknown[],
  fetcher: (organizationId: string, context: Context) => Promise<TData>,
  { enabled = true, ...options }: QueryOptions<TData> = {},
) {
  const organizationId = useOrganizationId();
  return useQuery({
    ...options,
    queryKey: organizationKey(organizationId, entity, ...key),
    queryFn: ({ signal }) => fetcher(requireOrganization(organizationId), { signal }),
    enabled: organizationId !== null && enabled,
  });
}

type InfiniteOptions<TPage, TParam> = Pick<
  UseInfiniteQueryOptions<TPage, Error, InfiniteData<TPage, TParam>, QueryKey, TParam>,
  'initialPageParam' | 'getNextPageParam' | 'refetchInterval'
> & { enabled?: boolean };

/** The paged form of useOrganizationQuery: the fetcher also gets the page cursor. */
export function useOrganizationInfiniteQuery<TPage, TParam>(
  entity: string,
  key: readonly unknown[],
  fetcher: (organizationId: string, context: Context & { pageParam: TParam }) => Promise<TPage>,
  { enabled = true, ...options }: InfiniteOptions<TPage, TParam>,
) {
  const organizationId = useOrganizationId();
  return useInfiniteQuery<TPage, Error, InfiniteData<TPage, TParam>, QueryKey, TParam>({
    ...options,
    queryKey: organizationKey(organizationId, entity, ...key),
    // TanStack types the context's pageParam conditionally on TParam, which stays open in a generic.
    queryFn: ({ signal, pageParam }) =>
      fetcher(requireOrganization(organizationId), { signal, pageParam: pageParam as TParam }),
    enabled: organizationId !== null && enabled,
  });
}
