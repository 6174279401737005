import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { FakeSocket } from '../test-utils/fake-socket';
import { RealtimeClient, type RealtimeClientOptions } from './realtime';

const ORG = 'org-1';
let sockets: FakeSocket[];
let token: string | null;
let options: RealtimeClientOptions & {
  onChanged: Mock<(organizationId: string, entities: string[]) => void>;
  onResync: Mock<(organizationId: string) => void>;
  freshToken: Mock<() => Promise<string | null>>;
};

const lastSocket = () => sockets.at(-1)!;
/** Opens the newest socket and answers its auth with `ready`. */
function connectLast() {
  const socket = lastSocket();
  socket.open();
  socket.receive({ type: 'ready', organizationId: ORG, userId: 'u', expiresAt: 0 });
  return socket;
}

beforeEach(() => {
  vi.useFakeTimers();
  sockets = [];
  token = 'token-1';
  options = {
    url: () => 'ws://keel.test/api/v1/realtime',
    createSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    getToken: () => token,
    freshToken: vi.fn(async () => token),
    onChanged: vi.fn<(organizationId: string, entities: string[]) => void>(),
    onResync: vi.fn<(organizationId: string) => void>(),
    random: () => 0.5,
    baseDelayMs: 1000,
    maxDelayMs: 8000,
  };
});
afterEach(() => vi.useRealTimers());

