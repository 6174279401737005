import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * A strict Content-Security-Policy for the single-page app: scripts only from our own origin, no
 * framing by anyone. Inline styles stay allowed because the dialog library injects a <style>
 * element to lock page scroll; scripts never run inline.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: { errorReportingDsn?: string | undefined } = {},
) {
  // The browser sends its error reports to the DSN's origin, and only when one is configured.
  const reportingOrigin = options.errorReportingDsn ? [new URL(options.errorReportingDsn).origin] : [];
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:', ...reportingOrigin],
        // Session replay compresses its recordings in a worker started from a blob: URL.
        ...(reportingOrigin.length > 0 ? { workerSrc: ["'self'", 'blob:'] } : {}),
        // A document's PDF preview is its bytes, fetched with the session, shown from a blob: URL.
        frameSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
}
