import type {
  AddDepartmentMemberRequest,
  AdminDepartment,
  CreateDepartmentRequest,
  DepartmentMember,
  DepartmentRole,
  UpdateDepartmentRequest,
} from '@keel/contract';
import type { Database } from '../../db/database.js';
import { publishChange, type ChangeBus, type ChangeEvent } from '../../realtime/change-bus.js';
import { recordAuditEvent } from '../audit/index.js';
import { asAdmin, asReader, findActiveMemberIds, type Caller, type RequestMeta } from '../organizations/index.js';
import * as errors from './departments.errors.js';
import * as repository from './departments.repository.js';

function toDepartment(row: repository.DepartmentRow): AdminDepartment {
  return {
    ...row,
    archivedAt: row.archivedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function mustFind(organizationId: string, id: string) {
  const row = await repository.findDepartment(organizationId, id);
  if (!row) throw errors.departmentNotFound();
  return row;
}

/** The parent must be active, and must not be the department itself or one of its descendants. */
async function checkParent(organizationId: string, departmentId: string | null, parentTeamId: string) {
  const parent = await repository.findDepartment(organizationId, parentTeamId);
  if (!parent || parent.archivedAt) throw errors.invalidParent();
  if (departmentId === null) return;
  const parents = new Map(
    (await repository.departmentParents(organizationId)).map((row) => [row.id, row.parentTeamId]),
  );
  const seen = new Set<string>();
  for (let id: string | null | undefined = parentTeamId; id && !seen.has(id); id = parents.get(id)) {
    if (id === departmentId) throw errors.wouldCreateCycle();
    seen.add(id);
  }
}

const nullable = (value: string | null | undefined) => (value ? value : null);

export interface DepartmentsServiceDeps {
  db: Database;
  changes: ChangeBus;
}

export function createDepartmentsService(deps: DepartmentsServiceDeps) {
  const { db, changes } = deps;

  /** Every page showing departments (selectors, pickers, this admin page) refreshes on 'team'. */
  const publish = (caller: Caller, id: string, action: ChangeEvent['action']) =>
    publishChange(changes, caller, { teamId: null, entity: 'team', ids: [id], action });

  /** One admin change in one transaction: audited inside it, published after it commits. */
  async function change<T>(
    caller: Caller,
    meta: RequestMeta,
    action: string,
    work: (organizationId: string) => Promise<{ id: string; result: T; summary?: Record<string, unknown> }>,
    notice: ChangeEvent['action'] = 'updated',
  ): Promise<T> {
    const outcome = await asAdmin(db, caller, async ({ organizationId, userId }) => {
      const done = await work(organizationId);
      await recordAuditEvent(organizationId, {
        actorUserId: userId,
        action,
        targetType: 'team',
        targetId: done.id,
        summary: done.summary,
        ...meta,
      });
      return done;
    });
    publish(caller, outcome.id, notice);
    return outcome.result;
  }

  async function setArchived(caller: Caller, id: string, version: number, archive: boolean, meta: RequestMeta) {
    return change(caller, meta, archive ? 'team.archived' : 'team.restored', async (organizationId) => {
      const current = await mustFind(organizationId, id);
      if (current.version !== version) throw errors.departmentStale();
      if (archive) {
        if (current.isLeadershipTeam) throw errors.leadershipCannotBeArchived();
        // Refused rather than moving children up: an admin decides where sub-departments go.
        if (await repository.hasActiveChildren(organizationId, id)) throw errors.hasActiveChildren();
      } else if (current.parentTeamId) {
        const parent = await repository.findDepartment(organizationId, current.parentTeamId);
        if (parent?.archivedAt) throw errors.parentArchived();
      }
      if (Boolean(current.archivedAt) !== archive) {
        const done = await repository.updateDepartmentAtVersion(organizationId, id, version, {
          archivedAt: archive ? new Date() : null,
        });
        if (!done) throw errors.departmentStale();
      }
      return { id, result: toDepartment(await mustFind(organizationId, id)), summary: { name: current.name } };
    });
  }

  async function memberChange(
    caller: Caller,
    departmentId: string,
    meta: RequestMeta,
    action: string,
    work: (organizationId: string) => Promise<Record<string, unknown>>,
  ): Promise<void> {
    await change(caller, meta, action, async (organizationId) => {
      const department = await mustFind(organizationId, departmentId);
      if (department.archivedAt) throw errors.alreadyArchived();
      return { id: departmentId, result: undefined, summary: await work(organizationId) };
    });
  }

  return {
    list: (caller: Caller, archived: boolean): Promise<AdminDepartment[]> =>
      asReader(db, caller, async ({ organizationId }) =>
        (await repository.listDepartments(organizationId, archived)).map(toDepartment),
      ),

    get: (caller: Caller, id: string): Promise<AdminDepartment> =>
      asReader(db, caller, async ({ organizationId }) => toDepartment(await mustFind(organizationId, id))),

    create: (caller: Caller, request: CreateDepartmentRequest, meta: RequestMeta): Promise<AdminDepartment> =>
      change(
        caller,
        meta,
        'team.created',
        async (organizationId) => {
          const parentTeamId = request.parentTeamId ?? null;
          if (parentTeamId) await checkParent(organizationId, null, parentTeamId);
          const values = {
            name: request.name,
            description: nullable(request.description),
            color: nullable(request.color),
            parentTeamId,
          };
          const id = await repository.insertDepartment(organizationId, values, caller.userId);
          return { id, result: toDepartment(await mustFind(organizationId, id)), summary: { name: values.name } };
        },
        'created',
      ),

    update: (caller: Caller, id: string, request: UpdateDepartmentRequest, meta: RequestMeta) =>
      change(caller, meta, 'team.updated', async (organizationId) => {
        const current = await mustFind(organizationId, id);
        if (current.version !== request.version) throw errors.departmentStale();
        const { version, ...edits } = request;
        const changes: repository.DepartmentChanges = {};
        if (edits.name !== undefined) changes.name = edits.name;
        if (edits.description !== undefined) changes.description = nullable(edits.description);
        if (edits.color !== undefined) changes.color = nullable(edits.color);
        if (edits.parentTeamId !== undefined && edits.parentTeamId !== current.parentTeamId) {
          if (edits.parentTeamId) await checkParent(organizationId, id, edits.parentTeamId);
          changes.parentTeamId = edits.parentTeamId;
        }
        const fields = Object.keys(changes);
        if (fields.length > 0) {
          if (!(await repository.updateDepartmentAtVersion(organizationId, id, version, changes))) {
            throw errors.departmentStale();
          }
        }
        return { id, result: toDepartment(await mustFind(organizationId, id)), summary: { fields } };
      }),

    archive: (caller: Caller, id: string, version: number, meta: RequestMeta) =>
      setArchived(caller, id, version, true, meta),

    restore: (caller: Caller, id: string, version: number, meta: RequestMeta) =>
      setArchived(caller, id, version, false, meta),

    /**
     * Moves the one leadership flag to this department in one transaction: the old team loses it first,
     * so the database's one-leadership-team index never sees two.
     */
    makeLeadership: async (caller: Caller, id: string, version: number, meta: RequestMeta) => {
      let previous: string | undefined;
      const result = await change(caller, meta, 'team.leadership_moved', async (organizationId) => {
        const current = await mustFind(organizationId, id);
        if (current.version !== version) throw errors.departmentStale();
        if (current.archivedAt) throw errors.alreadyArchived();
        if (current.isLeadershipTeam) return { id, result: toDepartment(current) };
        previous = await repository.clearLeadership(organizationId);
        if (!(await repository.updateDepartmentAtVersion(organizationId, id, version, { isLeadershipTeam: true }))) {
          throw errors.departmentStale();
        }
        return { id, result: toDepartment(await mustFind(organizationId, id)), summary: { previous } };
      });
      if (previous) publish(caller, previous, 'updated');
      return result;
    },

    members: (caller: Caller, id: string): Promise<DepartmentMember[]> =>
      asReader(db, caller, async ({ organizationId }) => {
        await mustFind(organizationId, id);
        return repository.listDepartmentMembers(organizationId, id);
      }),

    addMember: (caller: Caller, id: string, request: AddDepartmentMemberRequest, meta: RequestMeta) =>
      memberChange(caller, id, meta, 'team.member_added', async (organizationId) => {
        const role = request.role ?? 'member';
        const active = await findActiveMemberIds(organizationId, [request.userId]);
        if (!active.has(request.userId)) throw errors.notAnOrganizationMember();
        if (!(await repository.addDepartmentMember(organizationId, id, request.userId, role))) {
          throw errors.alreadyAMember();
        }
        return { userId: request.userId, role };
      }),

    removeMember: (caller: Caller, id: string, userId: string, meta: RequestMeta) =>
      memberChange(caller, id, meta, 'team.member_removed', async (organizationId) => {
        if (!(await repository.removeDepartmentMember(organizationId, id, userId))) throw errors.memberNotFound();
        return { userId };
      }),

    setMemberRole: (caller: Caller, id: string, userId: string, role: DepartmentRole, meta: RequestMeta) =>
      memberChange(caller, id, meta, 'team.member_role_changed', async (organizationId) => {
        if (!(await repository.setDepartmentMemberRole(organizationId, id, userId, role))) {
          throw errors.memberNotFound();
        }
        return { userId, role };
      }),
  };
}

export type DepartmentsService = ReturnType<typeof createDepartmentsService>;
