import type { ProcessStatus, ProcessStep } from '@keel/contract';
import { and, asc, eq, ilike, inArray, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import { tenantDb } from '../../db/scope.js';
import { membershipView, personView } from '../people/index.js';
import { teamMemberView, teamView } from '../teams/index.js';
import { processAcknowledgements, processes } from './processes.table.js';

/** Lists run in title order; the cursor is the last row's (title, id). */
export const processCursorShape = z.tuple([z.string().max(1000), z.uuid()]);
export type ProcessPosition = z.infer<typeof processCursorShape>;

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;

const owners = personView('process_owner');
const processTeams = teamView('process_team');
const mine = (userId: string) =>
  and(
    eq(processAcknowledgements.processId, processes.id),
    eq(processAcknowledgements.userId, userId),
    eq(processAcknowledgements.version, processes.publishedVersion),
  );

const summaryColumns = {
  id: processes.id,
  teamId: processes.teamId,
  teamName: processTeams.name,
  ownerId: processes.ownerId,
  ownerFirstName: owners.firstName,
  ownerLastName: owners.lastName,
  title: processes.title,
  purpose: processes.purpose,
  status: processes.status,
  stepCount: sql<number>`jsonb_array_length(${processes.steps})::int`,
  publishedVersion: processes.publishedVersion,
  publishedAt: processes.publishedAt,
  reviewEveryDays: processes.reviewEveryDays,
  nextReviewOn: processes.nextReviewOn,
  acknowledgedByMe: sql<boolean>`${processAcknowledgements.userId} is not null`,
  version: processes.version,
  createdAt: processes.createdAt,
  updatedAt: processes.updatedAt,
};

const selectSummaries = (organizationId: string, userId: string) =>
  tenantDb(organizationId)
    .select(summaryColumns)
    .from(processes)
    .innerJoin(processTeams, eq(processTeams.id, processes.teamId))
    .leftJoin(owners, eq(owners.id, processes.ownerId))
    .leftJoin(processAcknowledgements, mine(userId));

export type ProcessSummaryRow = Awaited<ReturnType<typeof listProcessesPage>>[number];

/** One page in title order (one extra row tells whether more follow), the team and owner in the same query. */
export async function listProcessesPage(
  organizationId: string,
  userId: string,
  options: {
    teamId: string | undefined;
    status: ProcessStatus | undefined;
    search: string | undefined;
    limit: number;
    after: ProcessPosition | undefined;
  },
) {
  const { after } = options;
  return selectSummaries(organizationId, userId)
    .where(
      and(
        eq(processes.organizationId, organizationId),
        options.teamId ? eq(processes.teamId, options.teamId) : undefined,
        options.status ? eq(processes.status, options.status) : undefined,
        options.search ? ilike(processes.title, likePattern(options.search)) : undefined,
        after ? sql`(${processes.title}, ${processes.id}) > (${after[0]}, ${after[1]}::uuid)` : undefined,
      ),
    )
    .orderBy(asc(processes.title), asc(processes.id))
    .limit(options.limit + 1);
}

export async function findProcessSummary(organizationId: string, userId: string, id: string) {
  const [row] = await selectSummaries(organizationId, userId).where(
    and(eq(processes.organizationId, organizationId), eq(processes.id, id)),
  );
  return row;
}

export async function findProcessSteps(organizationId: string, id: string): Promise<ProcessStep[] | undefined> {
  const [row] = await tenantDb(organizationId)
    .select({ steps: processes.steps })
    .from(processes)
    .where(and(eq(processes.organizationId, organizationId), eq(processes.id, id)));
  return row?.steps;
}

/** The row a change starts from, locked so that the check and the write see the same process. */
export async function lockProcess(organizationId: string, id: string) {
  const [row] = await tenantDb(organizationId)
    .select()
    .from(processes)
    .where(and(eq(processes.organizationId, organizationId), eq(processes.id, id)))
    .for('update');
  return row;
}

export type ProcessRow = NonNullable<Awaited<ReturnType<typeof lockProcess>>>;

export type ProcessInsert = Pick<
  typeof processes.$inferInsert,
  'teamId' | 'ownerId' | 'title' | 'purpose' | 'steps' | 'reviewEveryDays' | 'createdById'
>;

export async function insertProcess(organizationId: string, values: ProcessInsert): Promise<ProcessRow> {
  const [row] = await tenantDb(organizationId)
    .insert(processes)
    .values({ organizationId, ...values })
    .returning();
  if (!row) throw new Error('process insert returned nothing');
  return row;
}

export type ProcessChanges = Partial<
  Pick<
    typeof processes.$inferInsert,
    | 'teamId'
    | 'ownerId'
    | 'title'
    | 'purpose'
    | 'steps'
    | 'status'
    | 'reviewEveryDays'
    | 'publishedAt'
    | 'nextReviewOn'
    | 'reviewReminderSentOn'
  >
> & { publishedVersion?: 'next' | null };

/**
 * Applies the change only if the row is still at `version`, moving it to the next version; `publishedVersion:
 * 'next'` publishes that new version. Answers the updated row, or undefined when the version was stale.
 */
export async function updateProcessAtVersion(
  organizationId: string,
  id: string,
  version: number,
  { publishedVersion, ...changes }: ProcessChanges,
): Promise<ProcessRow | undefined> {
  const [row] = await tenantDb(organizationId)
    .update(processes)
    .set({
      ...changes,
      ...(publishedVersion === undefined
        ? {}
        : { publishedVersion: publishedVersion === 'next' ? sql`${processes.version} + 1` : null }),
      version: sql`${processes.version} + 1`,
    })
    .where(and(eq(processes.organizationId, organizationId), eq(processes.id, id), eq(processes.version, version)))
    .returning();
  return row;
}

/** Review dates live beside the content: moving them is not a new version of the process. */
export async function setReviewDates(
  organizationId: string,
  id: string,
  dates: { nextReviewOn: string | null; reviewReminderSentOn: string | null },
): Promise<void> {
  await tenantDb(organizationId)
    .update(processes)
    .set(dates)
    .where(and(eq(processes.organizationId, organizationId), eq(processes.id, id)));
}

export interface Following {
  memberCount: number;
  acknowledgedCount: number;
}

const teamMembers = teamMemberView('process_team_member');
const activeMembers = membershipView('process_membership');

/**
 * For each given process, in one grouped query: the active members of its team (observers, who only read,
 * left out) and how many of them acknowledged its published version.
 */
export async function followingOf(organizationId: string, ids: readonly string[]): Promise<Map<string, Following>> {
  if (ids.length === 0) return new Map();
  const rows = await tenantDb(organizationId)
    .select({
      id: processes.id,
      memberCount: sql<number>`count(${teamMembers.userId})::int`,
      acknowledgedCount: sql<number>`count(${processAcknowledgements.userId})::int`,
    })
    .from(processes)
    .innerJoin(
      teamMembers,
      and(eq(teamMembers.organizationId, processes.organizationId), eq(teamMembers.teamId, processes.teamId)),
    )
    .innerJoin(
      activeMembers,
      and(
        eq(activeMembers.organizationId, processes.organizationId),
        eq(activeMembers.userId, teamMembers.userId),
        eq(activeMembers.status, 'active'),
        ne(activeMembers.role, 'observer'),
      ),
    )
    .leftJoin(
      processAcknowledgements,
      and(
        eq(processAcknowledgements.processId, processes.id),
        eq(processAcknowledgements.userId, teamMembers.userId),
        eq(processAcknowledgements.version, processes.publishedVersion),
      ),
    )
    .where(and(eq(processes.organizationId, organizationId), inArray(processes.id, [...ids])))
    .groupBy(processes.id);
  return new Map(
    rows.map((row) => [row.id, { memberCount: row.memberCount, acknowledgedCount: row.acknowledgedCount }]),
  );
}

export { findActiveMemberIds, organizationCalendar } from '../people/index.js';
export { findActiveTeams } from '../teams/index.js';

/** The titles of the given processes of the organization, by id (absent: no such process): for links shown elsewhere. */
export async function processTitles(organizationId: string, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await tenantDb(organizationId)
    .select({ id: processes.id, title: processes.title })
    .from(processes)
    .where(and(eq(processes.organizationId, organizationId), inArray(processes.id, [...ids])));
  return new Map(rows.map((row) => [row.id, row.title]));
}
