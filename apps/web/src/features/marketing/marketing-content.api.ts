import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { marketingContentSchema, type MarketingContent } from '@keel/contract';

const queryKey = ['marketing-content'] as const;

/** A public answer with no session: a plain fetch, parsed by the contract's schema. */
async function fetchMarketingContent(): Promise<MarketingContent> {
  const response = await fetch('/api/v1/marketing-content');
  if (!response.ok) throw new Error(`marketing content answered ${response.status}`);
  return marketingContentSchema.parse(((await response.json()) as { data: unknown }).data);
}

/**
 * The claims this server's operator makes (testimonials, SOC 2 Type II, rating, patent notice). Until the answer
 * arrives, or when it fails, the page shows none of them: a claim is shown only when the operator made it.
 *
 * Read through the query client (shared cache, one request) with a plain fetch rather than `useQuery` and the
 * API client: either on the home page re-splits the chunks the sign-in page shares and grows it (measured with
 * bench/bundle-size.mjs: +1.2 KB and +0.2 KB gzip; decision 0002). The content is read once at the server's
 * start, so nothing needs to watch the cache after the first answer.
 */
export function useMarketingContent(): MarketingContent | undefined {
  const queryClient = useQueryClient();
  const [content, setContent] = useState(() => queryClient.getQueryData<MarketingContent>(queryKey));
  useEffect(() => {
    let mounted = true;
    queryClient.fetchQuery({ queryKey, queryFn: fetchMarketingContent, staleTime: Infinity, retry: false }).then(
      (data) => {
        if (mounted) setContent(data);
      },
      // No answer: no claims, which is what the page already shows.
      () => undefined,
    );
    return () => {
      mounted = false;
    };
  }, [queryClient]);
  return content;
}
