import {
  ANNUAL_GOALS_PER_TEAM_YEAR_MAX,
  ANNUAL_GOALS_PER_YEAR_MAX,
  type createAnnualGoalRequestSchema,
  type AnnualGoal,
  type AnnualGoalList,
  type AnnualGoalsQuery,
  type UpdateAnnualGoalRequest,
} from '@keel/contract';
import type { z } from 'zod';
import type { Database } from '../../db/database.js';
import { staleVersion } from '../../http/errors.js';
import { publishChange, type ChangeBus, type ChangeEvent } from '../../realtime/change-bus.js';
import { recordAuditEvent } from '../audit/index.js';
import {
  asReader,
  asWriter,
  findActiveMemberIds,
  type Caller,
  type MemberScope,
  type RequestMeta,
} from '../organizations/index.js';
import { teamStrategyAccess } from '../teams/index.js';
import * as errors from './annual-goals.errors.js';
import * as repository from './annual-goals.repository.js';

type CreateRequest = z.output<typeof createAnnualGoalRequestSchema>;

export function toAnnualGoal(row: repository.AnnualGoalRow): AnnualGoal {
  return {
    id: row.id,
    teamId: row.teamId,
    teamName: row.teamName,
    isCompanyGoal: row.isCompanyGoal,
    year: row.year,
    title: row.title,
    description: row.description,
    owner: row.ownerId ? { id: row.ownerId, name: row.ownerName } : null,
    status: row.status,
    target: row.target,
    position: row.position,
    priorityCount: row.priorityCount,
    version: row.version,
  };
}

async function requireEditor(member: MemberScope, teamId: string) {
  const access = await teamStrategyAccess(member.organizationId, member, teamId);
  if (!access) throw errors.teamNotFound();
  if (!access.canEdit) throw errors.cannotEditGoals(access.team.isLeadershipTeam);
}

async function requireOwner(organizationId: string, ownerId: string | null | undefined) {
  if (!ownerId) return;
  const members = await findActiveMemberIds(organizationId, [ownerId]);
  if (!members.has(ownerId)) throw errors.ownerNotMember();
}

async function load(organizationId: string, id: string): Promise<AnnualGoal> {
  const row = await repository.findGoal(organizationId, id);
  if (!row) throw errors.goalNotFound();
  return toAnnualGoal(row);
}

/** Which of these ids are annual goals of the organization: priorities check the goal they link up to. */
export const existingAnnualGoalIds = repository.existingGoalIds;

export function createAnnualGoalsService(deps: { db: Database; changes: ChangeBus }) {
  const { db, changes: bus } = deps;

  const announce = (caller: Caller, goal: { id: string; teamId: string }, action: ChangeEvent['action']) =>
    publishChange(bus, caller, { teamId: goal.teamId, entity: 'annual_goal', ids: [goal.id], action });

  const audit = (
    member: MemberScope,
    action: string,
    id: string,
    meta: RequestMeta,
    summary: Record<string, unknown>,
  ) =>
    recordAuditEvent(member.organizationId, {
      actorUserId: member.userId,
      action,
      targetType: 'annual_goal',
      targetId: id,
      summary,
      ...meta,
    });

  return {
    list: (caller: Caller, query: AnnualGoalsQuery): Promise<AnnualGoalList> =>
      asReader(db, caller, async ({ organizationId }) => {
        const rows = await repository.listGoals(organizationId, {
          year: query.year,
          limit: query.teamId ? ANNUAL_GOALS_PER_TEAM_YEAR_MAX : ANNUAL_GOALS_PER_YEAR_MAX,
          ...(query.teamId ? { teamId: query.teamId } : {}),
        });
        return { data: rows.map(toAnnualGoal) };
      }),

    get: (caller: Caller, id: string) => asReader(db, caller, ({ organizationId }) => load(organizationId, id)),

    create: async (caller: Caller, request: CreateRequest, meta: RequestMeta): Promise<AnnualGoal> => {
      const goal = await asWriter(db, caller, async (member) => {
        const { organizationId } = member;
        await requireEditor(member, request.teamId);
        await requireOwner(organizationId, request.ownerId);
        const count = await repository.countGoals(organizationId, request.teamId, request.year);
        if (count >= ANNUAL_GOALS_PER_TEAM_YEAR_MAX) throw errors.tooManyGoals(ANNUAL_GOALS_PER_TEAM_YEAR_MAX);
        const id = await repository.insertGoal(organizationId, request);
        await audit(member, 'annual_goal.created', id, meta, { teamId: request.teamId, year: request.year });
        return load(organizationId, id);
      });
      announce(caller, goal, 'created');
      return goal;
    },

    update: async (caller: Caller, id: string, request: UpdateAnnualGoalRequest, meta: RequestMeta) => {
      const { version, ...changes } = request;
      const goal = await asWriter(db, caller, async (member) => {
        const { organizationId } = member;
        const before = await load(organizationId, id);
        await requireEditor(member, before.teamId);
        await requireOwner(organizationId, changes.ownerId);
        if (before.version !== version) throw staleVersion('annual_goal', 'annual goal');
        if (changes.position !== undefined) {
          const last = (await repository.countGoals(organizationId, before.teamId, before.year)) - 1;
          changes.position = Math.min(changes.position, last);
          await repository.shiftGoalsForMove(organizationId, before, changes.position);
        }
        const updated = await repository.updateGoalAtVersion(organizationId, id, version, changes);
        if (!updated) throw staleVersion('annual_goal', 'annual goal');
        await audit(member, 'annual_goal.updated', id, meta, { fields: Object.keys(changes) });
        return load(organizationId, id);
      });
      announce(caller, goal, 'updated');
      return goal;
    },

    remove: async (caller: Caller, id: string, version: number, meta: RequestMeta) => {
      const removed = await asWriter(db, caller, async (member) => {
        const { organizationId } = member;
        const before = await load(organizationId, id);
        await requireEditor(member, before.teamId);
        const deleted = await repository.deleteGoalAtVersion(organizationId, id, version);
        if (!deleted) throw staleVersion('annual_goal', 'annual goal');
        await repository.closeGap(organizationId, deleted);
        await audit(member, 'annual_goal.deleted', id, meta, { title: before.title });
        return before;
      });
      announce(caller, removed, 'deleted');
      return { success: true as const };
    },
  };
}

export type AnnualGoalsService = ReturnType<typeof createAnnualGoalsService>;
