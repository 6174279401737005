import websocket from '@fastify/websocket';
import {
  REALTIME_CLOSE,
  REALTIME_PATH,
  realtimeClientMessageSchema,
  type RealtimeClientMessage,
  type RealtimeServerMessage,
} from '@keel/contract';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import type { RawData, WebSocket } from 'ws';
import { createPgFanout, type Fanout } from './pg-fanout.js';
import { createPresence, type PresenceSnapshot } from './presence.js';
import { createRooms, type Member } from './rooms.js';
import { DEFAULT_HUB_LIMITS, type HubDeps, type HubLimits } from './hub.types.js';

export { DEFAULT_HUB_LIMITS, type HubDeps, type HubLimits, type RealtimeCaller } from './hub.types.js';

interface Connection extends Member {
  socket: WebSocket;
  authenticated: boolean;
  alive: boolean;
  tokens: number;
  refilledAt: number;
  timers: NodeJS.Timeout[];
  /** Messages are handled one after the other, so an auth finishes before the subscribe behind it. */
  queue: Promise<void>;
}

type Meeting = Pick<PresenceSnapshot, 'organizationId' | 'teamId' | 'meetingId'>;
const meetingKey = (meeting: Meeting) => `${meeting.organizationId}:${meeting.meetingId}`;

const rawText = (data: RawData) =>
  (Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data)).toString('utf8');

/**
 * The WebSocket hub of DESIGN.md "Realtime": signed-in pages join their organization's room and the
 * team rooms they show; every ChangeEvent published on the bus reaches exactly those sockets, in
 * this process directly and in the others through PostgreSQL LISTEN/NOTIFY.
 */
