import { randomUUID } from 'node:crypto';
import {
  MEASURABLES_LIST_MAX,
  type Measurable,
  type MeasurableGroup,
  type createMeasurableRequestSchema,
  type listMeasurablesQuerySchema,
  type updateMeasurableRequestSchema,
} from '@keel/contract';
import type { z } from 'zod';
import type { Caller, RequestMeta } from '../organizations/index.js';
import * as errors from './scorecard.errors.js';
import type { ScorecardKit } from './scorecard.kit.js';
import * as repository from './scorecard.repository.js';
import {
  checkMeasurable,
  startOfPeriod,
  todoCompletionDefaults,
  type MeasurableDraft,
  type Touched,
} from './scorecard.validation.js';

type CreateRequest = z.output<typeof createMeasurableRequestSchema>;
type UpdateRequest = z.output<typeof updateMeasurableRequestSchema>;
type ListQuery = z.output<typeof listMeasurablesQuerySchema>;

const draftColumns = (draft: MeasurableDraft) => ({
  title: draft.title,
  ownerId: draft.ownerId,
  dataEntryUserId: draft.dataEntryUserId,
  unit: draft.unit,
  currencyCode: draft.currencyCode,
  ...repository.goalColumnsOf(draft.goal),
  formula: draft.formula,
  rollupAggregation: draft.rollup?.aggregation ?? null,
  todoCompletionScope: draft.todoCompletionScope,
  groupId: draft.groupId,
  startsOn: draft.startsOn,
});

