import {
  fiscalQuarterOf,
  fiscalQuarterRange,
  nextFiscalQuarter,
  priorityProgress,
  toIsoDate,
  type FiscalQuarter,
  type FiscalQuarterInfo,
  type Milestone,
  type Priority,
} from '@keel/contract';
import type { Database } from '../../db/database.js';
import { publishByTeam, type ChangeBus, type ChangeEvent } from '../../realtime/change-bus.js';
import { recordAuditEvent } from '../audit/index.js';
import {
  asReader as readAs,
  asWriter as writeAs,
  type Caller,
  type MemberScope,
  type RequestMeta,
} from '../organizations/index.js';
import * as errors from './priorities.errors.js';
import * as repository from './priorities.repository.js';

export const toMilestone = (row: repository.MilestoneRow): Milestone => ({
  id: row.id,
  priorityId: row.priorityId,
  title: row.title,
  dueDate: row.dueDate,
  ownerId: row.ownerId,
  owner: { id: row.ownerId, name: row.ownerName },
  done: row.done,
  doneAt: row.doneAt?.toISOString() ?? null,
  position: row.position,
  version: row.version,
});

/** Counts and progress come from the milestones already loaded: no per-row sub-query. */
export const toPriority = (row: repository.PriorityRow, milestones: Milestone[]): Priority => {
  const milestoneCount = milestones.length;
  const milestonesDone = milestones.filter((milestone) => milestone.done).length;
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    ownerId: row.ownerId,
    owner: { id: row.ownerId, name: row.ownerName },
    teamId: row.teamId,
    scope: row.scope,
    year: row.year,
    quarter: row.quarter,
    dueDate: row.dueDate,
    status: row.status,
    progressType: row.progressType,
    numericStart: row.numericStart,
    numericTarget: row.numericTarget,
    numericCurrent: row.numericCurrent,
    unit: row.unit,
    progress: priorityProgress({ ...row, milestoneCount, milestonesDone }),
    milestoneCount,
    milestonesDone,
    milestones,
    groupId: row.groupId,
    annualGoalId: row.annualGoalId,
    completedAt: row.completedAt?.toISOString() ?? null,
    archivedAt: row.archivedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  };
};

/** Priorities with their milestones: two queries whatever the number of rows (never one per priority). */
export async function withMilestones(organizationId: string, rows: repository.PriorityRow[]): Promise<Priority[]> {
  const milestoneRows = await repository.listMilestones(
    organizationId,
    rows.map((row) => row.id),
  );
  const byPriority = new Map<string, Milestone[]>();
  for (const row of milestoneRows) {
    byPriority.set(row.priorityId, [...(byPriority.get(row.priorityId) ?? []), toMilestone(row)]);
  }
  return rows.map((row) => toPriority(row, byPriority.get(row.id) ?? []));
}

/** The current quarter and the `count` after it, with their first and last days. */
export function quartersFrom(today: Date, startMonth: number, count: number): FiscalQuarterInfo[] {
  const quarters: FiscalQuarterInfo[] = [];
  let quarter: FiscalQuarter = fiscalQuarterOf(today, startMonth);
  for (let index = 0; index <= count; index += 1) {
    quarters.push({ ...quarter, ...fiscalQuarterRange(quarter, startMonth), current: index === 0 });
    quarter = nextFiscalQuarter(quarter);
  }
  return quarters;
}

/** The first day of the week containing `today`, for a week starting on `weekStartDay` (0 = Sunday). */
export function weekStartOf(today: Date, weekStartDay: number): string {
  const back = (today.getUTCDay() - weekStartDay + 7) % 7;
  const start = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - back));
  return toIsoDate(start);
}

/** Access, audit and change notices shared by the priority use cases. */
export function createPriorityKit(db: Database, changes: ChangeBus) {
  const asWriter = <T>(caller: Caller, work: (member: MemberScope) => Promise<T>) => writeAs(db, caller, work);
  const asReader = <T>(caller: Caller, work: (member: MemberScope) => Promise<T>) => readAs(db, caller, work);

  /** After the commit: one notice per team whose pages show the changed priorities. */
  const publish = (caller: Caller, action: ChangeEvent['action'], rows: readonly { id: string; teamId: string }[]) =>
    publishByTeam(
      changes,
      { organizationId: caller.organizationId, entity: 'priority', action, actorUserId: caller.userId },
      rows,
    );

  const audit = (member: MemberScope, action: string, meta: RequestMeta, targetId: string | undefined, summary = {}) =>
    recordAuditEvent(member.organizationId, {
      actorUserId: member.userId,
      action,
      targetType: 'priority',
      ...(targetId ? { targetId } : {}),
      summary,
      ...meta,
    });

  const requireRow = async (organizationId: string, id: string) => {
    const [row] = await repository.findPriorities(organizationId, [id]);
    if (!row) throw errors.priorityNotFound();
    return row;
  };

  /** The priority as it is now, milestones included. */
  const load = async (organizationId: string, id: string): Promise<Priority> => {
    const [priority] = await withMilestones(organizationId, [await requireRow(organizationId, id)]);
    if (!priority) throw errors.priorityNotFound();
    return priority;
  };

  const requireTeam = async (organizationId: string, teamId: string) => {
    if (!(await repository.teamExists(organizationId, teamId))) throw errors.teamNotFound();
  };

  const requireOwners = async (organizationId: string, owners: { path: string; id: string }[]) => {
    const active = await repository.assignableMemberIds(
      organizationId,
      owners.map((owner) => owner.id),
    );
    const bad = owners.filter((owner) => !active.has(owner.id));
    if (bad.length > 0) throw errors.invalidOwners(bad);
  };

  return { asWriter, asReader, publish, audit, requireRow, load, requireTeam, requireOwners };
}
export type PriorityKit = ReturnType<typeof createPriorityKit>;
