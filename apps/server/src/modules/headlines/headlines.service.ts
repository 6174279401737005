import type {
  CreateHeadlineRequest,
  Headline,
  HeadlinePage,
  HeadlineStatus,
  MarkHeadlineDiscussedRequest,
  UpdateHeadlineRequest,
} from '@keel/contract';
import type { Database } from '../../db/database.js';
import { staleVersion } from '../../http/errors.js';
import { decodeCursor, pageFrom } from '../../http/pagination.js';
import { publishChange, type ChangeBus } from '../../realtime/change-bus.js';
import { recordAuditEvent } from '../audit/index.js';
import type { IssueDraft } from '../issues/index.js';
import type { Caller, RequestMeta } from '../organizations/index.js';
import { asReader, asWriter, fullName } from './headlines.policy.js';
import { headlineNotFound, notAMember, teamNotFound } from './headlines.errors.js';
import * as repository from './headlines.repository.js';
import type { HeadlineChanges, HeadlineRow } from './headlines.repository.js';

/** The issue a headline turns into, read in the raiser's write scope; an unknown or foreign id is a 404. */
export async function headlineIssueDraft(organizationId: string, id: string): Promise<IssueDraft> {
  const row = await repository.findHeadline(organizationId, id);
  if (!row) throw headlineNotFound();
  return {
    teamId: row.teamId,
    title: row.text,
    description: row.details ?? '',
    source: { kind: 'headline', id: row.id },
  };
}

export interface HeadlinesServiceDeps {
  db: Database;
  changes: ChangeBus;
}

export interface HeadlineListOptions {
  teamId: string;
  status?: HeadlineStatus | undefined;
  includeArchived: boolean;
  limit: number;
  cursor?: string | undefined;
}

export function toHeadline(row: HeadlineRow): Headline {
  return {
    id: row.id,
    teamId: row.teamId,
    text: row.text,
    details: row.details,
    type: row.type,
    status: row.status,
    ownerId: row.ownerId,
    owner: { id: row.ownerId, name: fullName(row.ownerFirstName, row.ownerLastName) },
    aboutText: row.aboutText,
    aboutUserId: row.aboutUserId,
    aboutUser:
      row.aboutUserId && row.aboutFirstName !== null && row.aboutLastName !== null
        ? { id: row.aboutUserId, name: fullName(row.aboutFirstName, row.aboutLastName) }
        : null,
    archivedAt: row.archivedAt?.toISOString() ?? null,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    createdById: row.createdById,
  };
}

/** Owner and "about" person must be members of this organization; one query for both. */
async function requireMembers(
  organizationId: string,
  people: { ownerId?: string | null; aboutUserId?: string | null },
) {
  const ids = [people.ownerId, people.aboutUserId].filter((id): id is string => typeof id === 'string');
  const members = await repository.findActiveMemberIds(organizationId, ids);
  if (people.ownerId && !members.has(people.ownerId)) throw notAMember('ownerId', 'The owner');
  if (people.aboutUserId && !members.has(people.aboutUserId)) throw notAMember('aboutUserId', 'The person it is about');
}

async function requireTeam(organizationId: string, teamId: string) {
  const [team] = await repository.findActiveTeams(organizationId, [teamId]);
  if (!team) throw teamNotFound();
}

async function loadHeadline(organizationId: string, id: string): Promise<Headline> {
  const row = await repository.findHeadline(organizationId, id);
  if (!row) throw headlineNotFound();
  return toHeadline(row);
}

