import type { AdminToolFigures } from '@keel/contract';
import type { Database } from '../../db/database.js';
import { countPendingInvitations } from '../members/index.js';
import { asAdminReader, type Caller } from '../organizations/index.js';
import { countActiveMembers } from '../people/index.js';
import { countActiveTeams } from '../teams/index.js';

export interface AdminToolsDeps {
  db: Database;
  /** The organization's failed operations waiting for an admin; runs inside its tenant scope. */
  countFailedOperations: (organizationId: string) => Promise<number>;
  now?: () => Date;
}

/**
 * The live figures of `/admin/tools`, each asked of the module that owns it, in one read of the caller's
 * organization. Owners count as admins here as everywhere (`requireAdmin`): members and observers get 403.
 */
export function createAdminToolsService(deps: AdminToolsDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  return {
    figures: (caller: Caller): Promise<AdminToolFigures> =>
      asAdminReader(db, caller, async ({ organizationId }) => {
        return {
          activeMembers: await countActiveMembers(organizationId),
          pendingInvitations: await countPendingInvitations(organizationId, now()),
          failedOperations: await deps.countFailedOperations(organizationId),
          teams: await countActiveTeams(organizationId),
        };
      }),
  };
}

export type AdminToolsService = ReturnType<typeof createAdminToolsService>;
