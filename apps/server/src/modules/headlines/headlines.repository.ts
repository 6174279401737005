import { uuidSchema, type HeadlineStatus } from '@keel/contract';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { tenantDb } from '../../db/scope.js';
import { newestFirstAfter, preciseTimestamp, preciseTimestampSchema } from '../../http/pagination.js';
import { personView } from '../people/index.js';
import { headlines } from './headlines.table.js';

export const headlineCursorShape = z.tuple([preciseTimestampSchema, uuidSchema]);
export type HeadlinePosition = z.infer<typeof headlineCursorShape>;

const owners = personView('owner');
const aboutUsers = personView('about_user');

const headlineColumns = {
  id: headlines.id,
  teamId: headlines.teamId,
  text: headlines.text,
  details: headlines.details,
  type: headlines.type,
  status: headlines.status,
  ownerId: headlines.ownerId,
  ownerFirstName: owners.firstName,
  ownerLastName: owners.lastName,
  aboutText: headlines.aboutText,
  aboutUserId: headlines.aboutUserId,
  aboutFirstName: aboutUsers.firstName,
  aboutLastName: aboutUsers.lastName,
  archivedAt: headlines.archivedAt,
  version: headlines.version,
  createdAt: headlines.createdAt,
  updatedAt: headlines.updatedAt,
  createdById: headlines.createdById,
  position: preciseTimestamp(headlines.createdAt),
};

export type HeadlineRow = NonNullable<Awaited<ReturnType<typeof findHeadline>>>;

export type HeadlineInsert = Pick<
  typeof headlines.$inferInsert,
  'teamId' | 'text' | 'details' | 'type' | 'ownerId' | 'aboutText' | 'aboutUserId' | 'createdById'
>;
export type HeadlineChanges = Partial<
  Pick<
    typeof headlines.$inferInsert,
    'text' | 'details' | 'type' | 'status' | 'ownerId' | 'aboutText' | 'aboutUserId' | 'archivedAt'
  >
>;

const selectHeadlines = (organizationId: string) =>
  tenantDb(organizationId)
    .select(headlineColumns)
    .from(headlines)
    .innerJoin(owners, eq(owners.id, headlines.ownerId))
    .leftJoin(aboutUsers, eq(aboutUsers.id, headlines.aboutUserId));

export async function findHeadline(organizationId: string, id: string) {
  const [row] = await selectHeadlines(organizationId).where(
    and(eq(headlines.organizationId, organizationId), eq(headlines.id, id)),
  );
  return row;
}

/** Newest first on (created_at, id), one extra row to tell whether more follow; the owner and "about" in the same query. */
export async function listHeadlinesPage(
  organizationId: string,
  options: {
    teamId: string;
    status: HeadlineStatus | undefined;
    includeArchived: boolean;
    limit: number;
    after: HeadlinePosition | undefined;
  },
) {
  const { after } = options;
  return selectHeadlines(organizationId)
    .where(
      and(
        eq(headlines.organizationId, organizationId),
        eq(headlines.teamId, options.teamId),
        options.includeArchived ? undefined : isNull(headlines.archivedAt),
        options.status ? eq(headlines.status, options.status) : undefined,
        after ? newestFirstAfter(headlines.createdAt, headlines.id, after) : undefined,
      ),
    )
    .orderBy(desc(headlines.createdAt), desc(headlines.id))
    .limit(options.limit + 1);
}

export async function insertHeadline(organizationId: string, values: HeadlineInsert): Promise<{ id: string }> {
  const [row] = await tenantDb(organizationId)
    .insert(headlines)
    .values({ organizationId, ...values })
    .returning({ id: headlines.id });
  if (!row) throw new Error('headline insert returned nothing');
  return row;
}

/** Applies the change only if the row is still at `version`; answers the team of the updated row, or undefined. */
export async function updateHeadlineAtVersion(
  organizationId: string,
  id: string,
  version: number,
  changes: HeadlineChanges,
): Promise<{ id: string; teamId: string } | undefined> {
  const [row] = await tenantDb(organizationId)
    .update(headlines)
    .set({ ...changes, version: sql`${headlines.version} + 1` })
    .where(and(eq(headlines.organizationId, organizationId), eq(headlines.id, id), eq(headlines.version, version)))
    .returning({ id: headlines.id, teamId: headlines.teamId });
  return row;
}

export async function headlineExists(organizationId: string, id: string): Promise<boolean> {
  const [row] = await tenantDb(organizationId)
    .select({ id: headlines.id })
    .from(headlines)
    .where(and(eq(headlines.organizationId, organizationId), eq(headlines.id, id)));
  return row !== undefined;
}

export { findActiveMemberIds } from '../people/index.js';
export { findActiveTeams } from '../teams/index.js';
