import { describe, expect, it } from 'vitest';
import { isTenantSubdomain } from './product';

describe('isTenantSubdomain', () => {
  it.each([
    ['acme.keel.app', undefined, true],
    ['www.keel.app', undefined, false],
    ['keel.app', undefined, false],
    ['localhost', undefined, false],
    ['127.0.0.1', undefined, false],
    ['acme.keel.co.uk', 'keel.co.uk', true],
    ['keel.co.uk', 'keel.co.uk', false],
    ['acme.other.com', 'keel.app', false],
  ])('%s (domain %s) → %s', (host, domain, expected) => {
    expect(isTenantSubdomain(host, domain)).toBe(expected);
  });
});
