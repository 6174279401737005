import {
  REALTIME_CLOSE,
  type RealtimeClientMessage,
  type RealtimeEntity,
  type RealtimeServerMessage,
} from '@keel/contract';

/** The part of the browser's WebSocket the client uses (a fake in tests). */
export interface RealtimeSocket {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number; reason: string }) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

export type ChangedMessage = Extract<RealtimeServerMessage, { type: 'changed' }>;
export type PresenceMessage = Extract<RealtimeServerMessage, { type: 'presence' }>;
export type RealtimeStatus = 'idle' | 'connecting' | 'connected' | 'reconnecting';

export interface RealtimeClientOptions {
  url: () => string;
  createSocket: (url: string) => RealtimeSocket;
  /** The access token as stored now; null = signed out. */
  getToken: () => string | null;
  /** A token worth sending: refreshed first when it is about to expire. */
  freshToken: () => Promise<string | null>;
  /** Entities of one organization that changed (coalesced over `coalesceMs`). */
  onChanged: (organizationId: string, entities: RealtimeEntity[]) => void;
  /** Events may have been missed: refetch everything the page shows of the organization. */
  onResync: (organizationId: string) => void;
  random?: () => number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** How often the stored token is compared with the one the socket signed in with. */
  tokenCheckMs?: number;
  coalesceMs?: number;
}

const OPEN = 1;

/**
 * One socket per signed-in page to the realtime hub: signs in with the access token, follows the
 * teams pages ask for, turns `changed` into cache invalidations, and comes back after any drop
 * with exponential backoff and jitter (so a restarted server is not hit by every page at once).
 */
export class RealtimeClient {
  private readonly options: Required<RealtimeClientOptions>;
  private readonly teams = new Map<string, number>();
  private socket: RealtimeSocket | null = null;
  private organizationId: string | null = null;
  private ready = false;
  private wasConnected = false;
  private attempt = 0;
  private sentToken: string | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private tokenTimer: ReturnType<typeof setInterval> | null = null;
  private flushTimer: ReturnType<typeof setTimeout> | null = null;
  private pendingEntities = new Set<RealtimeEntity>();
  private statusListeners = new Set<(status: RealtimeStatus) => void>();
  /** The meetings this page is in (normally one), said again after every reconnection. */
  private presence = new Map<string, { teamId: string; section: number }>();
  private presenceListeners = new Set<(message: PresenceMessage) => void>();
  status: RealtimeStatus = 'idle';

  constructor(options: RealtimeClientOptions) {
    this.options = {
      random: Math.random,
      baseDelayMs: 1000,
      maxDelayMs: 30_000,
      tokenCheckMs: 5000,
      coalesceMs: 25,
      ...options,
    };
  }

  /** Connects for this organization (a new one replaces the old connection). */
  start(organizationId: string): void {
    if (this.organizationId === organizationId && this.status !== 'idle') return;
    this.stop();
    this.organizationId = organizationId;
    this.wasConnected = false;
    this.attempt = 0;
    this.tokenTimer = setInterval(() => this.checkToken(), this.options.tokenCheckMs);
    this.connect();
  }

  /** Sign-out: close and forget; nothing reconnects until the next start. */
  stop(): void {
    this.organizationId = null;
    this.clearTimers();
    const socket = this.socket;
    this.socket = null;
    this.ready = false;
    this.sentToken = null;
    if (socket) {
      socket.onclose = null;
      socket.onmessage = null;
      socket.close(1000, 'Signed out');
    }
    this.setStatus('idle');
  }

  /** Follows a team while the returned function is not called; several pages may follow the same one. */
  followTeam(teamId: string): () => void {
    const count = this.teams.get(teamId) ?? 0;
    this.teams.set(teamId, count + 1);
    if (count === 0) this.send({ type: 'subscribe', teamId });
    let done = false;
    return () => {
      if (done) return;
      done = true;
      const left = (this.teams.get(teamId) ?? 1) - 1;
      if (left > 0) {
        this.teams.set(teamId, left);
        return;
      }
      this.teams.delete(teamId);
      this.send({ type: 'unsubscribe', teamId });
    };
  }

  /**
   * Says this page is in a team's meeting, on `section` (null: it left). The team must be followed
   * (`followTeam`) first; the hub forgets the page when its socket closes, and hears it again after a
   * reconnection.
   */
  setPresence(teamId: string, meetingId: string, section: number | null): void {
    if (section === null) this.presence.delete(meetingId);
    else this.presence.set(meetingId, { teamId, section });
    this.send({ type: 'presence', teamId, meetingId, section });
  }

