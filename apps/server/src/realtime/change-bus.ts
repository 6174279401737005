import { EventEmitter } from 'node:events';
import type { RealtimeEntity } from '@keel/contract';

/**
 * "Something changed" notices, published by services after their transaction commits. They carry
 * ids only: a listening page refetches through the authorised API, so no data leaks through them.
 */
export interface ChangeEvent {
  organizationId: string;
  /** The team (department) whose pages show the object; null for organization-wide objects. */
  teamId: string | null;
  /** The kind of object, e.g. 'todo', 'issue', 'priority' (the contract's list). */
  entity: RealtimeEntity;
  ids: string[];
  action: 'created' | 'updated' | 'deleted';
  actorUserId: string | null;
}

export interface ChangeBus {
  publish(event: ChangeEvent): void;
  subscribe(listener: (event: ChangeEvent) => void): () => void;
}

/** In-process delivery; the realtime hub subscribes here and fans out to sockets (and other processes). */
export function createChangeBus(): ChangeBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    publish(event) {
      emitter.emit('change', event);
    },
    subscribe(listener) {
      emitter.on('change', listener);
      return () => emitter.off('change', listener);
    },
  };
}

/**
 * One notice per team whose pages show the changed rows (a move touches two teams), each id once.
 * Call it after the transaction commits.
 */
export function publishByTeam(
  bus: ChangeBus,
  notice: Pick<ChangeEvent, 'organizationId' | 'entity' | 'action' | 'actorUserId'>,
  rows: readonly { id: string; teamId: string }[],
): void {
  const idsByTeam = new Map<string, Set<string>>();
  for (const row of rows) {
    const ids = idsByTeam.get(row.teamId) ?? new Set<string>();
    ids.add(row.id);
    idsByTeam.set(row.teamId, ids);
  }
  for (const [teamId, ids] of idsByTeam) bus.publish({ ...notice, teamId, ids: [...ids] });
}

/** The notice of a change the caller made to objects of one team (null: organization-wide), after the commit. */
export function publishChange(
  bus: ChangeBus,
  caller: { organizationId: string; userId: string },
  change: Pick<ChangeEvent, 'teamId' | 'entity' | 'ids' | 'action'>,
): void {
  bus.publish({
    organizationId: caller.organizationId,
    teamId: change.teamId,
    entity: change.entity,
    ids: change.ids,
    action: change.action,
    actorUserId: caller.userId,
  });
}
