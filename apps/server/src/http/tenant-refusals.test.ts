import { describe, expect, it } from 'vitest';
import { createTenantRefusalLog } from './tenant-refusals.js';

const route = '/api/v1/organizations/:organizationId/todos';

describe('tenant refusal log', () => {
  it('records a refusal as outgoing under the caller and incoming under the named organization, newest first', () => {
    let tick = 0;
    const log = createTenantRefusalLog(undefined, () => new Date(Date.UTC(2026, 10, 26, 12, 0, ++tick)));
    log.record({ callerOrganizationId: 'a', namedOrganizationId: 'b', method: 'GET', route });
    log.record({ callerOrganizationId: 'a', namedOrganizationId: 'c', method: 'DELETE', route });
    expect(log.of('a')).toEqual([
      { at: new Date('2026-11-26T12:00:02Z'), method: 'DELETE', route, direction: 'outgoing' },
      { at: new Date('2026-11-26T12:00:01Z'), method: 'GET', route, direction: 'outgoing' },
    ]);
    expect(log.of('b')).toEqual([
      { at: new Date('2026-11-26T12:00:01Z'), method: 'GET', route, direction: 'incoming' },
    ]);
    expect(log.of('nobody')).toEqual([]);
  });

  it('keeps the last refusals of each organization only', () => {
    const log = createTenantRefusalLog({ perOrganization: 3, organizations: 100 });
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) {
      log.record({ callerOrganizationId: 'a', namedOrganizationId: 'b', method, route });
    }
    expect(log.of('a').map((refusal) => refusal.method)).toEqual(['DELETE', 'PATCH', 'PUT']);
  });

  it('forgets the organization refused least recently once it remembers too many', () => {
    const log = createTenantRefusalLog({ perOrganization: 20, organizations: 3 });
    log.record({ callerOrganizationId: 'a', namedOrganizationId: 'b', method: 'GET', route });
    log.record({ callerOrganizationId: 'c', namedOrganizationId: 'a', method: 'GET', route });
    // a was named again after b and c arrived: b, then c, are the least recent when d and e arrive.
    log.record({ callerOrganizationId: 'd', namedOrganizationId: 'e', method: 'GET', route });
    expect(log.of('b')).toEqual([]);
    expect(log.of('c')).toEqual([]);
    expect(log.of('d')).toHaveLength(1);
    expect(log.of('e')).toHaveLength(1);
    expect(log.of('a').map((refusal) => refusal.direction)).toEqual(['incoming', 'outgoing']);
  });

  it('hands out copies: a reader cannot change what is kept', () => {
    const log = createTenantRefusalLog();
    log.record({ callerOrganizationId: 'a', namedOrganizationId: 'b', method: 'GET', route });
    log.of('a').length = 0;
    expect(log.of('a')).toHaveLength(1);
  });
});
