import type { Event, NodeOptions } from '@sentry/node';

type StreamedSpanJSON = Parameters<NonNullable<NodeOptions['beforeSendSpan']>>[0];

/** Headers that may name or authenticate a person; everything else about a request's headers is kept. */
const PERSONAL_HEADERS = new Set([
  'authorization',
  'cookie',
  'set-cookie',
  'x-forwarded-for',
  'x-real-ip',
  'forwarded',
]);
/** Span attributes that carry an address's query string or a client's address. */
const SPAN_QUERY_KEYS = ['http.query', 'url.query'];
const SPAN_URL_KEYS = ['http.url', 'url.full', 'http.target', 'url.path'];
const SPAN_PERSONAL_KEYS = [
  'client.address',
  'http.client_ip',
  'net.peer.ip',
  'network.peer.address',
  'user.email',
  'user.name',
  'user.ip_address',
];

/** `a=1&b=2` -> `a=&b=`: which parameters were sent is useful, their values may be personal. */
export function withoutQueryValues(query: string): string {
  return query
    .split('&')
    .map((pair) => `${pair.split('=')[0] ?? ''}=`)
    .join('&');
}

export function urlWithoutQueryValues(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const hash = url.indexOf('#', at);
  const query = url.slice(at + 1, hash < 0 ? undefined : hash);
  return `${url.slice(0, at)}?${withoutQueryValues(query)}`;
}

function scrubSpanData(data: Record<string, unknown> | undefined) {
  if (!data) return;
  for (const key of SPAN_QUERY_KEYS) {
    if (typeof data[key] === 'string') data[key] = withoutQueryValues(String(data[key]).replace(/^\?/, ''));
  }
  for (const key of SPAN_URL_KEYS) {
    if (typeof data[key] === 'string') data[key] = urlWithoutQueryValues(data[key]);
  }
  for (const key of SPAN_PERSONAL_KEYS) delete data[key];
}

const PERSONAL_ATTRIBUTE =
  /^(user\.(?!id$)|http\.(request|response)\.header\.(authorization|cookie|set-cookie|x-forwarded-for|x-real-ip|forwarded)|http\.request\.body|http\.response\.body)/;

/** A traced span as it leaves: the same rules as for events, on its attributes. */
export function scrubSpan(span: StreamedSpanJSON): StreamedSpanJSON {
  const attributes = span.attributes as Record<string, unknown>;
  scrubSpanData(attributes);
  for (const key of Object.keys(attributes)) {
    if (PERSONAL_ATTRIBUTE.test(key)) delete attributes[key];
  }
  return span;
}

/**
 * The last word on what leaves the server: no request body, cookie, credential,
 * query value or IP address, and of the user only the id. The SDK is also told not to collect them;
 * this holds whatever an integration adds anyway.
 */
export function scrubEvent<E extends Event>(event: E): E {
  const request = event.request;
  if (request) {
    delete request.data;
    delete request.cookies;
    delete request.env;
    if (request.url) request.url = urlWithoutQueryValues(request.url);
    if (typeof request.query_string === 'string') request.query_string = withoutQueryValues(request.query_string);
    else if (request.query_string) delete request.query_string;
    if (request.headers) {
      request.headers = Object.fromEntries(
        Object.entries(request.headers).filter(([name]) => !PERSONAL_HEADERS.has(name.toLowerCase())),
      );
    }
  }
  const userId = event.user?.id;
  if (event.user) event.user = userId === undefined ? {} : { id: userId };
  if (event.contexts?.trace) scrubSpanData(event.contexts.trace.data);
  for (const span of event.spans ?? []) scrubSpanData(span.data);
  for (const breadcrumb of event.breadcrumbs ?? []) {
    const data = breadcrumb.data;
    if (data && typeof data.url === 'string') data.url = urlWithoutQueryValues(data.url);
  }
  return event;
}
