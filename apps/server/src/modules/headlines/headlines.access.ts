import type { Database } from '../../db/database.js';
import { readInTenant } from '../../db/scope.js';
import { asMember, requireActiveMember, type Caller, type MemberScope } from '../organizations/index.js';
import { observerReadOnly } from './headlines.errors.js';

/** A read-only use case: the caller must still be an active member; observers may read. */
export function asReader<T>(db: Database, caller: Caller, work: (member: MemberScope) => Promise<T>): Promise<T> {
  return readInTenant(db, { organizationId: caller.organizationId, userId: caller.userId }, async () =>
    work(await requireActiveMember(caller.organizationId, caller.userId)),
  );
}

/** A change: any active member except observers, who only read. */
export function asWriter<T>(db: Database, caller: Caller, work: (member: MemberScope) => Promise<T>): Promise<T> {
  return asMember(db, caller, (member) => {
    if (member.role === 'observer') throw observerReadOnly();
    return work(member);
  });
}

export const fullName = (firstName: string, lastName: string) => `${firstName} ${lastName}`.trim();
