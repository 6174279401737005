import type { RealtimeServerMessage } from '@keel/contract';
import type { ChangeEvent } from './change-bus.js';

/** The slice of a `ws` socket the rooms need (a fake in unit tests). */
export interface RoomSocket {
  readonly readyState: number;
  readonly bufferedAmount: number;
  send(data: string): void;
  terminate(): void;
}

export interface Member {
  socket: RoomSocket;
  organizationId: string;
  userId: string;
  teams: Set<string>;
}

const OPEN = 1;
const teamKey = (organizationId: string, teamId: string) => `${organizationId}:${teamId}`;

function addTo<K, V>(map: Map<K, Set<V>>, key: K, value: V) {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(value);
}

function removeFrom<K, V>(map: Map<K, Set<V>>, key: K, value: V) {
  const set = map.get(key);
  if (!set) return;
  set.delete(value);
  if (set.size === 0) map.delete(key);
}

/**
 * Organization rooms (every signed-in socket of it) and team rooms (sockets that subscribed), kept
 * as indexes so a change costs one lookup and one send per interested socket, never a scan.
 */
export function createRooms(options: { maxBufferedBytes: number }) {
  const byOrganization = new Map<string, Set<Member>>();
  const byTeam = new Map<string, Set<Member>>();
  const byUser = new Map<string, Set<Member>>();

  const send = (member: Member, text: string) => {
    const { socket } = member;
    if (socket.readyState !== OPEN) return;
    // A reader that stopped reading would otherwise make the server buffer for it without end.
    if (socket.bufferedAmount > options.maxBufferedBytes) {
      socket.terminate();
      return;
    }
    socket.send(text);
  };

  return {
    join(member: Member) {
      addTo(byOrganization, member.organizationId, member);
      addTo(byUser, `${member.organizationId}:${member.userId}`, member);
    },
    leave(member: Member) {
      removeFrom(byOrganization, member.organizationId, member);
      removeFrom(byUser, `${member.organizationId}:${member.userId}`, member);
      for (const teamId of member.teams) removeFrom(byTeam, teamKey(member.organizationId, teamId), member);
      member.teams.clear();
    },
    subscribe(member: Member, teamId: string) {
      member.teams.add(teamId);
      addTo(byTeam, teamKey(member.organizationId, teamId), member);
    },
    unsubscribe(member: Member, teamId: string) {
      member.teams.delete(teamId);
      removeFrom(byTeam, teamKey(member.organizationId, teamId), member);
    },
    organizationSize: (organizationId: string) => byOrganization.get(organizationId)?.size ?? 0,
    userSize: (organizationId: string, userId: string) => byUser.get(`${organizationId}:${userId}`)?.size ?? 0,
    /** Sends a change to the sockets that show its team (all of the organization's for organization-wide objects). */
    deliver(event: ChangeEvent): number {
      const room =
        event.teamId === null
          ? byOrganization.get(event.organizationId)
          : byTeam.get(teamKey(event.organizationId, event.teamId));
      if (!room) return 0;
      const message: RealtimeServerMessage = {
        type: 'changed',
        entity: event.entity,
        ids: event.ids,
        action: event.action,
        teamId: event.teamId,
        actorUserId: event.actorUserId,
      };
      const text = JSON.stringify(message);
      for (const member of room) send(member, text);
      return room.size;
    },
    /** A message for the sockets that follow one team (a meeting's presence). */
    toTeam(organizationId: string, teamId: string, message: RealtimeServerMessage) {
      const room = byTeam.get(teamKey(organizationId, teamId));
      if (!room) return;
      const text = JSON.stringify(message);
      for (const member of room) send(member, text);
    },
    /** Every socket everywhere (after a listener gap): refetch what you show. */
    broadcast(message: RealtimeServerMessage) {
      const text = JSON.stringify(message);
      for (const room of byOrganization.values()) for (const member of room) send(member, text);
    },
  };
}
export type Rooms = ReturnType<typeof createRooms>;
