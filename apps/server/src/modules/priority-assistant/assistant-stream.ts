import { PassThrough } from 'node:stream';
import type { AssistantStreamEvent } from '@keel/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AnswerWatch } from './priority-assistant.service.js';

export const EVENT_STREAM = 'text/event-stream';
/** The page needs a sign of life, not every token: at most one progress event this often. */
const PROGRESS_EVERY_MS = 100;

const eventText = (event: AssistantStreamEvent) => `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;

/**
 * Answers an assistant POST: `{ data }` as JSON, or, with "Accept: text/event-stream", server-sent events
 * (progress while the model writes, then one result). The stream opens only once the answer is under way, so a
 * refusal (401, 403, 404) still answers with its status and JSON body.
 */
export async function answerAssistant<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  run: (watch: AnswerWatch) => Promise<T>,
) {
  // A page that goes away stops the model: its answer would reach nobody.
  const gone = new AbortController();
  const onClose = () => {
    if (!reply.raw.writableFinished) gone.abort();
  };
  reply.raw.once('close', onClose);
  if (!String(request.headers.accept ?? '').includes(EVENT_STREAM)) {
    return { data: await run({ signal: gone.signal }) };
  }
  let stream: PassThrough | undefined;
  const open = () => {
    if (!stream) {
      stream = new PassThrough();
      void reply
        .code(200)
        .header('content-type', `${EVENT_STREAM}; charset=utf-8`)
        .header('cache-control', 'no-store')
        .header('x-accel-buffering', 'no')
        .send(stream);
    }
    return stream;
  };
  let lastProgressAt = 0;
  try {
    const data = await run({
      signal: gone.signal,
      onProgress: (progress) => {
        const at = Date.now();
        if (at - lastProgressAt < PROGRESS_EVERY_MS) return;
        lastProgressAt = at;
        open().write(eventText({ type: 'progress', characters: progress.characters, text: progress.text }));
      },
    });
    open().end(eventText({ type: 'result', data }));
  } catch (error) {
    if (!stream) throw error;
    request.log.error({ err: error }, 'the priority assistant failed after its answer had started');
    stream.end();
  }
  return reply;
}
