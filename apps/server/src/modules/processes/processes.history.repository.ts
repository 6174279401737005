import { PROCESS_VERSIONS_LISTED } from '@keel/contract';
import { and, asc, desc, eq, isNotNull, ne, or, sql } from 'drizzle-orm';
import { tenantDb } from '../../db/scope.js';
import { membershipView, personName, personView } from '../people/index.js';
import { teamMemberView } from '../teams/index.js';
import { processAcknowledgements, processVersions } from './processes.table.js';
import type { ProcessRow } from './processes.repository.js';

/** Keeps the state a save produced as its version, for the history and for comparing two versions. */
export async function insertProcessVersion(organizationId: string, row: ProcessRow, createdById: string | null) {
  await tenantDb(organizationId).insert(processVersions).values({
    organizationId,
    processId: row.id,
    version: row.version,
    title: row.title,
    purpose: row.purpose,
    steps: row.steps,
    status: row.status,
    createdById,
  });
}

const authors = personView('version_author');

const versionSummaryColumns = {
  version: processVersions.version,
  title: processVersions.title,
  status: processVersions.status,
  createdAt: processVersions.createdAt,
  createdById: processVersions.createdById,
  createdByName: personName(authors),
};

/** The newest versions first, bounded. */
export function listProcessVersions(organizationId: string, processId: string) {
  return tenantDb(organizationId)
    .select(versionSummaryColumns)
    .from(processVersions)
    .leftJoin(authors, eq(authors.id, processVersions.createdById))
    .where(and(eq(processVersions.organizationId, organizationId), eq(processVersions.processId, processId)))
    .orderBy(desc(processVersions.version))
    .limit(PROCESS_VERSIONS_LISTED);
}

export async function findProcessVersion(organizationId: string, processId: string, version: number) {
  const [row] = await tenantDb(organizationId)
    .select({ ...versionSummaryColumns, purpose: processVersions.purpose, steps: processVersions.steps })
    .from(processVersions)
    .leftJoin(authors, eq(authors.id, processVersions.createdById))
    .where(
      and(
        eq(processVersions.organizationId, organizationId),
        eq(processVersions.processId, processId),
        eq(processVersions.version, version),
      ),
    );
  return row;
}

/** The person's "I follow this" for `version`, replacing any of theirs for an earlier publication. */
export async function upsertAcknowledgement(
  organizationId: string,
  processId: string,
  userId: string,
  version: number,
): Promise<void> {
  await tenantDb(organizationId)
    .insert(processAcknowledgements)
    .values({ organizationId, processId, userId, version })
    .onConflictDoUpdate({
      target: [processAcknowledgements.processId, processAcknowledgements.userId],
      set: { version, acknowledgedAt: sql`now()` },
    });
}

const people = personView('acknowledger');
const teamMembers = teamMemberView('acknowledger_team');
const memberships = membershipView('acknowledger_membership');
/** A team is at most a few hundred people; the list stays bounded whatever happens. */
const PEOPLE_LISTED = 1000;

/**
 * Who follows the process: every active member of its team (observers left out) with when they acknowledged
 * the published version, and anyone else of the organization who acknowledged it. One query.
 */
export function listAcknowledgers(
  organizationId: string,
  process: { id: string; teamId: string; publishedVersion: number | null },
) {
  const acknowledged = and(
    eq(processAcknowledgements.processId, process.id),
    eq(processAcknowledgements.userId, memberships.userId),
    process.publishedVersion === null ? sql`false` : eq(processAcknowledgements.version, process.publishedVersion),
  );
  return tenantDb(organizationId)
    .select({
      id: memberships.userId,
      name: personName(people),
      inTeam: sql<boolean>`${teamMembers.userId} is not null`,
      acknowledgedAt: processAcknowledgements.acknowledgedAt,
    })
    .from(memberships)
    .innerJoin(people, eq(people.id, memberships.userId))
    .leftJoin(
      teamMembers,
      and(
        eq(teamMembers.organizationId, memberships.organizationId),
        eq(teamMembers.teamId, process.teamId),
        eq(teamMembers.userId, memberships.userId),
      ),
    )
    .leftJoin(processAcknowledgements, acknowledged)
    .where(
      and(
        eq(memberships.organizationId, organizationId),
        eq(memberships.status, 'active'),
        or(
          and(isNotNull(teamMembers.userId), ne(memberships.role, 'observer')),
          isNotNull(processAcknowledgements.userId),
        ),
      ),
    )
    .orderBy(sql`${processAcknowledgements.acknowledgedAt} is null`, asc(people.firstName), asc(people.lastName))
    .limit(PEOPLE_LISTED);
}
