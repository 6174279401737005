import {
  MILESTONES_PER_PRIORITY_MAX,
  type CreateMilestoneRequest,
  type Priority,
  type ReorderMilestonesRequest,
  type UpdateMilestoneRequest,
} from '@keel/contract';
import type { Database } from '../../db/database.js';
import type { ChangeBus } from '../../realtime/change-bus.js';
import type { Caller, MemberScope, RequestMeta } from '../organizations/index.js';
import * as errors from './priorities.errors.js';
import * as repository from './priorities.repository.js';
import { createPriorityKit } from './priorities.shared.js';

/**
 * Milestones belong to a priority: every change answers with the whole priority (its progress and
 * counts move with them) and is announced as a change of that priority. A milestone has its own
 * version, so ticking one does not make an open edit of the priority stale.
 */
export function createMilestonesService(deps: { db: Database; changes: ChangeBus }) {
  const { asWriter, publish, audit, requireRow, load, requireOwners } = createPriorityKit(deps.db, deps.changes);

  const withinPriority = async (
    caller: Caller,
    priorityId: string,
    meta: RequestMeta,
    action: string,
    work: (member: MemberScope, priority: repository.PriorityRow) => Promise<string | undefined>,
  ): Promise<Priority> => {
    const priority = await asWriter(caller, async (member) => {
      const row = await requireRow(member.organizationId, priorityId);
      const targetId = await work(member, row);
      await audit(member, action, meta, priorityId, targetId ? { milestoneId: targetId } : {});
      return load(member.organizationId, priorityId);
    });
    publish(caller, 'updated', [priority]);
    return priority;
  };

  const requireMilestone = async (organizationId: string, priorityId: string, id: string) => {
    const row = await repository.findMilestone(organizationId, priorityId, id);
    if (!row) throw errors.milestoneNotFound();
    return row;
  };

  return {
    add: (caller: Caller, priorityId: string, request: CreateMilestoneRequest, meta: RequestMeta) =>
      withinPriority(caller, priorityId, meta, 'milestone.created', async ({ organizationId }, priority) => {
        if (request.ownerId) await requireOwners(organizationId, [{ path: 'ownerId', id: request.ownerId }]);
        const existing = await repository.milestoneIdsOf(organizationId, priorityId);
        if (existing.length >= MILESTONES_PER_PRIORITY_MAX) {
          throw errors.tooManyMilestones(MILESTONES_PER_PRIORITY_MAX);
        }
        return repository.insertMilestone(organizationId, {
          priorityId,
          title: request.title,
          dueDate: request.dueDate ?? null,
          ownerId: request.ownerId ?? priority.ownerId,
        });
      }),

    update: (caller: Caller, priorityId: string, id: string, request: UpdateMilestoneRequest, meta: RequestMeta) => {
      const { version, ...fields } = request;
      return withinPriority(caller, priorityId, meta, 'milestone.updated', async ({ organizationId }) => {
        const before = await requireMilestone(organizationId, priorityId, id);
        if (fields.ownerId) await requireOwners(organizationId, [{ path: 'ownerId', id: fields.ownerId }]);
        const doneAt =
          fields.done === undefined || fields.done === before.done ? {} : { doneAt: fields.done ? new Date() : null };
        const updated = await repository.updateMilestoneAtVersion(organizationId, id, version, {
          ...fields,
          ...doneAt,
        });
        if (updated.length === 0) throw errors.staleMilestone();
        return id;
      });
    },

    reorder: (caller: Caller, priorityId: string, request: ReorderMilestonesRequest, meta: RequestMeta) =>
      withinPriority(caller, priorityId, meta, 'milestone.reordered', async ({ organizationId }) => {
        const existing = await repository.milestoneIdsOf(organizationId, priorityId);
        const given = new Set(request.ids);
        const complete =
          given.size === request.ids.length && given.size === existing.length && existing.every((id) => given.has(id));
        if (!complete) throw errors.badMilestoneOrder();
        await repository.reorderMilestones(organizationId, priorityId, request.ids);
        return undefined;
      }),

    remove: (caller: Caller, priorityId: string, id: string, meta: RequestMeta) =>
      withinPriority(caller, priorityId, meta, 'milestone.deleted', async ({ organizationId }) => {
        await requireMilestone(organizationId, priorityId, id);
        await repository.deleteMilestone(organizationId, id);
        return id;
      }),
  };
}

export type MilestonesService = ReturnType<typeof createMilestonesService>;
