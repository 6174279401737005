import type {
  CreateProcessRequest,
  Process,
  ProcessPage,
  ProcessStatus,
  ProcessSummary,
  ProcessVersion,
  ProcessVersionSummary,
  UpdateProcessRequest,
} from '@keel/contract';
import type { Database } from '../../db/database.js';
import { staleVersion } from '../../http/errors.js';
import { decodeCursor, pageFrom } from '../../http/pagination.js';
import { publishChange, type ChangeBus } from '../../realtime/change-bus.js';
import { recordAuditEvent } from '../audit/index.js';
import {
  asReader,
  asWriter,
  isAdmin,
  type Caller,
  type MemberScope,
  type RequestMeta,
} from '../organizations/index.js';
import { teamStrategyAccess } from '../teams/index.js';
import { nextReviewFrom } from './processes.calendar.js';
import * as errors from './processes.errors.js';
import * as history from './processes.history.repository.js';
import { mayEditProcess } from './processes.policy.js';
import * as repository from './processes.repository.js';
import type { Following, ProcessChanges, ProcessRow, ProcessSummaryRow } from './processes.repository.js';
import { sanitizeSteps } from './processes.sanitize.js';

export interface ProcessesServiceDeps {
  db: Database;
  changes: ChangeBus;
  /** The clock, for review dates (tests move it). */
  now?: () => Date;
}

export interface ProcessListOptions {
  teamId?: string | undefined;
  status?: ProcessStatus | undefined;
  search?: string | undefined;
  limit: number;
  cursor?: string | undefined;
}

const fullName = (firstName: string | null, lastName: string | null) => `${firstName ?? ''} ${lastName ?? ''}`.trim();

