import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { Toaster } from 'react-hot-toast';

export function testQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

/**
 * Renders routes in a memory router with a fresh query cache. Each extra path renders a marker
 * so a test can see where a redirect went.
 */
export function renderRoutes(routes: RouteObject[], { path = '/', markers = [] as string[] } = {}) {
  const markerRoutes: RouteObject[] = markers.map((marker) => ({ path: marker, element: <p>at {marker}</p> }));
  const router = createMemoryRouter([...routes, ...markerRoutes], { initialEntries: [path] });
  const queryClient = testQueryClient();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}

/** Renders one element at `path` (default '/') with the markers as other routes. */
export function renderPage(element: ReactElement, options: { path?: string; route?: string; markers?: string[] } = {}) {
  const route = options.route ?? options.path?.split('?')[0] ?? '/';
  return renderRoutes([{ path: route, element }], { path: options.path ?? route, markers: options.markers ?? [] });
}

/** renderPage with react-hot-toast's Toaster beside the element, for pages that confirm or offer Undo in toasts. */
export function renderWithToasts(element: ReactElement, options: Parameters<typeof renderPage>[1] = {}) {
  return renderPage(
    <>
      {element}
      <Toaster />
    </>,
    options,
  );
}
