import type { DataIsolationReport } from '@keel/contract';
import type { Database } from '../../db/database.js';
import { proveIsolation } from '../../db/isolation-proof.js';
import type { TenantRefusalLog } from '../../http/tenant-refusals.js';
import { asAdmin, type Caller } from '../organizations/index.js';

/**
 * Tables that carry an organization id for reference but are global by design, so they force no
 * row-level security: a refresh token names the organization its session was signed into, and is found
 * by its hash before any organization is chosen (docs/ARCHITECTURE.md, "Tables and their owners").
 */
export const GLOBAL_TABLES_WITH_ORGANIZATION_ID = ['refresh_tokens'] as const;

export interface DataIsolationDeps {
  db: Database;
  refusals: Pick<TenantRefusalLog, 'of'>;
  globalTables?: readonly string[];
  now?: () => Date;
}

/**
 * `/admin/data-isolation` (admins and owners): the isolation proof, run now in one read-write transaction
 * of the caller's organization (its checks roll back what they try), and the refusals this process
 * recorded for the organization. Nothing in the report is about another organization.
 */
export function createDataIsolationService(deps: DataIsolationDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const globalTables = deps.globalTables ?? GLOBAL_TABLES_WITH_ORGANIZATION_ID;

  return {
    async run(caller: Caller): Promise<DataIsolationReport> {
      const ranAt = now();
      const proof = await asAdmin(db, caller, (member) => proveIsolation(db, member.organizationId, { globalTables }));
      return {
        ranAt: ranAt.toISOString(),
        passed: proof.checks.every((check) => check.passed),
        checks: proof.checks.map((check) => ({ ...check, ranAt: check.ranAt.toISOString() })),
        tablesChecked: proof.tablesChecked,
        rowsProtected: proof.rowsProtected,
        refusals: deps.refusals
          .of(caller.organizationId)
          .map((refusal) => ({ ...refusal, at: refusal.at.toISOString() })),
      };
    },
  };
}

export type DataIsolationService = ReturnType<typeof createDataIsolationService>;
