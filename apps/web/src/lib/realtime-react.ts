import { useEffect, useState, useSyncExternalStore } from 'react';
import type { MeetingPresence } from '@keel/contract';
import { REALTIME_PATH } from '@keel/contract';
import { refreshTokens } from './api-client';
import { queryClient } from './query-client';
import { RealtimeClient, type RealtimeSocket, type RealtimeStatus } from './realtime';
import { useOrganizationId, useSession } from './session-store';
import { getAccessToken, isTokenExpired } from './tokens';
import { withDependents } from './dependent-entities';

type SocketFactory = (url: string) => RealtimeSocket;

/** Unit tests of other screens must not open real sockets; the realtime tests plug in a fake. */
let socketFactory: SocketFactory | null =
  import.meta.env.MODE === 'test' ? null : (url) => new WebSocket(url) as unknown as RealtimeSocket;

export function setRealtimeSocketFactory(factory: SocketFactory | null): void {
  socketFactory = factory;
}

async function freshToken(): Promise<string | null> {
  const token = getAccessToken();
  if (!token) return null;
  if (!isTokenExpired(token)) return token;
  const outcome = await refreshTokens();
  return outcome === 'rejected' ? null : getAccessToken();
}

let client: RealtimeClient | null = null;

/** The page's one realtime client (created on first use, so importing this module opens nothing). */
export function realtimeClient(): RealtimeClient {
  client ??= new RealtimeClient({
    url: () => `${window.location.protocol === 'https:' ? 'wss:' : 'ws:'}//${window.location.host}${REALTIME_PATH}`,
    createSocket: (url) => {
      if (!socketFactory) throw new Error('realtime sockets are disabled');
      return socketFactory(url);
    },
    getToken: getAccessToken,
    freshToken,
    // Query keys of business objects start with ['organizations', organizationId, entity].
    onChanged: (organizationId, entities) => {
      for (const entity of withDependents(entities))
        void queryClient.invalidateQueries({ queryKey: ['organizations', organizationId, entity] });
    },
    onResync: (organizationId) => void queryClient.invalidateQueries({ queryKey: ['organizations', organizationId] }),
  });
  return client;
}

/** Mounted once in the signed-in layout: connected while signed in, closed on sign-out. */
export function useRealtimeConnection(): void {
  const organizationId = useOrganizationId();
  const signedIn = useSession((state) => state.status === 'signedIn');
  useEffect(() => {
    if (!signedIn || !organizationId || !socketFactory) return;
    const realtime = realtimeClient();
    realtime.start(organizationId);
    const online = () => realtime.reconnectNow();
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('online', online);
      realtime.stop();
    };
  }, [signedIn, organizationId]);
}

/** Live updates for a team's pages (e.g. /departments/:id/...) while the calling component is mounted. */
export function useRealtimeTeam(teamId: string | null | undefined): void {
  useEffect(() => {
    if (!teamId) return;
    return realtimeClient().followTeam(teamId);
  }, [teamId]);
}

/**
 * Being in a team's meeting: follows the team, tells the others this page is on `section` (null: not
 * in it), and answers who is in the meeting now, across every server process.
 */
export function useMeetingPresence(
  teamId: string,
  meetingId: string | null,
  section: number | null,
): MeetingPresence[] {
  const [people, setPeople] = useState<MeetingPresence[]>([]);
  useEffect(() => {
    if (!meetingId) return;
    setPeople([]);
    const realtime = realtimeClient();
    const unfollow = realtime.followTeam(teamId);
    const stopListening = realtime.onPresence((message) => {
      if (message.meetingId === meetingId) setPeople(message.people);
    });
    return () => {
      realtime.setPresence(teamId, meetingId, null);
      stopListening();
      unfollow();
    };
  }, [teamId, meetingId]);
  useEffect(() => {
    if (meetingId) realtimeClient().setPresence(teamId, meetingId, section);
  }, [teamId, meetingId, section]);
  return people;
}

const DEPARTMENT_PATH = /^\/departments\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?:\/|$)/i;

/** The team of a /departments/:id/... address, which that page's live updates follow. */
export function departmentIdInPath(pathname: string): string | null {
  return DEPARTMENT_PATH.exec(pathname)?.[1] ?? null;
}

/** For an optional connection indicator. */
export function useRealtimeStatus(): RealtimeStatus {
  return useSyncExternalStore(
    (listener) => realtimeClient().onStatus(listener),
    () => realtimeClient().status,
    () => 'idle',
  );
}
