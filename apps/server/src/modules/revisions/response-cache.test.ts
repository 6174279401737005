import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createResponseCache } from './response-cache.js';

const json = (size: number) => JSON.stringify({ data: 'x'.repeat(size) });

describe('response cache', () => {
  it('answers what was stored, compressed once per encoding', () => {
    const cache = createResponseCache({ maxBytes: 1_000_000, maxAgeMs: 60_000 });
    const body = json(5_000);
    const gzipped = cache.put('a', body, 'gzip');
    expect(gunzipSync(gzipped as Buffer).toString()).toBe(body);
    expect(cache.get('a', 'gzip')).toBe(gzipped);
    expect(cache.get('a', 'identity')).toBe(body);
    expect(cache.get('b', 'identity')).toBeUndefined();
  });

  it('forgets the least recently used answers beyond its byte budget', () => {
    const cache = createResponseCache({ maxBytes: 25_000, maxAgeMs: 60_000 });
    cache.put('first', json(5_000), 'identity');
    cache.put('second', json(5_000), 'identity');
    cache.get('first', 'identity');
    cache.put('third', json(5_000), 'identity');
    cache.put('fourth', json(5_000), 'identity');
    cache.put('fifth', json(5_000), 'identity');
    expect(cache.bytes).toBeLessThanOrEqual(25_000);
    expect(cache.get('second', 'identity')).toBeUndefined();
    expect(cache.get('fifth', 'identity')).toBeDefined();
  });

  it('forgets answers older than their maximum age', () => {
    let now = 0;
    const cache = createResponseCache({ maxBytes: 1_000_000, maxAgeMs: 1_000, now: () => now });
    cache.put('a', json(10), 'identity');
    now = 1_001;
    expect(cache.get('a', 'identity')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('does not keep an answer larger than a quarter of the budget, but still answers it', () => {
    const cache = createResponseCache({ maxBytes: 10_000, maxAgeMs: 60_000 });
    const body = json(5_000);
    expect(gunzipSync(cache.put('big', body, 'gzip') as Buffer).toString()).toBe(body);
    expect(cache.size).toBe(0);
  });
});
