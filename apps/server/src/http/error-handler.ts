import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorReporter } from '../observability/error-reporter.js';
import { AppError } from './errors.js';

interface ValidationIssue {
  instancePath?: string;
  message?: string;
}

function validationDetails(issues: ValidationIssue[]) {
  return issues.map((issue) => ({
    path: (issue.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.'),
    message: issue.message ?? 'Invalid value',
  }));
}

/** Fastify's own client errors, mapped to the API's error shape. */
const FRAMEWORK_ERRORS: Record<string, { status: number; code: string; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    code: 'request.malformed_json',
    message: 'The request body is not valid JSON',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'request.empty_body', message: 'The request body is empty' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'request.too_large', message: 'The request body is too large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: 'request.unsupported_media_type',
    message: 'Unsupported content type',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    code: 'request.invalid_length',
    message: 'Invalid content length',
  },
  FST_INVALID_MULTIPART_CONTENT_TYPE: {
    status: 415,
    code: 'request.not_multipart',
    message: 'The request must be multipart/form-data',
  },
  FST_REQ_FILE_TOO_LARGE: { status: 413, code: 'request.file_too_large', message: 'The file is too large' },
  FST_FILES_LIMIT: { status: 413, code: 'request.too_many_files', message: 'Too many files' },
  FST_PARTS_LIMIT: { status: 413, code: 'request.too_many_parts', message: 'Too many form fields' },
  FST_ERR_BAD_URL: { status: 400, code: 'request.bad_url', message: 'The address is malformed' },
};

/** Errors a caller causes (4xx) are answered; only the unexpected ones (5xx) go to the error reporter. */
export function registerErrorHandling(app: FastifyInstance, errorReporter?: ErrorReporter) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply
        .code(error.statusCode)
        .send({ error: error.message, code: error.code, ...(error.details ? { details: error.details } : {}) });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = validationDetails(error.validation);
      return reply.code(400).send({
        error: details[0]?.message ?? 'The request is invalid',
        code: 'request.invalid',
        details,
      });
    }
    const known = error.code ? FRAMEWORK_ERRORS[error.code] : undefined;
    if (known) return reply.code(known.status).send({ error: known.message, code: known.code });
    if (error.statusCode === 429) {
      return reply
        .code(429)
        .send({ error: 'Too many requests. Please wait a moment and try again.', code: 'request.rate_limited' });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.code(error.statusCode).send({ error: error.message, code: 'request.invalid' });
    }
    request.log.error({ err: error }, 'unhandled error');
    errorReporter?.captureRequestError(error, {
      method: request.method,
      route: request.routeOptions.url,
      userId: request.auth?.userId,
    });
    return reply.code(500).send({ error: 'Something went wrong on our side. Please try again.', code: 'server.error' });
  });
}

/** Unknown API paths answer in the API's error shape; other GETs fall to the web app when it is served. */
export function registerNotFound(app: FastifyInstance, apiPrefix: string, serveWebApp: boolean) {
  app.setNotFoundHandler((request, reply) => {
    if (serveWebApp && (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith(apiPrefix)) {
      return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
    }
    return reply
      .code(404)
      .send({ error: `No endpoint ${request.method} ${request.url.split('?')[0]}`, code: 'request.no_route' });
  });
}
