import type {
  CreateIssueRequest,
  Issue,
  IssueHorizon,
  IssueListFilter,
  IssuePage,
  IssueRank,
  ReorderIssuesRequest,
  SendIssueRequest,
  SolveIssueRequest,
  UpdateIssueRequest,
} from '@keel/contract';
import { createIssueRequestSchema, solveIssueRequestSchema } from '@keel/contract';
import type { Database } from '../../db/database.js';
import { decodeCursor, pageFrom } from '../../http/pagination.js';
import { publishChange, type ChangeBus, type ChangeEvent } from '../../realtime/change-bus.js';
import { recordAuditEvent } from '../audit/index.js';
import type { Caller, MemberScope, RequestMeta } from '../organizations/index.js';
import { createTodosForIssue } from '../todos/index.js';
import { addTrail } from './issue-threads.repository.js';
import { asReader, asWriter } from './issues.policy.js';
import * as errors from './issues.errors.js';
import { toIssue } from './issues.mapping.js';
import * as repository from './issues.repository.js';
import type { IssueChanges, IssueRow } from './issues.repository.js';

export interface IssuesServiceDeps {
  db: Database;
  changes: ChangeBus;
}

type Touched = { entity: 'issue' | 'todo'; id: string; teamId: string };

/** What a versioned change does, decided inside the transaction with the row as it was. */
interface Plan {
  changes: IssueChanges;
  moveToEnd?: { teamId: string; horizon: IssueHorizon };
  /** Work after the row is updated, in the same transaction (trail, to-dos, rank release). */
  after?: (member: MemberScope) => Promise<Touched[]>;
  summary?: Record<string, unknown>;
}

async function requireTeam(organizationId: string, teamId: string) {
  const [team] = await repository.findActiveTeams(organizationId, [teamId]);
  if (!team) throw errors.teamNotFound();
  return team;
}

async function requireOwner(organizationId: string, ownerId: string | null | undefined) {
  if (ownerId && !(await repository.isActiveMember(organizationId, ownerId))) throw errors.ownerNotMember();
}

async function requireIssue(organizationId: string, viewerId: string, id: string): Promise<IssueRow> {
  const row = await repository.findIssue(organizationId, viewerId, id);
  if (!row) throw errors.issueNotFound();
  return row;
}

/**
 * Creates an open issue inside the caller's transaction (headlines and priorities turn into issues
 * this way). The caller publishes `{ entity: 'issue' }` after its commit.
 */
export async function createIssueFromSource(
  organizationId: string,
  input: {
    teamId: string;
    title: string;
    description?: string;
    source: { kind: 'headline' | 'todo' | 'priority' | 'measurable' | 'meeting'; id: string };
    raisedById: string;
  },
): Promise<{ id: string; teamId: string }> {
  await requireTeam(organizationId, input.teamId);
  const title = input.title.trim().slice(0, 300) || 'Untitled';
  const { id } = await repository.insertIssue(organizationId, {
    teamId: input.teamId,
    title,
    description: (input.description ?? '').slice(0, 10_000),
    raisedById: input.raisedById,
    horizon: 'short_term',
    sourceKind: input.source.kind,
    sourceId: input.source.id,
  });
  return { id, teamId: input.teamId };
}

