import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { reportError } from '../lib/error-reporting';
import { usePageMeta } from '../lib/page-meta';
import { Button } from '../ui/Button';
import NotFoundPage from './NotFoundPage';

export function ErrorFallback() {
  usePageMeta({
    title: 'Something went wrong',
    description: 'An unexpected error occurred.',
    robots: 'noindex,nofollow',
  });
  return (
    <main className="flex min-h-dvh items-center justify-center px-4">
      <div className="max-w-md text-center">
        <h1 className="text-2xl font-bold text-slate-900 dark:text-white">Oops! Something went wrong</h1>
        <p className="mt-3 text-slate-700 dark:text-slate-300">
          An unexpected error stopped this page. Refreshing usually fixes it; if it keeps happening, please tell us
          through the help button once you are back in.
        </p>
        <div className="mt-6 flex justify-center gap-3">
          <Button onClick={() => window.location.reload()}>Refresh Page</Button>
          <Button variant="secondary" onClick={() => window.history.back()}>
            Go Back
          </Button>
        </div>
      </div>
    </main>
  );
}

/** The router's error element: unknown paths show not-found, anything else the fallback page. */
export function RouteErrorPage() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  useEffect(() => {
    if (!notFound) reportError(error, { source: 'route' });
  }, [error, notFound]);
  return notFound ? <NotFoundPage /> : <ErrorFallback />;
}
