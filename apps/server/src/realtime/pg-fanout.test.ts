import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ChangeEvent } from './change-bus.js';
import { decodeEnvelope, encodeEnvelope } from './pg-fanout.js';

const event: ChangeEvent = {
  organizationId: randomUUID(),
  teamId: null,
  entity: 'todo',
  ids: [randomUUID()],
  action: 'deleted',
  actorUserId: null,
};

describe('NOTIFY payloads', () => {
  it('round-trips an event with its origin', () => {
    expect(decodeEnvelope(encodeEnvelope('p1', event))).toEqual({ o: 'p1', e: event });
  });

  it('stays under PostgreSQL’s 8000-byte limit by dropping the ids of a huge event', () => {
    const huge = { ...event, ids: Array.from({ length: 500 }, () => randomUUID()) };
    const payload = encodeEnvelope('p1', huge);
    expect(Buffer.byteLength(payload)).toBeLessThan(8000);
    expect(decodeEnvelope(payload)).toEqual({ o: 'p1', e: { ...huge, ids: [] } });
  });

  it('reads a resync notice and ignores anything malformed', () => {
    expect(decodeEnvelope(JSON.stringify({ o: 'p2', resync: true }))).toEqual({ o: 'p2', resync: true });
    for (const payload of [
      'not json',
      '{}',
      JSON.stringify({ o: 'p1', e: { ...event, action: 'exploded' } }),
      JSON.stringify({ o: 'p1', e: { ...event, ids: [1] } }),
      JSON.stringify({ o: 1, e: event }),
    ]) {
      expect(decodeEnvelope(payload)).toBeNull();
    }
  });
});
