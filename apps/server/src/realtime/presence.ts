import type { MeetingPresence } from '@keel/contract';

/** One process's view of one meeting: who of its own sockets is there. */
export interface PresenceSnapshot {
  organizationId: string;
  teamId: string;
  meetingId: string;
  people: MeetingPresence[];
}

interface Here {
  organizationId: string;
  teamId: string;
  meetingId: string;
  userId: string;
  section: number;
}

interface Remote {
  teamId: string;
  people: MeetingPresence[];
  heardAt: number;
}

const meetingKey = (organizationId: string, meetingId: string) => `${organizationId}:${meetingId}`;

/**
 * Who is in which meeting, on which section. Each process knows its own sockets (`T`) and hears the
 * others' snapshots; a process that stops repeating its snapshot (it died) is forgotten after `ttlMs`.
 * Nothing here is stored: presence is where the pages are now.
 */
export function createPresence<T>(options: { ttlMs: number; now?: () => number }) {
  const now = options.now ?? (() => Date.now());
  const local = new Map<string, Map<T, Here>>();
  const remote = new Map<string, Map<string, Remote>>();

  const snapshotOf = (organizationId: string, teamId: string, meetingId: string): PresenceSnapshot => {
    const here = local.get(meetingKey(organizationId, meetingId));
    const people = new Map<string, MeetingPresence>();
    for (const entry of here?.values() ?? []) {
      if (!people.has(entry.userId)) people.set(entry.userId, { userId: entry.userId, section: entry.section });
    }
    return { organizationId, teamId, meetingId, people: [...people.values()] };
  };

  return {
    /** Sets (or, with `section` null, clears) where a socket is; answers its meeting's new local snapshot. */
    set(socket: T, where: Omit<Here, 'section'> & { section: number | null }): PresenceSnapshot[] {
      const changed: PresenceSnapshot[] = [];
      // A page is in one meeting at a time: leaving another one is part of the move.
      for (const [key, sockets] of local) {
        const previous = sockets.get(socket);
        if (!previous || (previous.meetingId === where.meetingId && where.section !== null)) continue;
        sockets.delete(socket);
        if (sockets.size === 0) local.delete(key);
        changed.push(snapshotOf(previous.organizationId, previous.teamId, previous.meetingId));
      }
      if (where.section !== null) {
        const key = meetingKey(where.organizationId, where.meetingId);
        const sockets = local.get(key) ?? new Map<T, Here>();
        sockets.set(socket, { ...where, section: where.section });
        local.set(key, sockets);
        changed.push(snapshotOf(where.organizationId, where.teamId, where.meetingId));
      }
      return changed;
    },

    /** A socket closed: the snapshots of the meetings it was in. */
    drop(socket: T): PresenceSnapshot[] {
      const changed: PresenceSnapshot[] = [];
      for (const [key, sockets] of local) {
        const previous = sockets.get(socket);
        if (!previous) continue;
        sockets.delete(socket);
        if (sockets.size === 0) local.delete(key);
        changed.push(snapshotOf(previous.organizationId, previous.teamId, previous.meetingId));
      }
      return changed;
    },

    /** Another process's snapshot; an empty one forgets it at once. */
    hear(origin: string, snapshot: PresenceSnapshot) {
      const key = meetingKey(snapshot.organizationId, snapshot.meetingId);
      const origins = remote.get(key) ?? new Map<string, Remote>();
      if (snapshot.people.length === 0) origins.delete(origin);
      else origins.set(origin, { teamId: snapshot.teamId, people: snapshot.people, heardAt: now() });
      if (origins.size === 0) remote.delete(key);
      else remote.set(key, origins);
    },

    /** Everyone in the meeting across processes, each person once (this process's view first). */
    everyone(organizationId: string, meetingId: string): MeetingPresence[] {
      const people = new Map<string, MeetingPresence>();
      for (const entry of local.get(meetingKey(organizationId, meetingId))?.values() ?? []) {
        if (!people.has(entry.userId)) people.set(entry.userId, { userId: entry.userId, section: entry.section });
      }
      const cutoff = now() - options.ttlMs;
      for (const heard of remote.get(meetingKey(organizationId, meetingId))?.values() ?? []) {
        if (heard.heardAt < cutoff) continue;
        for (const person of heard.people) if (!people.has(person.userId)) people.set(person.userId, person);
      }
      return [...people.values()];
    },

    /** This process's non-empty snapshots, repeated to the others so that they keep believing them. */
    ownSnapshots(): PresenceSnapshot[] {
      return [...local.values()].flatMap((sockets) => {
        const first = sockets.values().next().value;
        return first ? [snapshotOf(first.organizationId, first.teamId, first.meetingId)] : [];
      });
    },

    /** Forgets what other processes stopped repeating; answers the meetings whose view changed. */
    expire(): { organizationId: string; teamId: string; meetingId: string }[] {
      const cutoff = now() - options.ttlMs;
      const changed: { organizationId: string; teamId: string; meetingId: string }[] = [];
      for (const [key, origins] of remote) {
        for (const [origin, heard] of origins) {
          if (heard.heardAt >= cutoff) continue;
          origins.delete(origin);
          const [organizationId = '', meetingId = ''] = key.split(':');
          changed.push({ organizationId, teamId: heard.teamId, meetingId });
        }
        if (origins.size === 0) remote.delete(key);
      }
      return changed;
    },
  };
}
export type Presence<T> = ReturnType<typeof createPresence<T>>;
