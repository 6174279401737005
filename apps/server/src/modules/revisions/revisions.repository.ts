import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { preparedPerConnection } from '../../db/prepared-statement.js';
import { tenantDb } from '../../db/scope.js';
import { organizationRevisions } from './revisions.table.js';

const revisionQuery = preparedPerConnection((db: Database) =>
  db
    .select({ revision: organizationRevisions.revision })
    .from(organizationRevisions)
    .where(eq(organizationRevisions.organizationId, sql.placeholder('organizationId')))
    .prepare('revisions_read_v1'),
);

/** The organization's list revision: 0 until its first change. */
export async function readRevision(organizationId: string): Promise<number> {
  const [row] = await revisionQuery(tenantDb(organizationId)).execute({ organizationId });
  return row?.revision ?? 0;
}
