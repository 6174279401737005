import { randomUUID } from 'node:crypto';
import type { Client as PgClient } from 'pg';
import { REALTIME_ENTITIES, type RealtimeEntity } from '@keel/contract';
import type { ChangeEvent } from './change-bus.js';
import type { PresenceSnapshot } from './presence.js';
import {
  MAX_PAYLOAD_BYTES,
  MAX_PRESENCE_PEOPLE,
  createPresenceAssembler,
  decodePresencePart,
  encodePresenceParts,
  type PresencePart,
} from './presence-parts.js';

export const NOTIFY_CHANNEL = 'keel_changes';
export const LISTENER_APPLICATION_NAME = 'keel-realtime-listener';
const MAX_BACKOFF_MS = 30_000;
/** Events kept while the connection is down, sent when it is back; beyond that, pages refetch instead. */
const MAX_PENDING = 200;

type Envelope =
  /** `o`: the process that published: it delivered to its own sockets already and skips its echo. */
  | { o: string; e: ChangeEvent }
  /** Events of this process were lost: the others' pages should refetch. */
  | { o: string; resync: true }
  /**
   * Who of this process's pages is in a meeting (repeated while anyone is; empty when the last left),
   * in as many parts as NOTIFY's size limit needs (presence-parts.ts).
   */
  | { o: string; part: PresencePart }
  /** The same in one piece, as the previous version sends it (heard during a rolling deploy). */
  | { o: string; p: PresenceSnapshot };

export interface FanoutLog {
  warn(object: object, message: string): void;
  info(object: object, message: string): void;
}

export interface Fanout {
  /** Tells the other processes; the caller has delivered locally already. */
  publish(event: ChangeEvent): void;
  /**
   * Tells the others who of this process's pages is in a meeting, in NOTIFY-sized parts; only a meeting's
   * latest snapshot is sent, and none while disconnected (it is repeated).
   */
  publishPresence(snapshot: PresenceSnapshot): void;
  /** Settles after the first connection attempt (tests wait for it before publishing). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

export interface PgFanoutOptions {
  databaseUrl: string;
  /** An event heard from another process. */
  onRemote(event: ChangeEvent): void;
  /** Another process's view of a meeting's presence. */
  onRemotePresence?(origin: string, snapshot: PresenceSnapshot): void;
  /** The listener came back after a drop: events of the gap are lost, pages should refetch. */
  onResync(): void;
  log: FanoutLog;
  initialBackoffMs?: number;
}

/** Keeps the payload under PostgreSQL's limit: an event with too many ids still says "this entity changed". */
export function encodeEnvelope(origin: string, event: ChangeEvent): string {
  const full = JSON.stringify({ o: origin, e: event } satisfies Envelope);
  if (Buffer.byteLength(full) < MAX_PAYLOAD_BYTES) return full;
  return JSON.stringify({ o: origin, e: { ...event, ids: [] } } satisfies Envelope);
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const isRealtimeEntity = (value: unknown): value is RealtimeEntity =>
  (REALTIME_ENTITIES as readonly unknown[]).includes(value);

const isPresenceEntry = (value: unknown): value is { userId: string; section: number } =>
  isRecord(value) &&
  typeof value.userId === 'string' &&
  typeof value.section === 'number' &&
  Number.isInteger(value.section) &&
  value.section >= 0;

function decodePresence(p: Record<string, unknown>): PresenceSnapshot | null {
  if (
    typeof p.organizationId !== 'string' ||
    typeof p.teamId !== 'string' ||
    typeof p.meetingId !== 'string' ||
    !Array.isArray(p.people) ||
    !p.people.every(isPresenceEntry)
  ) {
    return null;
  }
  return {
    organizationId: p.organizationId,
    teamId: p.teamId,
    meetingId: p.meetingId,
    people: p.people.map(({ userId, section }) => ({ userId, section })),
  };
}

/** Parses what another process sent; anything malformed (another version, a stray NOTIFY) is ignored. */
export function decodeEnvelope(payload: string): Envelope | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(payload);
  } catch {
    return null;
  }
  if (!isRecord(parsed) || typeof parsed.o !== 'string') return null;
  if (parsed.resync === true) return { o: parsed.o, resync: true };
  if (isRecord(parsed.part)) {
    const part = decodePresencePart(parsed.part);
    return part ? { o: parsed.o, part } : null;
  }
  if (isRecord(parsed.p)) {
    const snapshot = decodePresence(parsed.p);
    return snapshot ? { o: parsed.o, p: snapshot } : null;
  }
  if (!isRecord(parsed.e)) return null;
  const e = parsed.e;
  const action = e.action;
  if (
    typeof e.organizationId !== 'string' ||
    !(typeof e.teamId === 'string' || e.teamId === null) ||
    !isRealtimeEntity(e.entity) ||
    !Array.isArray(e.ids) ||
    !e.ids.every((id) => typeof id === 'string') ||
    (action !== 'created' && action !== 'updated' && action !== 'deleted') ||
    !(typeof e.actorUserId === 'string' || e.actorUserId === null)
  ) {
    return null;
  }
  return {
    o: parsed.o,
    e: {
      organizationId: e.organizationId,
      teamId: e.teamId,
      entity: e.entity,
      ids: e.ids,
      action,
      actorUserId: e.actorUserId,
    },
  };
}