function toSummary(row: ProcessSummaryRow, following: Following | undefined): ProcessSummary {
  const memberCount = following?.memberCount ?? 0;
  const acknowledgedCount = following?.acknowledgedCount ?? 0;
  const measured = row.status === 'published' && memberCount > 0;
  return {
    id: row.id,
    teamId: row.teamId,
    team: { id: row.teamId, name: row.teamName },
    ownerId: row.ownerId,
    owner: row.ownerId ? { id: row.ownerId, name: fullName(row.ownerFirstName, row.ownerLastName) } : null,
    title: row.title,
    purpose: row.purpose,
    status: row.status,
    stepCount: row.stepCount,
    publishedVersion: row.publishedVersion,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    reviewEveryDays: row.reviewEveryDays,
    nextReviewOn: row.nextReviewOn,
    following: {
      memberCount,
      acknowledgedCount: row.status === 'published' ? acknowledgedCount : 0,
      percent: measured ? Math.round((acknowledgedCount / memberCount) * 100) : null,
    },
    acknowledgedByMe: row.status === 'published' && row.acknowledgedByMe,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function loadProcess(member: MemberScope, id: string): Promise<Process> {
  const { organizationId, userId } = member;
  const row = await repository.findProcessSummary(organizationId, userId, id);
  if (!row) throw errors.processNotFound();
  const [steps, following, people, canEdit] = await Promise.all([
    repository.findProcessSteps(organizationId, id),
    repository.followingOf(organizationId, [id]),
    history.listAcknowledgers(organizationId, {
      id,
      teamId: row.teamId,
      publishedVersion: row.status === 'published' ? row.publishedVersion : null,
    }),
    mayEditProcess(member, row),
  ]);
  return {
    ...toSummary(row, following.get(id)),
    steps: steps ?? [],
    people: people.map((person) => ({
      id: person.id,
      name: person.name,
      inTeam: person.inTeam,
      acknowledgedAt: person.acknowledgedAt?.toISOString() ?? null,
    })),
    canEdit,
  };
}

/** A team the caller may add processes to, or change a process's team to: 404 if absent, 403 if not theirs. */
async function requireWritableTeam(member: MemberScope, teamId: string) {
  const access = await teamStrategyAccess(member.organizationId, member, teamId);
  if (!access) throw errors.teamNotFound();
  if (!access.canEdit && !isAdmin(member.role)) throw errors.cannotCreateForTeam();
}

async function requireOwner(organizationId: string, ownerId: string | null | undefined) {
  if (!ownerId) return;
  const members = await repository.findActiveMemberIds(organizationId, [ownerId]);
  if (!members.has(ownerId)) throw errors.ownerNotMember();
}

const toVersionSummary = (row: Awaited<ReturnType<typeof history.listProcessVersions>>[number]) => ({
  version: row.version,
  title: row.title,
  status: row.status,
  createdAt: row.createdAt.toISOString(),
  createdBy: row.createdById ? { id: row.createdById, name: row.createdByName } : null,
});

export function createProcessesService(deps: ProcessesServiceDeps) {
  const { db, changes: bus } = deps;
  const now = deps.now ?? (() => new Date());
  // Organization-wide: the processes page lists every team's processes.
  const announce = (caller: Caller, id: string, action: 'created' | 'updated') =>
    publishChange(bus, caller, { teamId: null, entity: 'process', ids: [id], action });

  const nextReview = async (organizationId: string, everyDays: number) =>
    nextReviewFrom((await repository.organizationCalendar(organizationId)).timeZone, now(), everyDays);

  /** Locks the process, checks who asks, applies a versioned change, keeps it as a version, audits it. */
  async function change(
    caller: Caller,
    id: string,
    version: number,
    action: string,
    meta: RequestMeta,
    build: (row: ProcessRow, member: MemberScope) => Promise<ProcessChanges>,
  ): Promise<Process> {
    const process = await asWriter(db, caller, async (member) => {
      const { organizationId, userId } = member;
      const row = await repository.lockProcess(organizationId, id);
      if (!row) throw errors.processNotFound();
      if (!(await mayEditProcess(member, row))) throw errors.cannotEdit();
      if (row.version !== version) throw staleVersion('process', 'process');
      const changes = await build(row, member);
      const updated = await repository.updateProcessAtVersion(organizationId, id, version, changes);
      if (!updated) throw staleVersion('process', 'process');
      await history.insertProcessVersion(organizationId, updated, userId);
      await recordAuditEvent(organizationId, {
        actorUserId: userId,
        action,
        targetType: 'process',
        targetId: id,
        summary: { fields: Object.keys(changes), version: updated.version },
        ...meta,
      });
      return loadProcess(member, id);
    });
    announce(caller, id, 'updated');
    return process;
  }

  return {
    list: (caller: Caller, query: ProcessListOptions): Promise<ProcessPage> => {
      const after = decodeCursor(query.cursor, repository.processCursorShape);
      return asReader(db, caller, async ({ organizationId, userId }) => {
        const rows = await repository.listProcessesPage(organizationId, userId, {
          teamId: query.teamId,
          status: query.status,
          search: query.search || undefined,
          limit: query.limit,
          after,
        });
        const following = await repository.followingOf(
          organizationId,
          rows.slice(0, query.limit).map((row) => row.id),
        );
        return pageFrom(
          rows,
          query.limit,
          (row) => toSummary(row, following.get(row.id)),
          (row) => [row.title, row.id],
        );
      });
    },

    get: (caller: Caller, id: string): Promise<Process> => asReader(db, caller, (member) => loadProcess(member, id)),

    create: async (caller: Caller, request: CreateProcessRequest, meta: RequestMeta): Promise<Process> => {
      const process = await asWriter(db, caller, async (member) => {
        const { organizationId, userId } = member;
        await requireWritableTeam(member, request.teamId);
        const ownerId = request.ownerId === undefined ? userId : request.ownerId;
        await requireOwner(organizationId, ownerId);
        const row = await repository.insertProcess(organizationId, {
          teamId: request.teamId,
          ownerId,
          title: request.title,
          purpose: request.purpose ?? '',
          steps: sanitizeSteps(request.steps ?? []),
          ...(request.reviewEveryDays === undefined ? {} : { reviewEveryDays: request.reviewEveryDays }),
          createdById: userId,
        });
        await history.insertProcessVersion(organizationId, row, userId);
        await recordAuditEvent(organizationId, {
          actorUserId: userId,
          action: 'process.created',
          targetType: 'process',
          targetId: row.id,
          summary: { teamId: request.teamId },
          ...meta,
        });
        return loadProcess(member, row.id);
      });
      announce(caller, process.id, 'created');
      return process;
    },

    update: (caller: Caller, id: string, request: UpdateProcessRequest, meta: RequestMeta) =>
      change(caller, id, request.version, 'process.updated', meta, async (row, member) => {
        const changes: ProcessChanges = {};
        if (request.teamId !== undefined && request.teamId !== row.teamId) {
          await requireWritableTeam(member, request.teamId);
          changes.teamId = request.teamId;
        }
        if (request.ownerId !== undefined) {
          await requireOwner(member.organizationId, request.ownerId);
          changes.ownerId = request.ownerId;
        }
        if (request.title !== undefined) changes.title = request.title;
        if (request.purpose !== undefined) changes.purpose = request.purpose;
        if (request.steps !== undefined) changes.steps = sanitizeSteps(request.steps);
        if (request.reviewEveryDays !== undefined) changes.reviewEveryDays = request.reviewEveryDays;
        return changes;
      }),

    publish: (caller: Caller, id: string, version: number, meta: RequestMeta) =>
      change(caller, id, version, 'process.published', meta, async (row, member) => {
        if (row.steps.length === 0) throw errors.nothingToPublish();
        return {
          status: 'published',
          publishedVersion: 'next',
          publishedAt: now(),
          nextReviewOn: await nextReview(member.organizationId, row.reviewEveryDays),
          reviewReminderSentOn: null,
        };
      }),

    archive: (caller: Caller, id: string, version: number, meta: RequestMeta) =>
      change(caller, id, version, 'process.archived', meta, async () => ({ status: 'archived' })),

    backToDraft: (caller: Caller, id: string, version: number, meta: RequestMeta) =>
      change(caller, id, version, 'process.drafted', meta, async () => ({ status: 'draft' })),

    versions: (caller: Caller, id: string): Promise<ProcessVersionSummary[]> =>
      asReader(db, caller, async ({ organizationId, userId }) => {
        if (!(await repository.findProcessSummary(organizationId, userId, id))) throw errors.processNotFound();
        return (await history.listProcessVersions(organizationId, id)).map(toVersionSummary);
      }),

    version: (caller: Caller, id: string, versionText: string): Promise<ProcessVersion> =>
      asReader(db, caller, async ({ organizationId }) => {
        if (!/^[1-9]\d{0,8}$/.test(versionText)) throw errors.processVersionNotFound();
        const row = await history.findProcessVersion(organizationId, id, Number(versionText));
        if (!row) throw errors.processVersionNotFound();
        return { ...toVersionSummary(row), purpose: row.purpose, steps: row.steps };
      }),

    acknowledge: async (caller: Caller, id: string, meta: RequestMeta): Promise<Process> => {
      const process = await asWriter(db, caller, async (member) => {
        const { organizationId, userId } = member;
        const row = await repository.lockProcess(organizationId, id);
        if (!row) throw errors.processNotFound();
        if (row.status !== 'published' || row.publishedVersion === null) throw errors.notPublished();
        await history.upsertAcknowledgement(organizationId, id, userId, row.publishedVersion);
        await recordAuditEvent(organizationId, {
          actorUserId: userId,
          action: 'process.acknowledged',
          targetType: 'process',
          targetId: id,
          summary: { version: row.publishedVersion },
          ...meta,
        });
        return loadProcess(member, id);
      });
      announce(caller, id, 'updated');
      return process;
    },

    markReviewed: async (caller: Caller, id: string, meta: RequestMeta): Promise<Process> => {
      const process = await asWriter(db, caller, async (member) => {
        const { organizationId, userId } = member;
        const row = await repository.lockProcess(organizationId, id);
        if (!row) throw errors.processNotFound();
        if (!(await mayEditProcess(member, row))) throw errors.cannotEdit();
        const nextReviewOn = await nextReview(organizationId, row.reviewEveryDays);
        await repository.setReviewDates(organizationId, id, { nextReviewOn, reviewReminderSentOn: null });
        await recordAuditEvent(organizationId, {
          actorUserId: userId,
          action: 'process.reviewed',
          targetType: 'process',
          targetId: id,
          summary: { nextReviewOn },
          ...meta,
        });
        return loadProcess(member, id);
      });
      announce(caller, id, 'updated');
      return process;
    },
  };
}

export type ProcessesService = ReturnType<typeof createProcessesService>;
