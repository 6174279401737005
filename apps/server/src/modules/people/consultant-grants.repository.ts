import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { accountDb, tenantDb } from '../../db/scope.js';
import { consultantAccess, users } from './people.table.js';

export type GrantRow = typeof consultantAccess.$inferSelect;
export type GrantWithName = GrantRow & { consultantFirstName: string | null; consultantLastName: string | null };

const GRANT_LIST_LIMIT = 200;

/** A client's consultants, newest first, with the consultant's name once accepted; bounded. */
export async function listGrants(organizationId: string): Promise<GrantWithName[]> {
  const rows = await tenantDb(organizationId)
    .select({ grant: consultantAccess, firstName: users.firstName, lastName: users.lastName })
    .from(consultantAccess)
    .leftJoin(users, eq(users.id, consultantAccess.consultantUserId))
    .where(eq(consultantAccess.organizationId, organizationId))
    .orderBy(desc(consultantAccess.createdAt), desc(consultantAccess.id))
    .limit(GRANT_LIST_LIMIT);
  return rows.map((row) => ({ ...row.grant, consultantFirstName: row.firstName, consultantLastName: row.lastName }));
}

/** The organization's grant (or invitation) matching every condition, locked for the transaction. */
async function lockGrantWhere(organizationId: string, ...conditions: SQL[]): Promise<GrantRow | undefined> {
  const [row] = await tenantDb(organizationId)
    .select()
    .from(consultantAccess)
    .where(and(eq(consultantAccess.organizationId, organizationId), ...conditions))
    .for('update');
  return row;
}

export async function findOpenInvitationByEmail(organizationId: string, email: string) {
  return lockGrantWhere(
    organizationId,
    sql`lower(${consultantAccess.email}) = lower(${email})`,
    eq(consultantAccess.status, 'invited'),
  );
}

export async function insertInvitation(
  organizationId: string,
  values: Pick<GrantRow, 'email' | 'accessLevel' | 'tokenHash' | 'expiresAt' | 'grantedById'>,
): Promise<GrantRow> {
  const [row] = await tenantDb(organizationId)
    .insert(consultantAccess)
    .values({ organizationId, ...values })
    .returning();
  if (!row) throw new Error('consultant invitation insert returned nothing');
  return row;
}

/** Writes `changes` to one of the organization's grants, bumping its version; `failure` if it is not there. */
async function changeGrant(
  organizationId: string,
  id: string,
  changes: Partial<Omit<GrantRow, 'id' | 'organizationId' | 'version'>>,
  failure: string,
): Promise<GrantRow> {
  const [row] = await tenantDb(organizationId)
    .update(consultantAccess)
    .set({ ...changes, version: sql`${consultantAccess.version} + 1` })
    .where(and(eq(consultantAccess.organizationId, organizationId), eq(consultantAccess.id, id)))
    .returning();
  if (!row) throw new Error(failure);
  return row;
}

/** A second invitation of the same address renews the open one: new link, new expiry. */
export async function renewInvitation(
  organizationId: string,
  id: string,
  values: Pick<GrantRow, 'accessLevel' | 'tokenHash' | 'expiresAt' | 'grantedById'>,
): Promise<GrantRow> {
  return changeGrant(organizationId, id, values, 'consultant invitation renewal returned nothing');
}

export async function findGrantForUpdate(organizationId: string, id: string): Promise<GrantRow | undefined> {
  return lockGrantWhere(organizationId, eq(consultantAccess.id, id));
}

export async function findInvitationByTokenForUpdate(organizationId: string, tokenHash: string) {
  return lockGrantWhere(organizationId, eq(consultantAccess.tokenHash, tokenHash));
}

export async function findActiveGrant(organizationId: string, userId: string): Promise<GrantRow | undefined> {
  const [row] = await tenantDb(organizationId)
    .select()
    .from(consultantAccess)
    .where(
      and(
        eq(consultantAccess.organizationId, organizationId),
        eq(consultantAccess.consultantUserId, userId),
        eq(consultantAccess.status, 'active'),
      ),
    );
  return row;
}

export async function updateGrant(
  organizationId: string,
  id: string,
  changes: Partial<Pick<GrantRow, 'status' | 'consultantUserId' | 'tokenHash' | 'grantedAt' | 'revokedAt'>>,
): Promise<GrantRow> {
  return changeGrant(organizationId, id, changes, 'consultant access update returned nothing');
}

/** In the consultant's user scope: their live grants across clients, oldest first, one past `limit`. */
export async function listActiveGrantsOfConsultant(userId: string, limit: number) {
  return accountDb()
    .select({
      organizationId: consultantAccess.organizationId,
      accessLevel: consultantAccess.accessLevel,
      clientStatus: consultantAccess.clientStatus,
      grantedAt: consultantAccess.grantedAt,
    })
    .from(consultantAccess)
    .where(and(eq(consultantAccess.consultantUserId, userId), eq(consultantAccess.status, 'active')))
    .orderBy(asc(consultantAccess.grantedAt), asc(consultantAccess.id))
    .limit(limit + 1);
}