/** Measurables and their groups: create, edit, archive, restore, order. */
export function measurablesUseCases(kit: ScorecardKit) {
  const { asReader, asWriter, publish, audit, calendarOf, requireTeam, requireMeasurable, load } = kit;

  /** A versioned change of one measurable; answers it as it is now. */
  const changeOne = async (
    caller: Caller,
    id: string,
    version: number,
    meta: RequestMeta,
    action: string,
    build: (before: repository.MeasurableRow) => Promise<repository.MeasurableChanges>,
  ): Promise<Measurable> => {
    const measurable = await asWriter(caller, async (member) => {
      const { organizationId } = member;
      const before = await requireMeasurable(organizationId, id);
      const changes = await build(before);
      if (!(await repository.updateMeasurableAtVersion(organizationId, id, version, changes))) {
        throw errors.staleMeasurable();
      }
      await audit(member, action, meta, id, { fields: Object.keys(changes) });
      return load(organizationId, id);
    });
    publish(caller, 'updated', [measurable]);
    return measurable;
  };

  return {
    listMeasurables: (caller: Caller, query: ListQuery): Promise<{ data: Measurable[] }> =>
      asReader(caller, async ({ organizationId }) => {
        if (query.teamId) await requireTeam(organizationId, query.teamId);
        const rows = await repository.listMeasurables(organizationId, {
          teamId: query.teamId,
          frequency: query.frequency,
          includeArchived: query.includeArchived,
          limit: MEASURABLES_LIST_MAX,
        });
        const parts = await repository.partIdsByRollup(
          organizationId,
          rows.filter((row) => row.kind === 'rollup').map((row) => row.id),
        );
        return { data: rows.map((row) => repository.toMeasurable(row, parts.get(row.id) ?? [])) };
      }),

    getMeasurable: (caller: Caller, id: string): Promise<Measurable> =>
      asReader(caller, ({ organizationId }) => load(organizationId, id)),

    createMeasurable: async (caller: Caller, request: CreateRequest, meta: RequestMeta): Promise<Measurable> => {
      const measurable = await asWriter(caller, async (member) => {
        const { organizationId, userId } = member;
        await requireTeam(organizationId, request.teamId);
        const calendar = await calendarOf(organizationId);
        const completion = request.kind === 'todo_completion' ? todoCompletionDefaults(request.goal) : null;
        const draft: MeasurableDraft = {
          id: randomUUID(),
          teamId: request.teamId,
          frequency: request.frequency,
          kind: request.kind,
          title: request.title,
          ownerId: request.ownerId,
          dataEntryUserId: request.dataEntryUserId ?? null,
          unit: completion?.unit ?? request.unit ?? 'number',
          currencyCode: completion ? null : (request.currencyCode ?? null),
          goal: completion ? completion.goal : (request.goal ?? null),
          formula: request.formula ?? null,
          rollup: request.rollup ?? null,
          todoCompletionScope:
            request.kind === 'todo_completion'
              ? (request.todoCompletionScope ?? 'owner')
              : (request.todoCompletionScope ?? null),
          groupId: request.groupId ?? null,
          startsOn: startOfPeriod(request.startsOn, request.frequency, calendar),
        };
        const all: Touched = {
          ownerId: true,
          dataEntryUserId: true,
          groupId: true,
          formula: true,
          rollup: true,
          startsOn: true,
        };
        await checkMeasurable(organizationId, draft, all, calendar, { creating: true });
        const position = await repository.nextPosition(organizationId, draft.teamId, draft.frequency, draft.groupId);
        await repository.insertMeasurable(organizationId, {
          id: draft.id,
          teamId: draft.teamId,
          frequency: draft.frequency,
          kind: draft.kind,
          position,
          description: request.description ?? '',
          decimals: request.decimals ?? 0,
          aggregation: request.aggregation ?? 'sum',
          createdById: userId,
          ...draftColumns(draft),
        } as repository.MeasurableInsert);
        if (draft.rollup) await repository.replaceRollupParts(organizationId, draft.id, draft.rollup.partIds);
        await audit(member, 'scorecard.measurable_created', meta, draft.id, { teamId: draft.teamId, kind: draft.kind });
        return load(organizationId, draft.id);
      });
      publish(caller, 'created', [measurable]);
      return measurable;
    },

    updateMeasurable: (caller: Caller, id: string, request: UpdateRequest, meta: RequestMeta) => {
      const { version, ...fields } = request;
      return changeOne(caller, id, version, meta, 'scorecard.measurable_updated', async (before) => {
        const { organizationId } = caller;
        const calendar = await calendarOf(organizationId);
        const existing = repository.toMeasurable(
          before,
          (await repository.partIdsByRollup(organizationId, [id])).get(id) ?? [],
        );
        const unit = before.kind === 'todo_completion' ? 'percent' : (fields.unit ?? existing.unit);
        const draft: MeasurableDraft = {
          id,
          teamId: existing.teamId,
          frequency: existing.frequency,
          kind: existing.kind,
          title: fields.title ?? existing.title,
          ownerId: fields.ownerId ?? existing.ownerId,
          dataEntryUserId: fields.dataEntryUserId === undefined ? existing.dataEntryUserId : fields.dataEntryUserId,
          unit,
          currencyCode:
            fields.currencyCode !== undefined
              ? fields.currencyCode
              : unit === 'currency'
                ? existing.currencyCode
                : null,
          goal: fields.goal === undefined ? existing.goal : fields.goal,
          formula: fields.formula === undefined ? existing.formula : fields.formula,
          rollup: fields.rollup === undefined ? existing.rollup : fields.rollup,
          todoCompletionScope:
            fields.todoCompletionScope === undefined ? existing.todoCompletionScope : fields.todoCompletionScope,
          groupId: fields.groupId === undefined ? existing.groupId : fields.groupId,
          startsOn: fields.startsOn ? startOfPeriod(fields.startsOn, existing.frequency, calendar) : existing.startsOn,
        };
        const touched: Touched = {
          ownerId: fields.ownerId !== undefined,
          dataEntryUserId: fields.dataEntryUserId !== undefined,
          groupId: fields.groupId !== undefined,
          formula: fields.formula !== undefined || fields.title !== undefined,
          rollup: fields.rollup !== undefined,
          startsOn: fields.startsOn !== undefined,
        };
        await checkMeasurable(organizationId, draft, touched, calendar, { creating: false });
        if (fields.rollup !== undefined)
          await repository.replaceRollupParts(organizationId, id, draft.rollup?.partIds ?? []);
        const moved = fields.groupId !== undefined && fields.groupId !== existing.groupId;
        const position = moved
          ? await repository.nextPosition(organizationId, draft.teamId, draft.frequency, draft.groupId)
          : undefined;
        return {
          ...draftColumns(draft),
          ...(fields.description !== undefined ? { description: fields.description } : {}),
          ...(fields.decimals !== undefined ? { decimals: fields.decimals } : {}),
          ...(fields.aggregation !== undefined ? { aggregation: fields.aggregation } : {}),
          ...(position !== undefined ? { position } : {}),
        };
      });
    },

    archiveMeasurable: (caller: Caller, id: string, version: number, meta: RequestMeta) =>
      changeOne(caller, id, version, meta, 'scorecard.measurable_archived', async (before) => ({
        archivedAt: before.archivedAt ?? new Date(),
      })),

    restoreMeasurable: (caller: Caller, id: string, version: number, meta: RequestMeta) =>
      changeOne(caller, id, version, meta, 'scorecard.measurable_restored', async () => ({ archivedAt: null })),

    moveMeasurable: async (
      caller: Caller,
      id: string,
      target: { groupId: string | null; index: number },
      meta: RequestMeta,
    ): Promise<Measurable> => {
      const measurable = await asWriter(caller, async (member) => {
        const { organizationId } = member;
        const before = await requireMeasurable(organizationId, id);
        if (target.groupId) {
          const group = await repository.findGroup(organizationId, target.groupId);
          if (!group || group.teamId !== before.teamId) {
            throw errors.invalidField(
              'groupId',
              "This group is not on this team's scorecard",
              'scorecard.invalid_group',
            );
          }
        }
        const siblings = (
          await repository.lockSiblings(organizationId, before.teamId, before.frequency, target.groupId)
        ).filter((sibling) => sibling !== id);
        siblings.splice(Math.min(target.index, siblings.length), 0, id);
        await repository.renumber(organizationId, siblings, target.groupId);
        if (before.groupId !== target.groupId) {
          const left = await repository.lockSiblings(organizationId, before.teamId, before.frequency, before.groupId);
          await repository.renumber(organizationId, left, before.groupId);
        }
        await audit(member, 'scorecard.measurable_moved', meta, id, target);
        return load(organizationId, id);
      });
      publish(caller, 'updated', [measurable]);
      return measurable;
    },

    createGroup: async (caller: Caller, request: { teamId: string; name: string }, meta: RequestMeta) => {
      const group = await asWriter(caller, async (member) => {
        await requireTeam(member.organizationId, request.teamId);
        const created = await repository.insertGroup(member.organizationId, request.teamId, request.name);
        await audit(member, 'scorecard.group_created', meta, created.id, { teamId: request.teamId });
        return created;
      });
      publish(caller, 'created', [group]);
      return group;
    },

    updateGroup: async (
      caller: Caller,
      id: string,
      request: { name: string; version: number },
      meta: RequestMeta,
    ): Promise<MeasurableGroup> => {
      const group = await asWriter(caller, async (member) => {
        if (!(await repository.findGroup(member.organizationId, id))) throw errors.groupNotFound();
        const updated = await repository.updateGroupAtVersion(member.organizationId, id, request.version, request.name);
        if (!updated) throw errors.staleGroup();
        await audit(member, 'scorecard.group_updated', meta, id, {});
        return updated;
      });
      publish(caller, 'updated', [group]);
      return group;
    },

    deleteGroup: async (caller: Caller, id: string, meta: RequestMeta): Promise<{ success: true }> => {
      const group = await asWriter(caller, async (member) => {
        const found = await repository.findGroup(member.organizationId, id, true);
        if (!found) throw errors.groupNotFound();
        await repository.ungroupMeasurables(member.organizationId, id);
        await repository.deleteGroup(member.organizationId, id);
        const rest = (await repository.listGroups(member.organizationId, found.teamId)).map((row) => row.id);
        await repository.renumberGroups(member.organizationId, rest);
        await audit(member, 'scorecard.group_deleted', meta, id, {});
        return found;
      });
      publish(caller, 'deleted', [group]);
      return { success: true };
    },

    moveGroup: async (caller: Caller, id: string, index: number, meta: RequestMeta): Promise<MeasurableGroup> => {
      const group = await asWriter(caller, async (member) => {
        const found = await repository.findGroup(member.organizationId, id, true);
        if (!found) throw errors.groupNotFound();
        const order = (await repository.listGroups(member.organizationId, found.teamId))
          .map((row) => row.id)
          .filter((other) => other !== id);
        order.splice(Math.min(index, order.length), 0, id);
        await repository.renumberGroups(member.organizationId, order);
        await audit(member, 'scorecard.group_moved', meta, id, { index });
        const moved = await repository.findGroup(member.organizationId, id);
        if (!moved) throw errors.groupNotFound();
        return moved;
      });
      publish(caller, 'updated', [group]);
      return group;
    },
  };
}
