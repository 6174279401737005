import { ERROR_REPORTING_SAMPLING } from '@keel/contract';
import * as Sentry from '@sentry/node';
import type { ErrorReporterSettings } from '../config.js';
import type { ErrorReporter } from './error-reporter.js';
import { scrubEvent, scrubSpan } from './scrub-event.js';

/**
 * Starts Sentry. Imported only when SENTRY_DSN is set, and before the rest of the server: its
 * instrumentation must be in place before the modules it instruments (http, pg) are first loaded.
 */
export function startSentry(settings: ErrorReporterSettings): ErrorReporter {
  Sentry.init({
    dsn: settings.dsn,
    environment: settings.environment,
    ...(settings.release ? { release: settings.release } : {}),
    tracesSampleRate: ERROR_REPORTING_SAMPLING.tracesSampleRate,
    // Trace headers go on the web app's calls to this API (set in the browser), not on the server's calls
    // to other parties (identity providers, cloud drives, S3), which have no use for them.
    tracePropagationTargets: [],
    integrations: [
      // The server's error handler decides what is reported (5xx, not the caller's 4xx) and adds the user id;
      // the integration still traces requests.
      Sentry.fastifyIntegration({ shouldHandleError: () => false }),
    ],
    // What the SDK would otherwise collect by default: of a person, only the id the error handler sets.
    dataCollection: {
      userInfo: false,
      cookies: false,
      httpHeaders: {
        request: { deny: ['authorization', 'cookie', 'x-forwarded-for', 'x-real-ip', 'forwarded'] },
        response: false,
      },
      httpBodies: [],
      urlQueryParams: false,
      databaseQueryData: false,
      queues: false,
      stackFrameVariables: false,
    },
    beforeSend: (event) => scrubEvent(event),
    beforeSendSpan: (span) => scrubSpan(span),
  });
  return {
    captureRequestError(error, request) {
      Sentry.captureException(error, {
        ...(request.userId ? { user: { id: request.userId } } : {}),
        tags: { 'http.method': request.method, ...(request.route ? { 'http.route': request.route } : {}) },
      });
    },
    async flush(timeoutMs) {
      await Sentry.flush(timeoutMs);
    },
  };
}