export function createRealtimeHub(deps: HubDeps) {
  const limits: HubLimits = { ...DEFAULT_HUB_LIMITS, ...deps.limits };
  const rooms = createRooms({ maxBufferedBytes: limits.maxBufferedBytes });
  const presence = createPresence<Connection>({ ttlMs: limits.presenceTtlMs });
  const connections = new Set<Connection>();
  let fanout: Fanout | null = null;

  async function plugin(app: FastifyInstance) {
    const log: FastifyBaseLogger = app.log.child({ module: 'realtime' });
    /**
     * Presence changes are told once per turn of the event loop, each meeting once: when a crowd
     * arrives together (an all-hands starting), its pages get one list rather than one per arrival,
     * each longer than the last (300 arrivals would otherwise send the pages ~800 MB).
     */
    const toTell = new Map<string, Meeting>();
    const toPublish = new Map<string, PresenceSnapshot>();
    let presenceTurn: NodeJS.Immediate | null = null;
    const schedulePresence = () => {
      presenceTurn ??= setImmediate(() => {
        presenceTurn = null;
        const meetings = [...toTell.values()];
        const snapshots = [...toPublish.values()];
        toTell.clear();
        toPublish.clear();
        for (const meeting of meetings) tellTeam(meeting);
        for (const snapshot of snapshots) fanout?.publishPresence(snapshot);
      });
    };
    if (deps.database.kind === 'postgresql' && deps.databaseUrl) {
      fanout = createPgFanout({
        databaseUrl: deps.databaseUrl,
        log,
        onRemote: (event) => {
          rooms.deliver(event);
          deps.onRemoteChange?.(event);
        },
        onResync: () => rooms.broadcast({ type: 'resync' }),
        onRemotePresence: (origin, snapshot) => {
          presence.hear(origin, snapshot);
          toTell.set(meetingKey(snapshot), snapshot);
          schedulePresence();
        },
      });
    }
    const unsubscribe = deps.changes.subscribe((event) => {
      rooms.deliver(event);
      fanout?.publish(event);
    });

    /** Everyone now in the meeting, to the team's pages in this process. */
    function tellTeam(meeting: Meeting) {
      rooms.toTeam(meeting.organizationId, meeting.teamId, {
        type: 'presence',
        teamId: meeting.teamId,
        meetingId: meeting.meetingId,
        people: presence.everyone(meeting.organizationId, meeting.meetingId),
      });
    }
    /** A meeting's presence changed here: this process's pages and the other processes hear it. */
    const announce = (snapshots: readonly PresenceSnapshot[]) => {
      for (const snapshot of snapshots) {
        toTell.set(meetingKey(snapshot), snapshot);
        toPublish.set(meetingKey(snapshot), snapshot);
      }
      schedulePresence();
    };
    const presenceRepeat = setInterval(() => {
      for (const snapshot of presence.ownSnapshots()) fanout?.publishPresence(snapshot);
      for (const meeting of presence.expire()) tellTeam(meeting);
    }, limits.presenceRepeatMs);
    presenceRepeat.unref();

    const heartbeat = setInterval(() => {
      for (const connection of connections) {
        if (!connection.alive) {
          connection.socket.terminate();
          continue;
        }
        connection.alive = false;
        connection.socket.ping();
      }
    }, limits.heartbeatMs);
    heartbeat.unref();

    const send = (connection: Connection, message: RealtimeServerMessage) => {
      if (connection.socket.readyState === connection.socket.OPEN) connection.socket.send(JSON.stringify(message));
    };
    const close = (connection: Connection, code: number, reason: string) => {
      connection.socket.close(code, reason);
    };
    const clearTimers = (connection: Connection) => {
      for (const timer of connection.timers) clearTimeout(timer);
      connection.timers = [];
    };

    /** Asks for a fresh token a little before this one expires, and closes the socket when it does. */
    const scheduleExpiry = (connection: Connection, expiresAtSeconds: number) => {
      clearTimers(connection);
      const remaining = expiresAtSeconds * 1000 - Date.now();
      connection.timers.push(
        setTimeout(
          () => send(connection, { type: 'reauth', expiresAt: expiresAtSeconds }),
          Math.max(0, remaining - limits.reauthLeadMs),
        ),
        setTimeout(() => close(connection, REALTIME_CLOSE.unauthorized, 'Token expired'), Math.max(0, remaining)),
      );
    };

    const authenticate = async (connection: Connection, token: string) => {
      const claims = await deps.verifyToken(token);
      if (!claims) return close(connection, REALTIME_CLOSE.unauthorized, 'Invalid or expired token');
      if (
        connection.authenticated &&
        (claims.userId !== connection.userId || claims.organizationId !== connection.organizationId)
      ) {
        // A socket belongs to one person in one organization; switching means a new socket.
        return close(connection, REALTIME_CLOSE.unauthorized, 'Token of another session');
      }
      if (!(await deps.isActiveMember({ organizationId: claims.organizationId, userId: claims.userId }))) {
        return close(connection, REALTIME_CLOSE.unauthorized, 'Membership ended');
      }
      const expiresAt = decodeJwt(token).exp ?? 0;
      if (!connection.authenticated) {
        if (
          rooms.userSize(claims.organizationId, claims.userId) >= limits.maxSocketsPerUser ||
          rooms.organizationSize(claims.organizationId) >= limits.maxSocketsPerOrganization
        ) {
          return close(connection, REALTIME_CLOSE.tooMany, 'Too many open pages');
        }
        connection.organizationId = claims.organizationId;
        connection.userId = claims.userId;
        connection.authenticated = true;
        rooms.join(connection);
      }
      scheduleExpiry(connection, expiresAt);
      send(connection, { type: 'ready', organizationId: claims.organizationId, userId: claims.userId, expiresAt });
    };

    const handle = async (connection: Connection, message: RealtimeClientMessage) => {
      if (message.type === 'auth') return authenticate(connection, message.token);
      if (!connection.authenticated) return close(connection, REALTIME_CLOSE.unauthorized, 'Authenticate first');
      if (message.type === 'unsubscribe') {
        rooms.unsubscribe(connection, message.teamId);
        return send(connection, { type: 'unsubscribed', teamId: message.teamId });
      }
      if (message.type === 'presence') {
        // Only the pages that follow the team hear its meetings' presence, and only they may join it.
        if (!connection.teams.has(message.teamId)) {
          return send(connection, {
            type: 'error',
            code: 'realtime.not_subscribed',
            message: 'Follow the team before joining its meeting',
            teamId: message.teamId,
          });
        }
        return announce(
          presence.set(connection, {
            organizationId: connection.organizationId,
            teamId: message.teamId,
            meetingId: message.meetingId,
            userId: connection.userId,
            section: message.section,
          }),
        );
      }
      if (connection.teams.has(message.teamId)) return send(connection, { type: 'subscribed', teamId: message.teamId });
      if (connection.teams.size >= limits.maxTeamsPerSocket) {
        return send(connection, {
          type: 'error',
          code: 'realtime.too_many_teams',
          message: `A page may follow at most ${limits.maxTeamsPerSocket} teams`,
          teamId: message.teamId,
        });
      }
      const caller = { organizationId: connection.organizationId, userId: connection.userId };
      if (!(await deps.canSubscribe(caller, message.teamId))) {
        return send(connection, {
          type: 'error',
          code: 'realtime.team_not_found',
          message: 'No such active team in this organization',
          teamId: message.teamId,
        });
      }
      if (connection.socket.readyState !== connection.socket.OPEN) return;
      rooms.subscribe(connection, message.teamId);
      send(connection, { type: 'subscribed', teamId: message.teamId });
    };

    /** Token bucket: a steady trickle is fine, a flood closes the socket. */
    const withinRate = (connection: Connection) => {
      const now = Date.now();
      const refill = ((now - connection.refilledAt) / limits.windowMs) * limits.messagesPerWindow;
      connection.tokens = Math.min(limits.messagesPerWindow, connection.tokens + refill);
      connection.refilledAt = now;
      if (connection.tokens < 1) return false;
      connection.tokens -= 1;
      return true;
    };

    const onMessage = (connection: Connection, data: RawData, isBinary: boolean) => {
      if (!withinRate(connection)) return close(connection, REALTIME_CLOSE.policy, 'Too many messages');
      let parsed: unknown;
      try {
        parsed = isBinary ? undefined : JSON.parse(rawText(data));
      } catch {
        parsed = undefined;
      }
      const result = realtimeClientMessageSchema.safeParse(parsed);
      if (!result.success) {
        if (!connection.authenticated) return close(connection, REALTIME_CLOSE.unauthorized, 'Authenticate first');
        return send(connection, {
          type: 'error',
          code: 'realtime.bad_message',
          message: 'Unknown or malformed message',
        });
      }
      connection.queue = connection.queue
        .then(() => handle(connection, result.data))
        .catch((error: unknown) => {
          log.error({ err: error }, 'realtime: message failed');
          close(connection, 1011, 'Server error');
        });
    };

    await app.register(websocket, {
      options: { maxPayload: limits.maxMessageBytes, perMessageDeflate: false },
      // Pages are told the server is going away (1001) so they reconnect to another process at once.
      preClose(done) {
        for (const connection of connections) close(connection, REALTIME_CLOSE.goingAway, 'Server shutting down');
        done();
      },
    });

    app.addHook('onClose', async () => {
      clearInterval(heartbeat);
      clearInterval(presenceRepeat);
      if (presenceTurn) clearImmediate(presenceTurn);
      unsubscribe();
      for (const connection of connections) {
        clearTimers(connection);
        connection.socket.terminate();
      }
      await fanout?.close();
    });

    app.route({
      method: 'GET',
      url: REALTIME_PATH,
      schema: { hide: true },
      // A plain GET (no upgrade) gets the API's error shape rather than an empty 404.
      handler: async (_request, reply) =>
        reply.code(426).header('upgrade', 'websocket').send({
          error: 'This address speaks WebSocket only',
          code: 'realtime.upgrade_required',
        }),
      wsHandler: (socket) => {
        const connection: Connection = {
          socket,
          organizationId: '',
          userId: '',
          teams: new Set(),
          authenticated: false,
          alive: true,
          tokens: limits.messagesPerWindow,
          refilledAt: Date.now(),
          timers: [],
          queue: Promise.resolve(),
        };
        connections.add(connection);
        connection.timers.push(
          setTimeout(() => {
            if (!connection.authenticated) close(connection, REALTIME_CLOSE.unauthorized, 'Authentication timeout');
          }, limits.authTimeoutMs),
        );
        socket.on('pong', () => {
          connection.alive = true;
        });
        socket.on('message', (data, isBinary) => onMessage(connection, data, isBinary));
        socket.on('error', (error) => log.debug({ err: error }, 'realtime: socket error'));
        socket.on('close', () => {
          clearTimers(connection);
          connections.delete(connection);
          if (connection.authenticated) {
            rooms.leave(connection);
            announce(presence.drop(connection));
          }
        });
      },
    });
  }

  return {
    plugin,
    connectionCount: () => connections.size,
    /** Settles once the cross-process listener has made its first attempt (at once without one). */
    fanoutReady: () => fanout?.ready() ?? Promise.resolve(),
  };
}
export type RealtimeHub = ReturnType<typeof createRealtimeHub>;

declare module 'fastify' {
  interface FastifyInstance {
    realtime: RealtimeHub;
  }
}
