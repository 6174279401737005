import { vi } from 'vitest';

export interface StubCall {
  method: string;
  path: string;
  /** The path with its query string, e.g. "/organizations/…/todos?teamId=…". */
  url: string;
  body: unknown;
  headers: Headers;
}

type Reply = { status?: number; body?: unknown; headers?: Record<string, string> };
type Handler = (call: StubCall) => Reply | Promise<Reply>;

/** A JWT whose payload carries `exp`, for code that reads the expiry (the signature is never checked). */
export function fakeJwt(expSeconds: number): string {
  const encode = (value: object) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sub: 'user', exp: expSeconds })}.signature`;
}

export const inSeconds = (seconds: number) => Math.floor(Date.now() / 1000) + seconds;

/**
 * Replaces global fetch (the server runs outside the test process). Routes are "METHOD /path"
 * relative to /api/v1; a route given an array answers its replies in turn (the last one repeats).
 * Unknown routes answer 404 so an unexpected call shows up as a failure, never a hang.
 */
export function stubFetch(routes: Record<string, Handler | Reply | Reply[]>) {
  const calls: StubCall[] = [];
  const counters = new Map<string, number>();
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : input.toString(), 'http://localhost');
    const path = url.pathname.replace(/^\/api\/v1/, '');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : init?.body;
    const call: StubCall = { method, path, url: `${path}${url.search}`, body, headers: new Headers(init?.headers) };
    calls.push(call);
    const key = `${method} ${path}`;
    const route = routes[key];
    let reply: Reply;
    if (route === undefined) reply = { status: 404, body: { error: `No stub for ${key}`, code: 'test.unstubbed' } };
    else if (typeof route === 'function') reply = await route(call);
    else if (Array.isArray(route)) {
      const index = counters.get(key) ?? 0;
      counters.set(key, index + 1);
      reply = route[Math.min(index, route.length - 1)] ?? {};
    } else reply = route;
    const status = reply.status ?? 200;
    return new Response(reply.body === undefined || status === 204 ? null : JSON.stringify(reply.body), {
      status,
      headers: { 'Content-Type': 'application/json', ...reply.headers },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock, callsTo: (key: string) => calls.filter((call) => `${call.method} ${call.path}` === key) };
}