export function createHeadlinesService(deps: HeadlinesServiceDeps) {
  const { db, changes: bus } = deps;

  /** Applies a versioned change, audits it, and tells open pages after the commit. */
  async function change(
    caller: Caller,
    id: string,
    version: number,
    action: string,
    meta: RequestMeta,
    build: (member: { userId: string; organizationId: string }) => Promise<HeadlineChanges>,
  ): Promise<Headline> {
    const headline = await asWriter(db, caller, async ({ organizationId, userId }) => {
      const changes = await build({ organizationId, userId });
      const updated = await repository.updateHeadlineAtVersion(organizationId, id, version, changes);
      if (!updated) {
        if (await repository.headlineExists(organizationId, id)) throw staleVersion('headline', 'headline');
        throw headlineNotFound();
      }
      await recordAuditEvent(organizationId, {
        actorUserId: userId,
        action,
        targetType: 'headline',
        targetId: id,
        summary: { fields: Object.keys(changes) },
        ...meta,
      });
      return loadHeadline(organizationId, id);
    });
    publishChange(bus, caller, { teamId: headline.teamId, entity: 'headline', ids: [headline.id], action: 'updated' });
    return headline;
  }

  return {
    list: (caller: Caller, query: HeadlineListOptions): Promise<HeadlinePage> => {
      const after = decodeCursor(query.cursor, repository.headlineCursorShape);
      return asReader(db, caller, async ({ organizationId }) => {
        await requireTeam(organizationId, query.teamId);
        const rows = await repository.listHeadlinesPage(organizationId, {
          teamId: query.teamId,
          status: query.status,
          includeArchived: query.includeArchived,
          limit: query.limit,
          after,
        });
        return pageFrom(rows, query.limit, toHeadline, (row) => [row.position, row.id]);
      });
    },

    get: (caller: Caller, id: string): Promise<Headline> =>
      asReader(db, caller, ({ organizationId }) => loadHeadline(organizationId, id)),

    create: async (caller: Caller, request: CreateHeadlineRequest, meta: RequestMeta): Promise<Headline> => {
      const headline = await asWriter(db, caller, async ({ organizationId, userId }) => {
        await requireTeam(organizationId, request.teamId);
        const ownerId = request.ownerId ?? userId;
        await requireMembers(organizationId, { ownerId, aboutUserId: request.aboutUserId });
        const { id } = await repository.insertHeadline(organizationId, {
          teamId: request.teamId,
          text: request.text,
          details: request.details || null,
          type: request.type,
          ownerId,
          aboutText: request.aboutText || null,
          aboutUserId: request.aboutUserId ?? null,
          createdById: userId,
        });
        await recordAuditEvent(organizationId, {
          actorUserId: userId,
          action: 'headline.created',
          targetType: 'headline',
          targetId: id,
          summary: { teamId: request.teamId, type: request.type },
          ...meta,
        });
        return loadHeadline(organizationId, id);
      });
      publishChange(bus, caller, {
        teamId: headline.teamId,
        entity: 'headline',
        ids: [headline.id],
        action: 'created',
      });
      return headline;
    },

    update: (caller: Caller, id: string, request: UpdateHeadlineRequest, meta: RequestMeta) =>
      change(caller, id, request.version, 'headline.updated', meta, async ({ organizationId }) => {
        await requireMembers(organizationId, { ownerId: request.ownerId, aboutUserId: request.aboutUserId });
        const changes: HeadlineChanges = {};
        if (request.text !== undefined) changes.text = request.text;
        if (request.details !== undefined) changes.details = request.details || null;
        if (request.type !== undefined) changes.type = request.type;
        if (request.ownerId !== undefined) changes.ownerId = request.ownerId;
        // "About" is one thing: naming a person clears the text and the other way round.
        if (request.aboutText !== undefined) {
          changes.aboutText = request.aboutText || null;
          if (request.aboutText) changes.aboutUserId = null;
        }
        if (request.aboutUserId !== undefined) {
          changes.aboutUserId = request.aboutUserId;
          if (request.aboutUserId) changes.aboutText = null;
        }
        return changes;
      }),

    markDiscussed: (caller: Caller, id: string, request: MarkHeadlineDiscussedRequest, meta: RequestMeta) =>
      change(
        caller,
        id,
        request.version,
        request.discussed ? 'headline.discussed' : 'headline.undiscussed',
        meta,
        async () => ({ status: request.discussed ? 'discussed' : 'new' }),
      ),

    archive: (caller: Caller, id: string, version: number, meta: RequestMeta) =>
      change(caller, id, version, 'headline.archived', meta, async () => ({ archivedAt: new Date() })),

    restore: (caller: Caller, id: string, version: number, meta: RequestMeta) =>
      change(caller, id, version, 'headline.restored', meta, async () => ({ archivedAt: null })),
  };
}

export type HeadlinesService = ReturnType<typeof createHeadlinesService>;
