import { randomUUID } from 'node:crypto';
import {
  PLANNING_QUARTERS,
  PRIORITY_LIST_MAX,
  fiscalQuarterRange,
  toIsoDate,
  type ClosedQuarter,
  type CloseQuarterRequest,
  type CreatePriorityRequest,
  type FiscalQuarters,
  type ListPrioritiesQuery,
  type Priority,
  type PriorityList,
  type PriorityStatus,
  type UpdatePriorityRequest,
} from '@keel/contract';
import type { Database } from '../../db/database.js';
import type { ChangeBus } from '../../realtime/change-bus.js';
import { existingAnnualGoalIds } from '../annual-goals/index.js';
import type { IssueDraft } from '../issues/index.js';
import type { Caller, RequestMeta } from '../organizations/index.js';
import * as errors from './priorities.errors.js';
import * as repository from './priorities.repository.js';
import { createPriorityKit, quartersFrom, withMilestones } from './priorities.shared.js';

/** The issue a priority (typically an off-track one) turns into; an unknown or foreign id is a 404. */
export async function priorityIssueDraft(organizationId: string, id: string): Promise<IssueDraft> {
  const [row] = await repository.findPriorities(organizationId, [id]);
  if (!row) throw errors.priorityNotFound();
  return {
    teamId: row.teamId,
    title: row.title,
    description: row.description,
    source: { kind: 'priority', id: row.id },
  };
}

export interface PrioritiesServiceDeps {
  db: Database;
  changes: ChangeBus;
}

/** A finished priority keeps when it was finished; reopening it clears that. */
const completion = (status: PriorityStatus, previous: Date | null) =>
  status === 'complete' ? (previous ?? new Date()) : null;

/** A priority links up only to a goal of its own organization (the foreign key alone would accept another's). */
async function requireAnnualGoal(organizationId: string, annualGoalId: string | null | undefined) {
  if (!annualGoalId) return;
  const found = await existingAnnualGoalIds(organizationId, [annualGoalId]);
  if (!found.has(annualGoalId)) throw errors.annualGoalNotFound();
}