describe('realtime client', () => {
  it('signs in with the access token first, then follows the teams pages asked for', () => {
    const client = new RealtimeClient(options);
    client.followTeam('team-a');
    client.start(ORG);
    expect(lastSocket().url).toBe('ws://keel.test/api/v1/realtime');
    lastSocket().open();
    expect(lastSocket().sent).toEqual([{ type: 'auth', token: 'token-1' }]);
    lastSocket().receive({ type: 'ready', organizationId: ORG, userId: 'u', expiresAt: 0 });
    expect(lastSocket().sent.slice(1)).toEqual([{ type: 'subscribe', teamId: 'team-a' }]);
    expect(client.status).toBe('connected');
  });

  it('invalidates the changed entities once per burst', async () => {
    const client = new RealtimeClient(options);
    client.start(ORG);
    const socket = connectLast();
    const changed = { type: 'changed', ids: ['1'], action: 'updated', teamId: 't', actorUserId: null };
    socket.receive({ ...changed, entity: 'todo' });
    socket.receive({ ...changed, entity: 'todo' });
    socket.receive({ ...changed, entity: 'headline' });
    expect(options.onChanged).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(30);
    expect(options.onChanged).toHaveBeenCalledTimes(1);
    expect(options.onChanged).toHaveBeenCalledWith(ORG, ['todo', 'headline']);
    expect(options.onResync).not.toHaveBeenCalled();
  });

  it('counts followers of a team: unsubscribes when the last one leaves', () => {
    const client = new RealtimeClient(options);
    client.start(ORG);
    const socket = connectLast();
    const leaveFirst = client.followTeam('team-a');
    const leaveSecond = client.followTeam('team-a');
    expect(socket.sent.slice(1)).toEqual([{ type: 'subscribe', teamId: 'team-a' }]);
    leaveFirst();
    leaveFirst();
    expect(socket.sent).toHaveLength(2);
    leaveSecond();
    expect(socket.sent.at(-1)).toEqual({ type: 'unsubscribe', teamId: 'team-a' });
    expect(client.followedTeams()).toEqual([]);
  });

  it('says which meeting section the page is on, hears who else is there, and says it again after a drop', async () => {
    const client = new RealtimeClient(options);
    const heard: unknown[] = [];
    client.onPresence((message) => heard.push(message.people));
    client.followTeam('team-a');
    client.start(ORG);
    const first = connectLast();
    client.setPresence('team-a', 'meeting-1', 2);
    expect(first.sent.at(-1)).toEqual({ type: 'presence', teamId: 'team-a', meetingId: 'meeting-1', section: 2 });
    first.receive({
      type: 'presence',
      teamId: 'team-a',
      meetingId: 'meeting-1',
      people: [{ userId: 'u', section: 2 }],
    });
    expect(heard).toEqual([[{ userId: 'u', section: 2 }]]);

    first.drop();
    await vi.advanceTimersByTimeAsync(750);
    expect(connectLast().sent).toEqual([
      { type: 'auth', token: 'token-1' },
      { type: 'subscribe', teamId: 'team-a' },
      { type: 'presence', teamId: 'team-a', meetingId: 'meeting-1', section: 2 },
    ]);
    client.setPresence('team-a', 'meeting-1', null);
    lastSocket().drop();
    await vi.advanceTimersByTimeAsync(750);
    expect(connectLast().sent.some((message) => (message as { type: string }).type === 'presence')).toBe(false);
  });

  it('reconnects with growing, jittered delays, resubscribes and refetches what was missed', async () => {
    const client = new RealtimeClient(options);
    client.followTeam('team-a');
    client.start(ORG);
    connectLast().drop();
    expect(client.status).toBe('reconnecting');

    // Attempt 1: ceiling 1 s, half fixed + half jitter (random 0.5) = 750 ms.
    await vi.advanceTimersByTimeAsync(749);
    expect(sockets).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets).toHaveLength(2);
    lastSocket().drop();
    // Attempt 2: ceiling 2 s → 1,500 ms.
    await vi.advanceTimersByTimeAsync(1499);
    expect(sockets).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets).toHaveLength(3);

    const socket = connectLast();
    expect(socket.sent).toEqual([
      { type: 'auth', token: 'token-1' },
      { type: 'subscribe', teamId: 'team-a' },
    ]);
    expect(options.onResync).toHaveBeenCalledWith(ORG);
    // A successful sign-in resets the backoff.
    socket.drop();
    await vi.advanceTimersByTimeAsync(750);
    expect(sockets).toHaveLength(4);
  });

  it('never waits longer than the ceiling, and jitter spreads the retries', async () => {
    options.random = () => 1;
    const client = new RealtimeClient(options);
    client.start(ORG);
    for (let i = 0; i < 6; i += 1) {
      lastSocket().drop();
      await vi.runOnlyPendingTimersAsync();
    }
    const before = sockets.length;
    lastSocket().drop();
    await vi.advanceTimersByTimeAsync(8000);
    expect(sockets).toHaveLength(before + 1);
  });

  it('answers reauth with a fresh token on the same socket', async () => {
    const client = new RealtimeClient(options);
    client.start(ORG);
    const socket = connectLast();
    token = 'token-2';
    socket.receive({ type: 'reauth', expiresAt: 0 });
    await vi.advanceTimersByTimeAsync(0);
    expect(options.freshToken).toHaveBeenCalled();
    expect(socket.sent.at(-1)).toEqual({ type: 'auth', token: 'token-2' });
    expect(sockets).toHaveLength(1);
  });

  it('signs in again after a token refresh elsewhere', async () => {
    const client = new RealtimeClient(options);
    client.start(ORG);
    const socket = connectLast();
    token = 'token-3';
    await vi.advanceTimersByTimeAsync(5000);
    expect(socket.sent.at(-1)).toEqual({ type: 'auth', token: 'token-3' });
  });

  it('refreshes the token after a 4401 close and stops when signed out', async () => {
    const client = new RealtimeClient(options);
    client.start(ORG);
    connectLast().drop(4401, 'Token expired');
    await vi.advanceTimersByTimeAsync(750);
    expect(options.freshToken).toHaveBeenCalledTimes(1);
    expect(sockets).toHaveLength(2);

    token = null;
    lastSocket().drop(4401, 'Token expired');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sockets).toHaveLength(2);
    expect(client.status).toBe('idle');
  });

  it('closes on stop (sign-out) and does not come back', async () => {
    const client = new RealtimeClient(options);
    client.start(ORG);
    const socket = connectLast();
    client.stop();
    expect(socket.closedWith).toEqual({ code: 1000, reason: 'Signed out' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sockets).toHaveLength(1);
    expect(client.status).toBe('idle');
  });

  it('reconnects at once when the browser is back online', async () => {
    const client = new RealtimeClient(options);
    client.start(ORG);
    connectLast().drop();
    client.reconnectNow();
    expect(sockets).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sockets).toHaveLength(2);
  });
});