/**
 * Cross-process fan-out over LISTEN/NOTIFY on one dedicated connection (a pooled one would be handed
 * to someone else and stop listening). The same connection sends the NOTIFYs, so the channel is the
 * one listened to whatever the pool does. When it drops it reconnects with backoff.
 */
export function createPgFanout(options: PgFanoutOptions): Fanout {
  const origin = randomUUID();
  const initialBackoff = options.initialBackoffMs ?? 250;
  let client: PgClient | null = null;
  let closed = false;
  let everConnected = false;
  let backoff = initialBackoff;
  let retryTimer: NodeJS.Timeout | null = null;
  let pending: ChangeEvent[] = [];
  let overflowed = false;
  let presenceSequence = 0;
  const assembler = createPresenceAssembler();

  let sending: Promise<void> = Promise.resolve();
  /** One query at a time on the listener's connection, in the order asked (pg@9 stops queueing them itself). */
  const enqueue = (send: () => Promise<unknown>) => {
    sending = sending.then(send).then(
      () => undefined,
      (error: unknown) => options.log.warn({ err: error }, 'realtime: NOTIFY failed'),
    );
  };
  const notify = (current: PgClient, payload: string) =>
    enqueue(() => current.query('select pg_notify($1, $2)', [NOTIFY_CHANNEL, payload]));

  /**
   * Each meeting's latest snapshot waiting to be sent: while one NOTIFY is under way the next ones
   * replace each other, so a crowd arriving at once costs a few NOTIFYs rather than one per person.
   */
  const presenceWaiting = new Map<string, PresenceSnapshot>();
  const sendPresence = async () => {
    const current = client;
    const snapshots = [...presenceWaiting.values()];
    presenceWaiting.clear();
    if (!current || snapshots.length === 0) return;
    const parts = snapshots.flatMap((snapshot) => {
      presenceSequence += 1;
      return encodePresenceParts(origin, snapshot, presenceSequence);
    });
    // One statement, so one transaction: the parts are delivered together and in order, or not at all.
    await current.query('select pg_notify($1, part) from unnest($2::text[]) as part', [NOTIFY_CHANNEL, parts]);
  };

  const scheduleReconnect = () => {
    if (closed || retryTimer) return;
    const delay = backoff + Math.random() * backoff * 0.3;
    backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void connect();
    }, delay);
  };

  const connect = async () => {
    const { default: pg } = await import('pg');
    const next = new pg.Client({
      connectionString: options.databaseUrl,
      keepAlive: true,
      // Named, so an operator (or a test) can find the listener in pg_stat_activity.
      application_name: LISTENER_APPLICATION_NAME,
    });
    const dropped = (error?: Error) => {
      if (client !== next) return;
      client = null;
      if (!closed) options.log.warn({ err: error }, 'realtime: change listener lost, reconnecting');
      next.removeAllListeners();
      // A dead connection may still report errors while ending; nobody listens for them any more.
      next.on('error', () => undefined);
      void next.end().catch(() => undefined);
      scheduleReconnect();
    };
    next.on('error', dropped);
    next.on('end', () => dropped());
    next.on('notification', (message) => {
      if (message.channel !== NOTIFY_CHANNEL || !message.payload) return;
      const envelope = decodeEnvelope(message.payload);
      if (!envelope || envelope.o === origin) return;
      if ('resync' in envelope) options.onResync();
      else if ('part' in envelope) {
        const snapshot = assembler.add(envelope.o, envelope.part);
        if (snapshot) options.onRemotePresence?.(envelope.o, snapshot);
      } else if ('p' in envelope) options.onRemotePresence?.(envelope.o, envelope.p);
      else options.onRemote(envelope.e);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${NOTIFY_CHANNEL}`);
    } catch (error) {
      next.removeAllListeners();
      next.on('error', () => undefined);
      await next.end().catch(() => undefined);
      if (!closed) {
        options.log.warn({ err: error }, 'realtime: change listener cannot connect, retrying');
        scheduleReconnect();
      }
      return;
    }
    if (closed) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    backoff = initialBackoff;
    // What this process published during the gap goes out now (late beats never).
    for (const event of pending) notify(next, encodeEnvelope(origin, event));
    if (overflowed) notify(next, JSON.stringify({ o: origin, resync: true } satisfies Envelope));
    pending = [];
    overflowed = false;
    if (everConnected) {
      options.log.info({}, 'realtime: change listener reconnected');
      options.onResync();
    }
    everConnected = true;
  };

  const ready = connect();

  return {
    publish(event) {
      const current = client;
      if (current) return notify(current, encodeEnvelope(origin, event));
      if (pending.length < MAX_PENDING) pending.push(event);
      else overflowed = true;
    },
    publishPresence(snapshot) {
      if (!client) return;
      if (snapshot.people.length > MAX_PRESENCE_PEOPLE) {
        options.log.warn(
          { meetingId: snapshot.meetingId, people: snapshot.people.length },
          `realtime: only ${MAX_PRESENCE_PEOPLE} people of a meeting are told to the other processes`,
        );
      }
      const waitingBefore = presenceWaiting.size > 0;
      presenceWaiting.set(`${snapshot.organizationId}:${snapshot.meetingId}`, snapshot);
      if (!waitingBefore) enqueue(sendPresence);
    },
    ready: () => ready,
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      await ready;
      const current = client;
      client = null;
      if (current) {
        current.removeAllListeners();
        current.on('error', () => undefined);
        await current.end().catch(() => undefined);
      }
    },
  };
}