  /** Who is in the meetings of the followed teams, whenever it changes. */
  onPresence(listener: (message: PresenceMessage) => void): () => void {
    this.presenceListeners.add(listener);
    return () => this.presenceListeners.delete(listener);
  }

  /** The browser is back online: do not wait for the backoff to run out. */
  reconnectNow(): void {
    if (!this.organizationId || this.socket) return;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.connect();
  }

  onStatus(listener: (status: RealtimeStatus) => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  followedTeams(): string[] {
    return [...this.teams.keys()];
  }

  private setStatus(status: RealtimeStatus) {
    if (this.status === status) return;
    this.status = status;
    for (const listener of this.statusListeners) listener(status);
  }

  private clearTimers() {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    if (this.tokenTimer) clearInterval(this.tokenTimer);
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.retryTimer = this.tokenTimer = this.flushTimer = null;
    this.pendingEntities.clear();
  }

  private send(message: RealtimeClientMessage) {
    // Before `ready` the subscriptions wait: they are all sent once the socket is signed in.
    if (message.type !== 'auth' && !this.ready) return;
    if (this.socket?.readyState === OPEN) this.socket.send(JSON.stringify(message));
  }

  private connect() {
    const token = this.options.getToken();
    if (!token || !this.organizationId) return;
    this.setStatus(this.wasConnected ? 'reconnecting' : 'connecting');
    const socket = this.options.createSocket(this.options.url());
    this.socket = socket;
    socket.onopen = () => this.authenticate(token);
    socket.onmessage = (event) => this.receive(event.data);
    socket.onclose = (event) => this.closed(socket, event.code);
    socket.onerror = () => undefined;
  }

  private authenticate(token: string) {
    this.sentToken = token;
    this.send({ type: 'auth', token });
  }

  private receive(data: unknown) {
    let message: RealtimeServerMessage;
    try {
      message = JSON.parse(String(data)) as RealtimeServerMessage;
    } catch {
      return;
    }
    const organizationId = this.organizationId;
    if (!organizationId) return;
    switch (message.type) {
      case 'ready':
        if (this.ready) return;
        this.ready = true;
        this.attempt = 0;
        for (const teamId of this.teams.keys()) this.send({ type: 'subscribe', teamId });
        for (const [meetingId, { teamId, section }] of this.presence) {
          this.send({ type: 'presence', teamId, meetingId, section });
        }
        // Whatever changed while the socket was down was not announced: refetch what is shown.
        if (this.wasConnected) this.options.onResync(organizationId);
        this.wasConnected = true;
        this.setStatus('connected');
        return;
      case 'changed':
        this.pendingEntities.add(message.entity);
        this.flushTimer ??= setTimeout(() => this.flush(), this.options.coalesceMs);
        return;
      case 'resync':
        this.options.onResync(organizationId);
        return;
      case 'presence':
        for (const listener of this.presenceListeners) listener(message);
        return;
      case 'reauth':
        void this.options.freshToken().then((token) => {
          if (token) this.authenticate(token);
        });
        return;
      default:
        return;
    }
  }

  /** A bulk change arrives as a burst of events: one refetch per entity is enough. */
  private flush() {
    this.flushTimer = null;
    const entities = [...this.pendingEntities];
    this.pendingEntities.clear();
    if (this.organizationId && entities.length > 0) this.options.onChanged(this.organizationId, entities);
  }

  /** After a token refresh elsewhere (another request, another tab), the socket signs in again with it. */
  private checkToken() {
    const token = this.options.getToken();
    if (!token) {
      this.stop();
      return;
    }
    if (this.ready && token !== this.sentToken) this.authenticate(token);
  }

  private closed(socket: RealtimeSocket, code: number) {
    if (socket !== this.socket) return;
    this.socket = null;
    this.ready = false;
    if (!this.organizationId) return;
    this.setStatus('reconnecting');
    if (code === REALTIME_CLOSE.unauthorized) {
      // Expired or refused token: refresh before trying again; signed out = stop.
      void this.options.freshToken().then((token) => {
        if (!token) this.stop();
        else this.scheduleReconnect();
      });
      return;
    }
    this.scheduleReconnect(code === REALTIME_CLOSE.goingAway);
  }

  private scheduleReconnect(serverRestarting = false) {
    if (this.retryTimer || !this.organizationId) return;
    const { baseDelayMs, maxDelayMs, random } = this.options;
    const ceiling = serverRestarting ? baseDelayMs : Math.min(maxDelayMs, baseDelayMs * 2 ** this.attempt);
    this.attempt += 1;
    // "Equal jitter": at least half the ceiling, so retries back off, spread over the other half.
    const delay = ceiling / 2 + random() * (ceiling / 2);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.connect();
    }, delay);
  }
}
