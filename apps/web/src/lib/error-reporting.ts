import type { ErrorReportingLoaders } from './error-reporting-start';
import type { BrowserErrorReporter } from './sentry-browser';

/**
 * The single place where unexpected errors go. They are always logged; when the server names an
 * error-reporting service (GET /client-config), they are also sent there. The rest of reporting is
 * lazy chunks (error-reporting-start, then the SDK only when a service is configured): the first
 * page does not carry it, and without a service nothing leaves the browser.
 */
let reporter: Promise<BrowserErrorReporter | null> | undefined;

export function reportError(error: unknown, context?: Record<string, unknown>): void {
  console.error('[keel] unexpected error', error, context ?? {});
  void reporter?.then((loaded) => loaded?.capture(error, context));
}

/** Spec section 8: unhandled global errors and promise rejections are logged (and reported when configured). */
export function installGlobalErrorLogging(): void {
  window.addEventListener('error', (event) => reportError(event.error ?? event.message, { kind: 'error' }));
  window.addEventListener('unhandledrejection', (event) => reportError(event.reason, { kind: 'unhandledrejection' }));
}

/** Errors reported before the answer wait for it. Never rejects. */
export function startErrorReporting(loaders?: Partial<ErrorReportingLoaders>): Promise<BrowserErrorReporter | null> {
  reporter = import('./error-reporting-start')
    .then((start) => start.startFromServerSettings(loaders))
    .catch((error: unknown) => {
      console.warn('[keel] error reporting could not start', error);
      return null;
    });
  return reporter;
}
