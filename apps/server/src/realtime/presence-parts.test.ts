import { randomUUID } from 'node:crypto';
import type { MeetingPresence } from '@keel/contract';
import { describe, expect, it } from 'vitest';
import { decodeEnvelope } from './pg-fanout.js';
import { createPresence, type PresenceSnapshot } from './presence.js';
import { createPresenceAssembler, encodePresenceParts } from './presence-parts.js';

const meeting = { organizationId: randomUUID(), teamId: randomUUID(), meetingId: randomUUID() };
const ORIGIN = randomUUID();

const snapshotOf = (people: MeetingPresence[]): PresenceSnapshot => ({ ...meeting, people });
const crowd = (size: number): MeetingPresence[] =>
  Array.from({ length: size }, (_, index) => ({ userId: randomUUID(), section: index % 20 }));
const byUser = (people: readonly MeetingPresence[]) => [...people].sort((a, b) => a.userId.localeCompare(b.userId));

/** What a receiving process makes of the payloads: decoded as NOTIFY payloads, then put together. */
function receive(payloads: readonly string[], assembler = createPresenceAssembler()) {
  const heard: PresenceSnapshot[] = [];
  for (const payload of payloads) {
    const envelope = decodeEnvelope(payload);
    if (!envelope || !('part' in envelope)) throw new Error(`not a presence part: ${payload.slice(0, 80)}`);
    const snapshot = assembler.add(envelope.o, envelope.part);
    if (snapshot) heard.push(snapshot);
  }
  return heard;
}

/** A part as a stray or hostile sender might write it: the fields given replace a valid part's. */
const partPayload = (part: Record<string, unknown>) =>
  JSON.stringify({
    o: ORIGIN,
    part: { ...meeting, sequence: 1, index: 0, total: 1, sections: { '0': [randomUUID()] }, ...part },
  });