export function createPrioritiesService(deps: PrioritiesServiceDeps) {
  const kit = createPriorityKit(deps.db, deps.changes);
  const { asWriter, asReader, publish, audit, requireRow, load, requireTeam, requireOwners } = kit;

  /** A versioned change of one priority; returns the state before and after. */
  const changeOne = async (
    caller: Caller,
    id: string,
    version: number,
    meta: RequestMeta,
    action: string,
    build: (before: repository.PriorityRow, fiscalStartMonth: number) => Promise<repository.PriorityChanges>,
  ): Promise<Priority> => {
    const { before, after } = await asWriter(caller, async (member) => {
      const { organizationId } = member;
      const before = await requireRow(organizationId, id);
      const calendar = await repository.calendarOf(organizationId);
      const changes = await build(before, calendar.fiscalYearStartMonth);
      const updated = await repository.updatePriorityAtVersion(organizationId, id, version, changes);
      if (updated.length === 0) throw errors.stalePriority();
      await audit(member, action, meta, id, { fields: Object.keys(changes) });
      return { before, after: await load(organizationId, id) };
    });
    publish(caller, 'updated', [before, after]);
    return after;
  };

  return {
    fiscalQuarters: (caller: Caller): Promise<FiscalQuarters> =>
      asReader(caller, async ({ organizationId }) => {
        const { fiscalYearStartMonth } = await repository.calendarOf(organizationId);
        return { fiscalYearStartMonth, quarters: quartersFrom(new Date(), fiscalYearStartMonth, PLANNING_QUARTERS) };
      }),

    list: (caller: Caller, query: ListPrioritiesQuery): Promise<PriorityList> =>
      asReader(caller, async ({ organizationId }) => {
        await requireTeam(organizationId, query.teamId);
        const { fiscalYearStartMonth } = await repository.calendarOf(organizationId);
        const upcoming = quartersFrom(new Date(), fiscalYearStartMonth, PLANNING_QUARTERS);
        const quarters =
          query.year !== undefined && query.quarter !== undefined
            ? [{ year: query.year, quarter: query.quarter }]
            : query.planning
              ? upcoming.slice(1)
              : upcoming.slice(0, 1);
        const rows = await repository.listPriorities(organizationId, {
          teamId: query.teamId,
          quarters,
          includeArchived: query.includeArchived,
          ownerId: query.ownerId,
          limit: PRIORITY_LIST_MAX,
        });
        return {
          data: await withMilestones(organizationId, rows.slice(0, PRIORITY_LIST_MAX)),
          truncated: rows.length > PRIORITY_LIST_MAX,
        };
      }),

    get: (caller: Caller, id: string): Promise<Priority> =>
      asReader(caller, ({ organizationId }) => load(organizationId, id)),

    create: async (caller: Caller, request: CreatePriorityRequest, meta: RequestMeta): Promise<Priority[]> => {
      const ownerIds = [...new Set(request.ownerIds)];
      const created = await asWriter(caller, async (member) => {
        const { organizationId, userId } = member;
        await requireTeam(organizationId, request.teamId);
        await requireOwners(
          organizationId,
          request.ownerIds.map((id, index) => ({ path: `ownerIds.${index}`, id })),
        );
        await requireAnnualGoal(organizationId, request.annualGoalId);
        const { fiscalYearStartMonth } = await repository.calendarOf(organizationId);
        const [current] = quartersFrom(new Date(), fiscalYearStartMonth, 0);
        const year = request.year ?? current!.year;
        const quarter = (request.quarter ?? current!.quarter) as 1 | 2 | 3 | 4;
        const dueDate = request.dueDate ?? fiscalQuarterRange({ year, quarter }, fiscalYearStartMonth).end;
        const groupId = ownerIds.length > 1 ? randomUUID() : null;
        const ids = await repository.insertPriorities(
          organizationId,
          ownerIds.map((ownerId) => ({
            teamId: request.teamId,
            ownerId,
            title: request.title,
            description: request.description ?? '',
            scope: request.scope ?? 'team',
            year,
            quarter,
            dueDate,
            progressType: request.progressType ?? 'status',
            numericStart: request.numericStart ?? (request.progressType === 'numeric' ? 0 : null),
            numericTarget: request.numericTarget ?? null,
            numericCurrent: request.numericCurrent ?? (request.progressType === 'numeric' ? 0 : null),
            unit: request.unit ?? null,
            groupId,
            annualGoalId: request.annualGoalId ?? null,
            createdById: userId,
          })),
        );
        await audit(member, 'priority.created', meta, ids.length === 1 ? ids[0] : undefined, {
          ids,
          teamId: request.teamId,
          groupId,
        });
        return withMilestones(organizationId, await repository.findPriorities(organizationId, ids));
      });
      publish(caller, 'created', created);
      return created;
    },

    update: (caller: Caller, id: string, request: UpdatePriorityRequest, meta: RequestMeta) => {
      const { version, ...fields } = request;
      return changeOne(caller, id, version, meta, 'priority.updated', async (before, startMonth) => {
        const { organizationId } = caller;
        if (fields.teamId) await requireTeam(organizationId, fields.teamId);
        if (fields.ownerId) await requireOwners(organizationId, [{ path: 'ownerId', id: fields.ownerId }]);
        await requireAnnualGoal(organizationId, fields.annualGoalId);
        const year = fields.year ?? before.year;
        const quarter = (fields.quarter ?? before.quarter) as 1 | 2 | 3 | 4;
        // Moving to another quarter without a date moves the due date to that quarter's end.
        const movedQuarter = year !== before.year || quarter !== before.quarter;
        const dueDate =
          fields.dueDate ?? (movedQuarter ? fiscalQuarterRange({ year, quarter }, startMonth).end : undefined);
        const progressType = fields.progressType ?? before.progressType;
        const target = fields.numericTarget === undefined ? before.numericTarget : fields.numericTarget;
        if (progressType === 'numeric' && target === null) throw errors.numericTargetRequired();
        return { ...fields, ...(dueDate ? { dueDate } : {}) };
      });
    },

    setStatus: (caller: Caller, id: string, version: number, status: PriorityStatus, meta: RequestMeta) =>
      changeOne(caller, id, version, meta, 'priority.status_changed', async (before) => ({
        status,
        completedAt: completion(status, before.completedAt),
      })),

    archive: (caller: Caller, id: string, version: number, meta: RequestMeta) =>
      changeOne(caller, id, version, meta, 'priority.archived', async (before) => ({
        archivedAt: before.archivedAt ?? new Date(),
      })),

    restore: (caller: Caller, id: string, version: number, meta: RequestMeta) =>
      changeOne(caller, id, version, meta, 'priority.restored', async () => ({ archivedAt: null })),

    closeQuarter: async (caller: Caller, request: CloseQuarterRequest, meta: RequestMeta): Promise<ClosedQuarter> => {
      const closed = await asWriter(caller, async (member) => {
        const { organizationId } = member;
        await requireTeam(organizationId, request.teamId);
        const { fiscalYearStartMonth } = await repository.calendarOf(organizationId);
        const quarter = { year: request.year, quarter: request.quarter as 1 | 2 | 3 | 4 };
        const { end } = fiscalQuarterRange(quarter, fiscalYearStartMonth);
        if (end >= toIsoDate(new Date())) throw errors.quarterNotOver(end);
        const rows = await repository.closeQuarterOf(organizationId, request.teamId, request.year, request.quarter);
        const notComplete = rows.filter((row) => row.status === 'not_complete').length;
        await audit(member, 'priority.quarter_closed', meta, undefined, {
          ...request,
          closed: rows.length,
          notComplete,
        });
        return rows;
      });
      publish(caller, 'updated', closed);
      return { closed: closed.length, notComplete: closed.filter((row) => row.status === 'not_complete').length };
    },
  };
}

export type PrioritiesService = ReturnType<typeof createPrioritiesService>;
export { completion };