export function createIssuesService(deps: IssuesServiceDeps) {
  const { db, changes: bus } = deps;

  const publish = (caller: Caller, action: ChangeEvent['action'], touched: readonly Touched[]) => {
    const groups = new Map<string, { entity: Touched['entity']; teamId: string; ids: string[] }>();
    for (const item of touched) {
      const key = `${item.entity}:${item.teamId}`;
      const group = groups.get(key) ?? { entity: item.entity, teamId: item.teamId, ids: [] };
      if (!group.ids.includes(item.id)) group.ids.push(item.id);
      groups.set(key, group);
    }
    for (const group of groups.values()) {
      publishChange(bus, caller, {
        teamId: group.teamId,
        entity: group.entity,
        ids: group.ids,
        action: group.entity === 'todo' ? 'created' : action,
      });
    }
  };

  const audit = (member: MemberScope, action: string, id: string, meta: RequestMeta, summary = {}) =>
    recordAuditEvent(member.organizationId, {
      actorUserId: member.userId,
      action,
      targetType: 'issue',
      targetId: id,
      summary,
      ...meta,
    });

  /** A versioned change: 404 unknown, 409 stale; audited; published after the commit. */
  async function change(
    caller: Caller,
    id: string,
    version: number,
    action: string,
    meta: RequestMeta,
    plan: (before: IssueRow, member: MemberScope) => Promise<Plan>,
  ): Promise<{ issue: Issue; extra: Touched[] }> {
    const result = await asWriter(db, caller, async (member) => {
      const { organizationId, userId } = member;
      const before = await requireIssue(organizationId, userId, id);
      // Stale first: the state checks below judge a row the caller has not seen.
      if (before.version !== version) throw errors.staleIssue();
      const step = await plan(before, member);
      const updated = await repository.updateIssueAtVersion(organizationId, id, version, step.changes, {
        ...(step.moveToEnd ? { moveToEnd: step.moveToEnd } : {}),
      });
      if (!updated) throw errors.staleIssue();
      // An issue leaving the top three (unranked, solved, archived, sent, moved) closes its gap.
      const leftTopThree =
        before.status === 'open' && before.priorityRank !== null && step.changes.priorityRank === null;
      const renumbered = leftTopThree ? await repository.closeRankGaps(organizationId, before.teamId) : [];
      const extra = [
        ...renumbered.map((row) => ({ entity: 'issue' as const, ...row })),
        ...(step.after ? await step.after(member) : []),
      ];
      await audit(member, action, id, meta, step.summary ?? { fields: Object.keys(step.changes) });
      const issue = toIssue(await requireIssue(organizationId, userId, id));
      return { issue, extra: [{ entity: 'issue' as const, id, teamId: before.teamId }, ...extra] };
    });
    publish(caller, 'updated', [{ entity: 'issue', id, teamId: result.issue.teamId }, ...result.extra]);
    return result;
  }

  return {
    list: (caller: Caller, query: IssueListFilter): Promise<IssuePage> => {
      const after =
        query.status === 'open'
          ? decodeCursor(query.cursor, repository.openCursorShape)
          : decodeCursor(query.cursor, repository.solvedCursorShape);
      return asReader(db, caller, async ({ organizationId, userId }) => {
        await requireTeam(organizationId, query.teamId);
        const rows = await repository.listIssuePage(organizationId, {
          viewerId: userId,
          teamId: query.teamId,
          horizon: query.horizon,
          status: query.status,
          search: query.search || undefined,
          includeArchived: query.includeArchived,
          limit: query.limit,
          after,
        });
        return pageFrom(rows, query.limit, toIssue, (row) =>
          query.status === 'open' ? [row.position, row.id] : [row.solvedPosition, row.id],
        );
      });
    },

    get: (caller: Caller, id: string): Promise<Issue> =>
      asReader(db, caller, async ({ organizationId, userId }) =>
        toIssue(await requireIssue(organizationId, userId, id)),
      ),

    create: async (caller: Caller, input: CreateIssueRequest, meta: RequestMeta): Promise<Issue> => {
      const request = createIssueRequestSchema.parse(input);
      const issue = await asWriter(db, caller, async (member) => {
        const { organizationId, userId } = member;
        await requireTeam(organizationId, request.teamId);
        await requireOwner(organizationId, request.ownerId);
        const { id } = await repository.insertIssue(organizationId, {
          teamId: request.teamId,
          title: request.title,
          description: request.description ?? '',
          raisedById: userId,
          ownerId: request.ownerId ?? null,
          horizon: request.horizon,
          sourceKind: request.source?.kind ?? null,
          sourceId: request.source?.id ?? null,
        });
        await audit(member, 'issue.created', id, meta, { teamId: request.teamId, horizon: request.horizon });
        return toIssue(await requireIssue(organizationId, userId, id));
      });
      publish(caller, 'created', [{ entity: 'issue', id: issue.id, teamId: issue.teamId }]);
      return issue;
    },

    update: async (caller: Caller, id: string, request: UpdateIssueRequest, meta: RequestMeta) =>
      (
        await change(caller, id, request.version, 'issue.updated', meta, async (before, { organizationId }) => {
          await requireOwner(organizationId, request.ownerId);
          const { version: _version, ...fields } = request;
          const plan: Plan = { changes: fields };
          // Moving between short and long term: last of the other list, and out of the top three.
          if (fields.horizon && fields.horizon !== before.horizon && before.status === 'open') {
            plan.moveToEnd = { teamId: before.teamId, horizon: fields.horizon };
            plan.changes = { ...fields, priorityRank: null };
          }
          return plan;
        })
      ).issue,

    rank: async (caller: Caller, id: string, version: number, rank: IssueRank | null, meta: RequestMeta) =>
      (
        await change(caller, id, version, 'issue.ranked', meta, async (before, { organizationId }) => {
          if (before.status !== 'open') throw errors.notOpen();
          // Free the rank first so the unique index never sees two holders.
          const released =
            rank === null
              ? []
              : await repository.takeRank(organizationId, before.teamId, rank, id, before.priorityRank);
          return {
            changes: { priorityRank: rank },
            summary: { rank, released: released.map((row) => row.id) },
            after: async () => released.map((row) => ({ entity: 'issue' as const, ...row })),
          };
        })
      ).issue,

    reorder: async (caller: Caller, request: ReorderIssuesRequest, meta: RequestMeta): Promise<{ ids: string[] }> => {
      await asWriter(db, caller, async (member) => {
        const { organizationId } = member;
        await requireTeam(organizationId, request.teamId);
        const current = await repository.openIssueIds(organizationId, request.teamId, request.horizon);
        const wanted = new Set(request.ids);
        if (current.length !== request.ids.length || current.some((id) => !wanted.has(id))) {
          // An id that is no issue of this organization at all reads as absent, like everywhere else.
          const stranger = request.ids.find((id) => !current.includes(id));
          if (stranger && !(await repository.issueExists(organizationId, stranger))) throw errors.issueNotFound();
          throw errors.reorderMismatch();
        }
        await repository.setPositions(organizationId, request.ids);
        await recordAuditEvent(organizationId, {
          actorUserId: member.userId,
          action: 'issue.reordered',
          targetType: 'issue',
          summary: { teamId: request.teamId, horizon: request.horizon, count: request.ids.length },
          ...meta,
        });
      });
      publish(
        caller,
        'updated',
        request.ids.map((id) => ({ entity: 'issue', id, teamId: request.teamId })),
      );
      return { ids: request.ids };
    },

    vote: async (caller: Caller, id: string, voted: boolean, meta: RequestMeta): Promise<Issue> => {
      const issue = await asWriter(db, caller, async (member) => {
        const { organizationId, userId } = member;
        await requireIssue(organizationId, userId, id);
        const changed = voted
          ? await repository.addVote(organizationId, id, userId)
          : await repository.removeVote(organizationId, id, userId);
        if (changed) await audit(member, voted ? 'issue.voted' : 'issue.unvoted', id, meta);
        return toIssue(await requireIssue(organizationId, userId, id));
      });
      publish(caller, 'updated', [{ entity: 'issue', id, teamId: issue.teamId }]);
      return issue;
    },

    solve: async (caller: Caller, id: string, input: SolveIssueRequest, meta: RequestMeta) => {
      const request = solveIssueRequestSchema.parse(input);
      const { issue, extra } = await change(caller, id, request.version, 'issue.solved', meta, async (before) => {
        if (before.status !== 'open') throw errors.notOpen();
        return {
          changes: {
            status: 'solved',
            solvedAt: new Date(),
            solvedById: caller.userId,
            resolution: request.resolution || null,
            priorityRank: null,
          },
          summary: { todos: request.todos.length },
          after: async ({ organizationId, userId }) => {
            const created = await createTodosForIssue(organizationId, {
              issueId: id,
              teamId: before.teamId,
              createdById: userId,
              todos: request.todos,
            });
            await addTrail(organizationId, {
              issueId: id,
              action: 'solved',
              fromTeamId: before.teamId,
              actorId: userId,
            });
            return created.map((todo) => ({ entity: 'todo' as const, ...todo }));
          },
        };
      });
      return { data: issue, todoIds: extra.filter((item) => item.entity === 'todo').map((item) => item.id) };
    },

    reopen: async (caller: Caller, id: string, version: number, meta: RequestMeta) =>
      (
        await change(caller, id, version, 'issue.reopened', meta, async (before) => {
          if (before.status !== 'solved') throw errors.notSolved();
          return {
            changes: { status: 'open', solvedAt: null, solvedById: null },
            moveToEnd: { teamId: before.teamId, horizon: before.horizon },
            after: async ({ organizationId, userId }) => {
              await addTrail(organizationId, {
                issueId: id,
                action: 'reopened',
                fromTeamId: before.teamId,
                actorId: userId,
              });
              return [];
            },
          };
        })
      ).issue,

    send: async (caller: Caller, id: string, request: SendIssueRequest, meta: RequestMeta) =>
      (
        await change(caller, id, request.version, 'issue.sent', meta, async (before, { organizationId }) => {
          await requireTeam(organizationId, request.teamId);
          if (request.teamId === before.teamId) throw errors.sameTeam();
          return {
            changes: { teamId: request.teamId, priorityRank: null },
            moveToEnd: { teamId: request.teamId, horizon: before.horizon },
            summary: { fromTeamId: before.teamId, toTeamId: request.teamId },
            after: async ({ userId }) => {
              await addTrail(organizationId, {
                issueId: id,
                action: 'sent',
                fromTeamId: before.teamId,
                toTeamId: request.teamId,
                actorId: userId,
              });
              return [];
            },
          };
        })
      ).issue,

    archive: async (caller: Caller, id: string, version: number, archived: boolean, meta: RequestMeta) =>
      (
        await change(caller, id, version, archived ? 'issue.archived' : 'issue.restored', meta, async () => ({
          changes: archived ? { archivedAt: new Date(), priorityRank: null } : { archivedAt: null },
        }))
      ).issue,
  };
}

export type IssuesService = ReturnType<typeof createIssuesService>;
