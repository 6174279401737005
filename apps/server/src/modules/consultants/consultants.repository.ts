import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { accountDb, tenantDb } from '../../db/scope.js';
import { users } from '../auth/index.js';
import { issues } from '../issues/issues.table.js';
import { memberships, organizations } from '../organizations/index.js';
import { priorities } from '../priorities/priorities.table.js';
import { consultantAccess } from './consultants.table.js';

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

export interface ClientFigures {
  organizationName: string;
  members: number;
  openIssues: number;
  prioritiesOnTrack: number;
  prioritiesThisQuarter: number;
}

/**
 * Inside one client's scope, one statement: its name and figures. The current fiscal quarter is
 * worked out in SQL from the organization's fiscal start month, the way `fiscalQuarterOf` does (UTC).
 */
export async function readClientFigures(organizationId: string): Promise<ClientFigures | undefined> {
  const result = await tenantDb(organizationId).execute(sql`
    with o as (
      select ${organizations.name} as name, ${organizations.fiscalYearStartMonth} as fsm,
             extract(month from now() at time zone 'UTC')::int as m,
             extract(year from now() at time zone 'UTC')::int as y
      from ${organizations} where ${organizations.id} = ${organizationId}::uuid
    ), q as (
      select name,
             (case when m >= fsm then y else y - 1 end) + (case when fsm = 1 then 0 else 1 end) as year,
             ((m - fsm + 12) % 12) / 3 + 1 as quarter
      from o
    )
    select q.name as "organizationName",
      (select count(*)::int from ${memberships} ms
        where ms.organization_id = ${organizationId}::uuid and ms.status = 'active') as "members",
      (select count(*)::int from ${issues} i
        where i.organization_id = ${organizationId}::uuid and i.status = 'open' and i.archived_at is null) as "openIssues",
      (select (count(*) filter (where p.status = 'on_track'))::int from ${priorities} p
        where p.organization_id = ${organizationId}::uuid and p.year = q.year and p.quarter = q.quarter
          and p.archived_at is null) as "prioritiesOnTrack",
      (select count(*)::int from ${priorities} p
        where p.organization_id = ${organizationId}::uuid and p.year = q.year and p.quarter = q.quarter
          and p.archived_at is null) as "prioritiesThisQuarter"
    from q`);
  return (result as { rows: ClientFigures[] }).rows[0];
}

export async function findUserEmail(userId: string) {
  const [row] = await accountDb()
    .select({
      email: users.email,
      isConsultant: users.isConsultant,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}
