import { PassThrough } from 'node:stream';
import type { ImportStage } from '@keel/contract';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../http/errors.js';

export const NDJSON = 'application/x-ndjson';

type Progress = (stage: ImportStage, done: number, total: number) => void;

/** The last line of a failed streamed import: the AppError as the API answers it, anything else as a 500. */
function errorLine(error: unknown, log: FastifyBaseLogger, failure: string) {
  if (error instanceof AppError) {
    return {
      type: 'error' as const,
      status: error.statusCode,
      error: error.message,
      code: error.code,
      ...(error.details ? { details: error.details } : {}),
    };
  }
  log.error({ err: error }, failure);
  return {
    type: 'error' as const,
    status: 500,
    error: 'Something went wrong on our side. Please try again.',
    code: 'server.error',
  };
}

/**
 * Answers an import's commit: 201 with `{ data }` once `commit` is done, or, with "Accept: application/x-ndjson",
 * 200 at once, streamed as progress lines and then one result or error line (`failure` is logged for a 500).
 */
export async function answerImport<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  commit: (progress?: Progress) => Promise<T>,
  failure: string,
) {
  if (!String(request.headers.accept ?? '').includes(NDJSON)) {
    return reply.code(201).send({ data: await commit() });
  }
  const stream = new PassThrough();
  const send = (line: object) => stream.write(`${JSON.stringify(line)}\n`);
  // The answer starts before the work: each stage reports as it goes, and the last line says how it ended.
  void commit((stage, done, total) => send({ type: 'progress', stage, done, total }))
    .then(
      (data) => send({ type: 'result', data }),
      (error: unknown) => send(errorLine(error, request.log, failure)),
    )
    .finally(() => stream.end());
  return reply
    .code(200)
    .header('content-type', `${NDJSON}; charset=utf-8`)
    .header('cache-control', 'no-store')
    .header('x-accel-buffering', 'no')
    .send(stream);
}
