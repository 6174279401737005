import { ERROR_REPORTING_SAMPLING, clientConfigSchema, envelope, type ClientConfig } from '@keel/contract';
import type { ErrorReporterSettings } from '../config.js';
import type { TypedApp } from './types.js';

/** The browser's run-time settings: read by the web app at start, before anyone signs in. */
export function clientConfigRoute(app: TypedApp, errorReporting: ErrorReporterSettings | undefined) {
  const answer: ClientConfig = {
    sentry: errorReporting
      ? {
          dsn: errorReporting.dsn,
          environment: errorReporting.environment,
          release: errorReporting.release ?? null,
          ...ERROR_REPORTING_SAMPLING,
        }
      : null,
  };
  app.get(
    '/client-config',
    {
      config: { public: true },
      schema: {
        tags: ['system'],
        summary: "The web app's run-time settings (where it reports errors, if anywhere)",
        response: { 200: envelope(clientConfigSchema) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return { data: answer };
    },
  );
}
