import { uuidSchema } from '@keel/contract';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { tenantDb } from '../../db/scope.js';
import { newestFirstAfter, preciseTimestamp, preciseTimestampSchema } from '../../http/pagination.js';
import { personName, personView } from '../people/index.js';
import { teamView } from '../teams/index.js';
import { issueAttachments, issueComments, issueTrail, issues } from './issues.table.js';

const author = personView('author');

/** Comments, attachments and the trail of an issue. */

export const commentCursorShape = z.tuple([preciseTimestampSchema, uuidSchema]);

const commentColumns = {
  id: issueComments.id,
  issueId: issueComments.issueId,
  authorId: issueComments.authorId,
  authorName: personName(author),
  body: issueComments.body,
  createdAt: issueComments.createdAt,
  updatedAt: issueComments.updatedAt,
  version: issueComments.version,
  position: preciseTimestamp(issueComments.createdAt),
};

/** Oldest first, so a conversation reads top to bottom (newest last). */
export async function listComments(
  organizationId: string,
  issueId: string,
  limit: number,
  after: [string, string] | undefined,
) {
  return tenantDb(organizationId)
    .select(commentColumns)
    .from(issueComments)
    .innerJoin(author, eq(author.id, issueComments.authorId))
    .where(
      and(
        eq(issueComments.organizationId, organizationId),
        eq(issueComments.issueId, issueId),
        after
          ? sql`(${issueComments.createdAt}, ${issueComments.id}) > (${after[0]}::timestamptz, ${after[1]}::uuid)`
          : undefined,
      ),
    )
    .orderBy(asc(issueComments.createdAt), asc(issueComments.id))
    .limit(limit + 1);
}

export type CommentRow = Awaited<ReturnType<typeof listComments>>[number];

export async function findComment(organizationId: string, issueId: string, id: string) {
  const [row] = await tenantDb(organizationId)
    .select(commentColumns)
    .from(issueComments)
    .innerJoin(author, eq(author.id, issueComments.authorId))
    .where(
      and(
        eq(issueComments.organizationId, organizationId),
        eq(issueComments.issueId, issueId),
        eq(issueComments.id, id),
      ),
    );
  return row;
}

export async function insertComment(
  organizationId: string,
  values: { issueId: string; authorId: string; body: string },
) {
  const [row] = await tenantDb(organizationId)
    .insert(issueComments)
    .values({ organizationId, ...values })
    .returning({ id: issueComments.id });
  if (!row) throw new Error('comment insert returned nothing');
  return row;
}

export async function updateCommentAtVersion(organizationId: string, id: string, version: number, body: string) {
  const rows = await tenantDb(organizationId)
    .update(issueComments)
    .set({ body, version: sql`${issueComments.version} + 1` })
    .where(
      and(
        eq(issueComments.organizationId, organizationId),
        eq(issueComments.id, id),
        eq(issueComments.version, version),
      ),
    )
    .returning({ id: issueComments.id });
  return rows.length > 0;
}

export async function deleteComment(organizationId: string, id: string) {
  await tenantDb(organizationId)
    .delete(issueComments)
    .where(and(eq(issueComments.organizationId, organizationId), eq(issueComments.id, id)));
}

const attachmentColumns = {
  id: issueAttachments.id,
  issueId: issueAttachments.issueId,
  fileName: issueAttachments.fileName,
  mimeType: issueAttachments.mimeType,
  sizeBytes: issueAttachments.sizeBytes,
  storedFileId: issueAttachments.storedFileId,
  uploadedById: issueAttachments.uploadedById,
  createdAt: issueAttachments.createdAt,
};
export type AttachmentRow = Awaited<ReturnType<typeof listAttachments>>[number];

/** Bounded by the per-issue cap enforced on upload. */
export async function listAttachments(organizationId: string, issueId: string) {
  return tenantDb(organizationId)
    .select(attachmentColumns)
    .from(issueAttachments)
    .where(and(eq(issueAttachments.organizationId, organizationId), eq(issueAttachments.issueId, issueId)))
    .orderBy(asc(issueAttachments.createdAt), asc(issueAttachments.id));
}

export async function findAttachment(organizationId: string, issueId: string, id: string) {
  const [row] = await tenantDb(organizationId)
    .select(attachmentColumns)
    .from(issueAttachments)
    .where(
      and(
        eq(issueAttachments.organizationId, organizationId),
        eq(issueAttachments.issueId, issueId),
        eq(issueAttachments.id, id),
      ),
    );
  return row;
}

export async function insertAttachment(
  organizationId: string,
  values: Omit<typeof issueAttachments.$inferInsert, 'organizationId'>,
) {
  await tenantDb(organizationId)
    .insert(issueAttachments)
    .values({ organizationId, ...values });
}

export async function deleteAttachment(organizationId: string, id: string) {
  await tenantDb(organizationId)
    .delete(issueAttachments)
    .where(and(eq(issueAttachments.organizationId, organizationId), eq(issueAttachments.id, id)));
}

export async function addTrail(
  organizationId: string,
  values: Omit<typeof issueTrail.$inferInsert, 'organizationId' | 'id' | 'createdAt'>,
) {
  await tenantDb(organizationId)
    .insert(issueTrail)
    .values({ organizationId, ...values });
}

const fromTeams = teamView('from_team');
const toTeams = teamView('to_team');
const actor = personView('actor');
const trailSelect = (organizationId: string) =>
  tenantDb(organizationId)
    .select({
      id: issueTrail.id,
      issueId: issueTrail.issueId,
      issueTitle: issues.title,
      action: issueTrail.action,
      fromTeamId: fromTeams.id,
      fromTeamName: fromTeams.name,
      toTeamId: toTeams.id,
      toTeamName: toTeams.name,
      actorId: actor.id,
      actorName: personName(actor),
      createdAt: issueTrail.createdAt,
      position: preciseTimestamp(issueTrail.createdAt),
    })
    .from(issueTrail)
    .innerJoin(issues, eq(issues.id, issueTrail.issueId))
    .leftJoin(fromTeams, eq(fromTeams.id, issueTrail.fromTeamId))
    .leftJoin(toTeams, eq(toTeams.id, issueTrail.toTeamId))
    .leftJoin(actor, eq(actor.id, issueTrail.actorId));

export type TrailRow = Awaited<ReturnType<typeof listTrail>>[number];

export async function listTrail(organizationId: string, issueId: string) {
  return trailSelect(organizationId)
    .where(and(eq(issueTrail.organizationId, organizationId), eq(issueTrail.issueId, issueId)))
    .orderBy(asc(issueTrail.createdAt), asc(issueTrail.id))
    .limit(200);
}

export const sentCursorShape = z.tuple([preciseTimestampSchema, uuidSchema]);

/** What a team sent elsewhere, newest first. */
export async function listSentFrom(
  organizationId: string,
  teamId: string,
  limit: number,
  after: [string, string] | undefined,
) {
  return trailSelect(organizationId)
    .where(
      and(
        eq(issueTrail.organizationId, organizationId),
        eq(issueTrail.fromTeamId, teamId),
        eq(issueTrail.action, 'sent'),
        after ? newestFirstAfter(issueTrail.createdAt, issueTrail.id, after) : undefined,
      ),
    )
    .orderBy(desc(issueTrail.createdAt), desc(issueTrail.id))
    .limit(limit + 1);
}
