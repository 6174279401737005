import type { Database } from '../db/database.js';
import { activeRootDatabase } from '../db/scope.js';

/** Something that happened in an organization, told inside the transaction that made it happen. */
export interface DomainEvent {
  /** What happened, as the audit trail names it (`todo.completed`). */
  type: string;
  subjectType: string | null;
  subjectId: string | null;
  actorUserId: string | null;
  data: Record<string, unknown>;
  occurredAt: Date;
}

/** Runs in the publisher's transaction: work it enqueues exists exactly when the change commits. */
export type DomainEventHandler = (organizationId: string, event: DomainEvent) => Promise<void>;

const handlersByDatabase = new WeakMap<Database, DomainEventHandler[]>();

/** Subscribes to the events published in scopes opened on `db` (one app's database: tests run several apps). */
export function onDomainEvent(db: Database, handler: DomainEventHandler): void {
  handlersByDatabase.set(db, [...(handlersByDatabase.get(db) ?? []), handler]);
}

/** Tells the subscribers of the current scope's database, in its transaction; a failing subscriber fails the change. */
export async function publishDomainEvent(organizationId: string, event: DomainEvent): Promise<void> {
  for (const handler of handlersByDatabase.get(activeRootDatabase()) ?? []) await handler(organizationId, event);
}
