import { randomUUID } from 'node:crypto';
import type { Client as PgClient } from 'pg';
import { REALTIME_ENTITIES, type RealtimeEntity } from '@keel/contract';
import type { ChangeEvent } from './change-bus.js';
import type { PresenceSnapshot } from './presence.js';

export const NOTIFY_CHANNEL = 'keel_changes';
export const LISTENER_APPLICATION_NAME = 'keel-realtime-listener';
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more. */
const MAX_PAYLOAD_BYTES = 7900;
const MAX_BACKOFF_MS = 30_000;
/** Events kept while the connection is down, sent when it is back; beyond that, pages refetch instead. */
const MAX_PENDING = 200;

type Envelope =
  /** `o`: the process that published: it delivered to its own sockets already and skips its echo. */
  | { o: string; e: ChangeEvent }
  /** Events of this process were lost: the others' pages should refetch. */
  | { o: string; resync: true }
  /** Who of this process's pages is in a meeting (repeated while anyone is; empty when the last left). */
  | { o: string; p: PresenceSnapshot };

export interface FanoutLog {
  warn(object: object, message: string): void;
  info(object: object, message: string): void;
}

export interface Fanout {
  /** Tells the other processes; the caller has delivered locally already. */
  publish(event: ChangeEvent): void;
  /** Tells the others who of this process's pages is in a meeting; dropped while disconnected (it is repeated). */
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

  const notify = (current: PgClient, payload: string) => {
    current
      .query('select pg_notify($1, $2)', [NOTIFY_CHANNEL, payload])
      .catch((error: unknown) => options.log.warn({ err: error }, 'realtime: NOTIFY failed'));
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
      else if ('p' in envelope) options.onRemotePresence?.(envelope.o, envelope.p);
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
      const current = client;
      const payload = JSON.stringify({ o: origin, p: snapshot } satisfies Envelope);
      // A meeting of more people than a NOTIFY carries is left to each process's own view.
      if (current && Buffer.byteLength(payload) < MAX_PAYLOAD_BYTES) notify(current, payload);
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
