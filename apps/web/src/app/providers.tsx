import { lazy, Suspense, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { importWithReload } from '../lib/chunk-reload';
import { queryClient } from '../lib/query-client';

// Toasts only ever follow a user action, so the toaster loads beside the first page instead of before it.
const AppToaster = lazy(() => importWithReload(() => import('./toaster')));

export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Suspense fallback={null}>
        <AppToaster />
      </Suspense>
    </QueryClientProvider>
  );
}
