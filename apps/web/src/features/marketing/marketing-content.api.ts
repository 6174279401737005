import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { marketingContentSchema, type MarketingContent } from '@keel/contract';
import { apiRequest } from '../../lib/api-client';

const queryKey = ['marketing-content'] as const;

/**
 * The claims this server's operator makes (testimonials, SOC 2 Type II, rating, patent notice). Until the answer
 * arrives, or when it fails, the page shows none of them: a claim is shown only when the operator made it.
 *
 * Read through the query client (shared cache, one request) rather than `useQuery`: `useQuery` on the home page
 * re-splits the chunks the sign-in page shares and grows it by about 1 KB gzip (measured, decision 0002). The
 * content is read once at the server's start, so nothing needs to watch the cache after the first answer.
 */
export function useMarketingContent(): MarketingContent | undefined {
  const queryClient = useQueryClient();
  const [content, setContent] = useState(() => queryClient.getQueryData<MarketingContent>(queryKey));
  useEffect(() => {
    let mounted = true;
    queryClient
      .fetchQuery({
        queryKey,
        queryFn: () => apiRequest('/marketing-content', { schema: marketingContentSchema }),
        staleTime: Infinity,
        retry: false,
      })
      .then(
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
