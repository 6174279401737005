import type { Event } from '@sentry/node';
import { describe, expect, it } from 'vitest';
import { scrubEvent, scrubSpan, urlWithoutQueryValues } from './scrub-event.js';

describe('scrubEvent', () => {
  it('keeps of a person only the user id, and of a request neither body, cookie, credential nor query value', () => {
    const event: Event = {
      user: { id: 'user-1', email: 'ada@example.com', ip_address: '203.0.113.9', username: 'ada' },
      request: {
        method: 'POST',
        url: 'https://keel.example/api/v1/things?search=ada%40example.com&page=2',
        query_string: 'search=ada%40example.com&page=2',
        data: { password: 'secret' },
        cookies: { session: 'cookie-secret' },
        headers: { Authorization: 'Bearer token', cookie: 'a=b', 'x-forwarded-for': '203.0.113.9', accept: 'json' },
      },
      breadcrumbs: [{ category: 'http', data: { url: '/api/v1/things?token=abc' } }],
    };
    const scrubbed = scrubEvent(event);
    expect(scrubbed.user).toEqual({ id: 'user-1' });
    expect(scrubbed.request).toEqual({
      method: 'POST',
      url: 'https://keel.example/api/v1/things?search=&page=',
      query_string: 'search=&page=',
      headers: { accept: 'json' },
    });
    expect(scrubbed.breadcrumbs?.[0]?.data).toEqual({ url: '/api/v1/things?token=' });
  });

  it('leaves an event without a user without one', () => {
    expect(scrubEvent<Event>({ message: 'x' }).user).toBeUndefined();
  });
});

describe('scrubSpan', () => {
  it('removes query values, client addresses, credentials and user fields other than the id', () => {
    const span = scrubSpan({
      trace_id: 't',
      span_id: 's',
      name: 'GET /api/v1/things',
      start_timestamp: 1,
      status: 'ok',
      is_segment: true,
      attributes: {
        'url.full': 'http://keel.example/api/v1/things?email=ada%40example.com',
        'url.query': '?email=ada%40example.com',
        'client.address': '203.0.113.9',
        'http.request.header.authorization': 'Bearer token',
        'http.request.header.accept': 'json',
        'user.id': 'user-1',
        'user.email': 'ada@example.com',
      },
    });
    expect(span.attributes).toEqual({
      'url.full': 'http://keel.example/api/v1/things?email=',
      'url.query': 'email=',
      'http.request.header.accept': 'json',
      'user.id': 'user-1',
    });
  });
});

describe('urlWithoutQueryValues', () => {
  it('keeps the fragment out of the query and addresses without a query as they are', () => {
    expect(urlWithoutQueryValues('/a?b=1#c')).toBe('/a?b=');
    expect(urlWithoutQueryValues('/a')).toBe('/a');
  });
});
