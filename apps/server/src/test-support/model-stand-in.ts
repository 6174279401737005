import type { ServerResponse } from 'node:http';
import { closeServer, listenOnFreePort, readBody, sendJson } from '../storage/test-support/stand-in-http.js';

/** What the stand-in answers next: the model's text, an HTTP error, or nothing at all (a timeout). */
export type ModelBehaviour = { kind: 'text'; text: string } | { kind: 'status'; status: number } | { kind: 'silence' };

/** A request as the stand-in received it: the chat messages (or Anthropic's system and messages). */
export interface ReceivedModelRequest {
  path: string;
  authorization: string | undefined;
  apiKey: string | undefined;
  body: {
    model: string;
    stream?: boolean;
    system?: string;
    messages: { role: string; content: string }[];
    response_format?: { type: string; json_schema?: { name: string; schema: unknown } };
  };
}

const PIECES = 4;
const piecesOf = (text: string) => {
  const size = Math.max(1, Math.ceil(text.length / PIECES));
  const pieces: string[] = [];
  for (let at = 0; at < text.length; at += size) pieces.push(text.slice(at, at + size));
  return pieces;
};

function sendEvents(response: ServerResponse, events: string[]) {
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  for (const event of events) response.write(event);
  response.end();
}

function openAiAnswer(response: ServerResponse, model: string, text: string, stream: boolean) {
  const base = { id: 'chatcmpl-standin', created: Math.floor(Date.now() / 1000), model };
  if (!stream) {
    return sendJson(response, 200, {
      ...base,
      object: 'chat.completion',
      choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
      usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
    });
  }
  const chunk = (delta: Record<string, unknown>, finish: string | null) =>
    `data: ${JSON.stringify({ ...base, object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
  sendEvents(response, [
    chunk({ role: 'assistant', content: '' }, null),
    ...piecesOf(text).map((piece) => chunk({ content: piece }, null)),
    chunk({}, 'stop'),
    'data: [DONE]\n\n',
  ]);
}

function anthropicAnswer(response: ServerResponse, model: string, text: string) {
  const event = (type: string, data: Record<string, unknown>) =>
    `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`;
  sendEvents(response, [
    event('message_start', {
      message: {
        id: 'msg_standin',
        type: 'message',
        role: 'assistant',
        model,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { input_tokens: 1, output_tokens: 1 },
      },
    }),
    event('content_block_start', { index: 0, content_block: { type: 'text', text: '' } }),
    ...piecesOf(text).map((piece) =>
      event('content_block_delta', { index: 0, delta: { type: 'text_delta', text: piece } }),
    ),
    event('content_block_stop', { index: 0 }),
    event('message_delta', { delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: 1 } }),
    event('message_stop', {}),
  ]);
}

/**
 * A language model's API on a free local port: OpenAI's `POST /v1/chat/completions` (whole or streamed as SSE
 * chunks ending in `[DONE]`) and Anthropic's streamed `POST /v1/messages`. Each test sets what it answers with
 * `answer` (a function of the request, or one behaviour); every request is kept for assertions.
 */
export async function startModelStandIn() {
  const received: ReceivedModelRequest[] = [];
  let behaviour: (request: ReceivedModelRequest) => ModelBehaviour = () => ({ kind: 'status', status: 500 });
  const silent = new Set<ServerResponse>();
  const { server, origin } = await listenOnFreePort(async (request, response) => {
    const raw = await readBody(request);
    const path = request.url ?? '';
    if (request.method !== 'POST' || (path !== '/v1/chat/completions' && path !== '/v1/messages')) {
      return sendJson(response, 404, { error: { message: 'not found' } });
    }
    const body = JSON.parse(raw.toString()) as ReceivedModelRequest['body'];
    const header = (name: string) => {
      const value = request.headers[name];
      return Array.isArray(value) ? value[0] : value;
    };
    const entry = { path, authorization: header('authorization'), apiKey: header('x-api-key'), body };
    received.push(entry);
    const next = behaviour(entry);
    if (next.kind === 'silence') {
      silent.add(response);
      return;
    }
    if (next.kind === 'status') {
      return sendJson(response, next.status, {
        error: { message: `stand-in error ${next.status}`, type: next.status === 401 ? 'invalid_api_key' : 'error' },
      });
    }
    if (path === '/v1/messages') return anthropicAnswer(response, body.model, next.text);
    openAiAnswer(response, body.model, next.text, body.stream === true);
  });
  return {
    /** The OpenAI-compatible base URL (what ASSISTANT_MODEL_BASE_URL names). */
    baseUrl: `${origin}/v1`,
    origin,
    received,
    answer(next: ModelBehaviour | ((request: ReceivedModelRequest) => ModelBehaviour)) {
      behaviour = typeof next === 'function' ? next : () => next;
    },
    close: async () => {
      for (const response of silent) response.destroy();
      await closeServer(server);
    },
  };
}

export type ModelStandIn = Awaited<ReturnType<typeof startModelStandIn>>;