describe('presence across processes, in NOTIFY-sized parts', () => {
  it('splits a 1,000-person meeting into parts under PostgreSQL’s limit that put back together the same people', () => {
    const people = crowd(1000);
    const payloads = encodePresenceParts(ORIGIN, snapshotOf(people), 7);
    expect(payloads.length).toBeGreaterThan(1);
    for (const payload of payloads) expect(Buffer.byteLength(payload)).toBeLessThan(7900);

    const heard = receive(payloads);
    expect(heard).toHaveLength(1);
    expect(heard[0]).toMatchObject(meeting);
    expect(byUser(heard[0]?.people ?? [])).toEqual(byUser(people));
  });

  it('hands on nothing until the last part arrives, in whatever order the parts come', () => {
    const people = crowd(600);
    const payloads = encodePresenceParts(ORIGIN, snapshotOf(people), 1);
    const assembler = createPresenceAssembler();
    expect(receive(payloads.slice(1), assembler)).toEqual([]);
    const [whole] = receive(payloads.slice(0, 1), assembler);
    expect(byUser(whole?.people ?? [])).toEqual(byUser(people));
  });

  it('replaces the whole of a larger snapshot when the meeting shrinks to fewer parts, leaving no ghost', () => {
    const presence = createPresence<string>({ ttlMs: 60_000 });
    const assembler = createPresenceAssembler();
    const everyone = crowd(1000);
    const stayers = everyone.slice(0, 50);
    for (const [sequence, people] of [
      [1, everyone],
      [2, stayers],
    ] as const) {
      for (const snapshot of receive(encodePresenceParts(ORIGIN, snapshotOf(people), sequence), assembler)) {
        presence.hear(ORIGIN, snapshot);
      }
      expect(byUser(presence.everyone(meeting.organizationId, meeting.meetingId))).toEqual(byUser(people));
    }
    const [empty] = encodePresenceParts(ORIGIN, snapshotOf([]), 3).map((payload) => decodeEnvelope(payload));
    expect(empty).toEqual({ o: ORIGIN, part: { ...meeting, sequence: 3, index: 0, total: 1, sections: {} } });
    for (const snapshot of receive(encodePresenceParts(ORIGIN, snapshotOf([]), 3), assembler)) {
      presence.hear(ORIGIN, snapshot);
    }
    expect(presence.everyone(meeting.organizationId, meeting.meetingId)).toEqual([]);
  });

  it('never mixes the parts of two snapshots: a newer one drops the unfinished older one', () => {
    const assembler = createPresenceAssembler();
    const older = encodePresenceParts(ORIGIN, snapshotOf(crowd(800)), 1);
    const newer = crowd(700);
    const newerPayloads = encodePresenceParts(ORIGIN, snapshotOf(newer), 2);
    expect(receive(older.slice(0, 2), assembler)).toEqual([]);
    const heard = receive(newerPayloads, assembler);
    expect(heard.map((snapshot) => byUser(snapshot.people))).toEqual([byUser(newer)]);
    expect(receive(older.slice(2), assembler)).toEqual([]);
  });

  it('tells at most 2,000 people of a meeting to the others, in at most 32 parts', () => {
    const people = crowd(2500);
    const payloads = encodePresenceParts(ORIGIN, snapshotOf(people), 1);
    expect(payloads.length).toBeLessThanOrEqual(32);
    for (const payload of payloads) expect(Buffer.byteLength(payload)).toBeLessThan(7900);
    const [whole] = receive(payloads);
    expect(whole?.people).toHaveLength(2000);
  });

  it('ignores malformed, foreign or oversized parts', () => {
    for (const payload of [
      partPayload({ total: 0 }),
      partPayload({ total: 33, index: 0 }),
      partPayload({ index: 1, total: 1 }),
      partPayload({ index: -1 }),
      partPayload({ sequence: 1.5 }),
      partPayload({ sequence: '1' }),
      partPayload({ meetingId: 42 }),
      partPayload({ teamId: undefined }),
      partPayload({ sections: [[randomUUID()]] }),
      partPayload({ sections: { x: [randomUUID()] } }),
      partPayload({ sections: { '-1': [randomUUID()] } }),
      partPayload({ sections: { '01': [randomUUID()] } }),
      partPayload({ sections: { '0': [1] } }),
      partPayload({ sections: { '0': randomUUID() } }),
      partPayload({ sections: { '0': crowd(2001).map((person) => person.userId) } }),
      partPayload({ sections: null }),
      JSON.stringify({ o: ORIGIN, part: 'everyone' }),
      JSON.stringify({ part: { ...meeting, sequence: 1, index: 0, total: 1, sections: {} } }),
    ]) {
      expect(decodeEnvelope(payload), payload.slice(0, 200)).toBeNull();
    }
  });

  it('refuses a snapshot whose parts together hold more than 2,000 people', () => {
    const assembler = createPresenceAssembler();
    const halves = [0, 1].map((index) =>
      partPayload({ index, total: 2, sections: { '0': crowd(1100).map((person) => person.userId) } }),
    );
    expect(receive(halves, assembler)).toEqual([]);
  });

  it('keeps a bounded number of unfinished snapshots, forgetting the oldest first', () => {
    const assembler = createPresenceAssembler();
    const origins = Array.from({ length: 150 }, () => randomUUID());
    const parts = origins.map((origin) => encodePresenceParts(origin, snapshotOf(crowd(300)), 1));
    for (const payloads of parts) expect(receive(payloads.slice(0, 1), assembler)).toEqual([]);
    expect(receive(parts[0]?.slice(1) ?? [], assembler)).toEqual([]);
    expect(receive(parts[149]?.slice(1) ?? [], assembler)).toHaveLength(1);
  });

  it('still hears a snapshot in one piece from a process of the previous version', () => {
    const people = crowd(3);
    expect(decodeEnvelope(JSON.stringify({ o: ORIGIN, p: snapshotOf(people) }))).toEqual({
      o: ORIGIN,
      p: snapshotOf(people),
    });
  });
});
