import { gunzipSync } from 'node:zlib';
import { closeServer, listenOnFreePort, readBody, sendJson } from '../storage/test-support/stand-in-http.js';

/** One event as posthog-node puts it in a batch. */
export interface CapturedEvent {
  event: string;
  distinct_id: string;
  uuid: string;
  timestamp: string;
  properties: Record<string, unknown>;
}

export interface PostHogBatch {
  api_key: string;
  batch: CapturedEvent[];
}

/**
 * PostHog's capture endpoint (`POST /batch/`, gzip or plain JSON) on a free local port: it keeps every
 * batch it is sent, and answers `failWith` instead of 200 while a test sets one.
 */
export async function startPostHogStandIn() {
  const batches: PostHogBatch[] = [];
  const requests: string[] = [];
  const state: { failWith: number | null } = { failWith: null };
  const { server, origin } = await listenOnFreePort(async (request, response) => {
    requests.push(`${request.method} ${request.url}`);
    const raw = await readBody(request);
    if (state.failWith !== null) return sendJson(response, state.failWith, { type: 'server_error' });
    if (request.method !== 'POST' || request.url !== '/batch/') return sendJson(response, 404, {});
    const text = request.headers['content-encoding'] === 'gzip' ? gunzipSync(raw).toString() : raw.toString();
    batches.push(JSON.parse(text) as PostHogBatch);
    sendJson(response, 200, { status: 1 });
  });
  return {
    origin,
    batches,
    /** Every request that reached the stand-in, captured or not. */
    requests,
    state,
    events: () => batches.flatMap((batch) => batch.batch),
    close: () => closeServer(server),
  };
}
