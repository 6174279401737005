import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/** Shared so the session store can drop every cached answer of the previous user on sign-out. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // A 4xx will not get better by asking again; network trouble and 5xx may.
      retry: (failureCount, error) =>
        failureCount < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
    },
    mutations: { retry: false },
  },
});
