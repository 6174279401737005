import type { MeetingPresence } from '@keel/contract';
import type { PresenceSnapshot } from './presence.js';

/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more. */
export const MAX_PAYLOAD_BYTES = 7900;
/**
 * People of one process in one meeting that the other processes are told of (the rest still show on
 * their own process). With uuids a part carries about 190 people, so 2,000 take 11 parts.
 */
export const MAX_PRESENCE_PEOPLE = 2_000;
/** Parts of one snapshot; also bounds what a receiver keeps for a snapshot it has not heard whole yet. */
export const MAX_PRESENCE_PARTS = 32;
/** Snapshots heard in part at once; beyond that the oldest unfinished one is forgotten (it is repeated). */
const MAX_UNFINISHED_SNAPSHOTS = 100;
const SECTION_KEY = /^(0|[1-9]\d{0,5})$/;

/**
 * One NOTIFY-sized part of a process's snapshot of a meeting. `sequence` numbers the sender's
 * snapshots, so parts of two snapshots never mix; `total` is how many parts the snapshot has.
 */
export interface PresencePart {
  organizationId: string;
  teamId: string;
  meetingId: string;
  sequence: number;
  index: number;
  total: number;
  /** The people by section, `{ "0": [userId, …], "3": […] }`: a uuid costs 39 bytes, its section nothing. */
  sections: Record<string, string[]>;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const isCount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;
const jsonBytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value));

/**
 * A snapshot as NOTIFY payloads of `{ o: origin, part }`, each under PostgreSQL's limit; an empty
 * snapshot is one empty part. Sent together, the parts replace everything the sender said before.
 */
export function encodePresenceParts(origin: string, snapshot: PresenceSnapshot, sequence: number): string[] {
  const { organizationId, teamId, meetingId } = snapshot;
  const payload = (index: number, total: number, sections: Record<string, string[]>) =>
    JSON.stringify({ o: origin, part: { organizationId, teamId, meetingId, sequence, index, total, sections } });
  // Measured with the widest index and total, so filling a part never has to be undone.
  const budget = MAX_PAYLOAD_BYTES - Buffer.byteLength(payload(MAX_PRESENCE_PARTS, MAX_PRESENCE_PARTS, {}));
  const people = snapshot.people.slice(0, MAX_PRESENCE_PEOPLE).sort((a, b) => a.section - b.section);

  const parts: Record<string, string[]>[] = [];
  let sections: Record<string, string[]> = {};
  let used = 0;
  // Counts a comma after every id and key: a few bytes too many, never too few.
  const cost = (key: string, userId: string) => jsonBytes(userId) + 1 + (sections[key] ? 0 : jsonBytes(key) + 4);
  for (const { userId, section } of people) {
    const key = String(section);
    if (used > 0 && used + cost(key, userId) > budget) {
      parts.push(sections);
      sections = {};
      used = 0;
    }
    const bytes = cost(key, userId);
    // An id longer than a whole payload cannot travel; user ids are uuids, so this is a stray.
    if (bytes > budget) continue;
    (sections[key] ??= []).push(userId);
    used += bytes;
  }
  parts.push(sections);
  const sent = parts.slice(0, MAX_PRESENCE_PARTS);
  return sent.map((part, index) => payload(index, sent.length, part));
}

/** A part as another process sent it, or null for anything malformed or beyond the limits. */
export function decodePresencePart(value: unknown): PresencePart | null {
  if (!isRecord(value)) return null;
  const { organizationId, teamId, meetingId, sequence, index, total, sections } = value;
  if (
    typeof organizationId !== 'string' ||
    typeof teamId !== 'string' ||
    typeof meetingId !== 'string' ||
    !isCount(sequence) ||
    !isCount(index) ||
    !isCount(total) ||
    total < 1 ||
    total > MAX_PRESENCE_PARTS ||
    index >= total ||
    !isRecord(sections) ||
    Array.isArray(sections)
  ) {
    return null;
  }
  const checked: Record<string, string[]> = {};
  let count = 0;
  for (const [key, userIds] of Object.entries(sections)) {
    if (!SECTION_KEY.test(key) || !Array.isArray(userIds) || !userIds.every((id) => typeof id === 'string')) {
      return null;
    }
    checked[key] = userIds;
    count += userIds.length;
  }
  if (count > MAX_PRESENCE_PEOPLE) return null;
  return { organizationId, teamId, meetingId, sequence, index, total, sections: checked };
}

const countPeople = (sections: Record<string, string[]>) =>
  Object.values(sections).reduce((sum, userIds) => sum + userIds.length, 0);

/**
 * Puts the parts each origin sends back together. A snapshot is handed on only once every part of
 * it arrived, and then replaces the origin's previous one whole: a snapshot that shrank to fewer
 * parts leaves nothing of the older parts behind, and no page ever sees half of a snapshot.
 */
export function createPresenceAssembler() {
  const unfinished = new Map<
    string,
    { sequence: number; total: number; parts: Map<number, Record<string, string[]>>; count: number }
  >();

  return {
    /** Answers the whole snapshot when this part completes it, else null. */
    add(origin: string, part: PresencePart): PresenceSnapshot | null {
      const key = `${origin}:${part.organizationId}:${part.meetingId}`;
      let entry = unfinished.get(key);
      if (!entry || entry.sequence !== part.sequence || entry.total !== part.total) {
        // A newer snapshot of the same origin makes an unfinished older one moot.
        unfinished.delete(key);
        if (unfinished.size >= MAX_UNFINISHED_SNAPSHOTS) {
          const oldest = unfinished.keys().next().value;
          if (oldest !== undefined) unfinished.delete(oldest);
        }
        entry = { sequence: part.sequence, total: part.total, parts: new Map(), count: 0 };
        unfinished.set(key, entry);
      }
      if (entry.parts.has(part.index)) return null;
      entry.count += countPeople(part.sections);
      if (entry.count > MAX_PRESENCE_PEOPLE) {
        unfinished.delete(key);
        return null;
      }
      entry.parts.set(part.index, part.sections);
      if (entry.parts.size < entry.total) return null;
      unfinished.delete(key);

      const people = new Map<string, MeetingPresence>();
      for (let index = 0; index < entry.total; index += 1) {
        for (const [section, userIds] of Object.entries(entry.parts.get(index) ?? {})) {
          for (const userId of userIds)
            if (!people.has(userId)) people.set(userId, { userId, section: Number(section) });
        }
      }
      return {
        organizationId: part.organizationId,
        teamId: part.teamId,
        meetingId: part.meetingId,
        people: [...people.values()],
      };
    },
  };
}
export type PresenceAssembler = ReturnType<typeof createPresenceAssembler>;
