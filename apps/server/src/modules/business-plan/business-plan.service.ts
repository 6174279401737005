import { randomBytes } from 'node:crypto';
import {
  businessPlanRepeatedSection,
  emptyBusinessPlanContent,
  type BusinessPlan,
  type BusinessPlanContent,
  type BusinessPlanQuery,
  type BusinessPlanVersion,
  type BusinessPlanVersionPage,
  type BusinessPlanVersionsQuery,
  type RestoreBusinessPlanRequest,
  type SaveBusinessPlanRequest,
  type ShareBusinessPlanRequest,
} from '@keel/contract';
import { z } from 'zod';
import type { Database } from '../../db/database.js';
import { decodeCursor, pageFrom } from '../../http/pagination.js';
import { publishChange, type ChangeBus } from '../../realtime/change-bus.js';
import { recordAuditEvent } from '../audit/index.js';
import { asReader, asWriter, type Caller, type MemberScope, type RequestMeta } from '../organizations/index.js';
import { teamStrategyAccess } from '../teams/index.js';
import * as errors from './business-plan.errors.js';
import { businessPlanPdfUseCases } from './business-plan.pdf.js';
import { readablePlan } from './business-plan.policy.js';
import * as repository from './business-plan.repository.js';

/** PostgreSQL's integer: a larger version cannot exist, and comparing with it would fail in the query. */
const LARGEST_VERSION = 2_147_483_647;
const LONE_SURROGATES = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const versionCursor = z.tuple([z.number().int().min(1).max(LARGEST_VERSION)]);

/**
 * What a person typed, made storable: jsonb refuses a lone surrogate (half of a character, as a broken paste can
 * leave), so it becomes the replacement character instead of failing the save. NUL characters are refused earlier,
 * at the request's boundary.
 */
function storable(content: BusinessPlanContent): BusinessPlanContent {
  const clean = (value: unknown): unknown => {
    if (typeof value === 'string') return value.replace(LONE_SURROGATES, '\uFFFD');
    if (Array.isArray(value)) return value.map(clean);
    if (value !== null && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, clean(entry)]));
    }
    return value;
  };
  return clean(content) as BusinessPlanContent;
}

const personOf = (id: string | null, name: string | null) => (id ? { id, name: name ?? '' } : null);

function toPlan(row: repository.PlanOfTeamRow, canEdit: boolean): BusinessPlan {
  return {
    id: row.planId,
    teamId: row.teamId,
    teamName: row.teamName,
    isCompanyPlan: row.isLeadershipTeam,
    content: row.content ?? emptyBusinessPlanContent(),
    version: row.version ?? 0,
    updatedAt: row.updatedAt?.toISOString() ?? null,
    updatedBy: personOf(row.updatedById, row.updatedByName),
    canEdit,
    // Only those who may change the plan see its link: they are the ones who turn it on and off.
    shareToken: canEdit ? row.shareToken : null,
  };
}

async function editablePlan(member: MemberScope, teamId: string) {
  const access = await teamStrategyAccess(member.organizationId, member, teamId);
  if (!access) throw errors.teamNotFound();
  if (!access.canEdit) throw errors.cannotEdit(access.team.isLeadershipTeam);
  const row = await repository.findPlanOfTeam(member.organizationId, member.userId, { teamId });
  if (!row) throw errors.teamNotFound();
  return row;
}

/** The latest state of a plan someone saved over: who, and at which version, for the 409's message. */
async function staleSaveOf(member: MemberScope, teamId: string) {
  const latest = await repository.findPlanOfTeam(member.organizationId, member.userId, { teamId });
  return errors.staleSave(latest?.updatedByName ?? null, latest?.version ?? 0);
}

export function createBusinessPlanService(deps: { db: Database; changes: ChangeBus }) {
  const { db, changes: bus } = deps;

  const announce = (caller: Caller, plan: BusinessPlan) =>
    publishChange(bus, caller, {
      teamId: plan.teamId,
      entity: 'business_plan',
      ids: plan.id ? [plan.id] : [],
      action: 'updated',
    });

  /** Writes `content` as the plan's next version (its first when never saved), if the plan is still at `version`. */
  async function writeVersion(
    member: MemberScope,
    row: repository.PlanOfTeamRow,
    version: number,
    content: BusinessPlanContent,
  ) {
    const { organizationId, userId } = member;
    const current = row.version ?? 0;
    if (version !== current) throw errors.staleSave(row.updatedByName, current);
    const saved = row.planId
      ? await repository.updatePlanAtVersion(organizationId, row.planId, version, { content, updatedById: userId })
      : await repository.insertPlan(organizationId, { teamId: row.teamId, content, updatedById: userId });
    if (!saved) throw await staleSaveOf(member, row.teamId);
    await repository.insertPlanVersion(organizationId, {
      planId: saved.id,
      version: saved.version,
      content,
      createdById: userId,
    });
    return saved;
  }

  const audit = (member: MemberScope, action: string, planId: string, meta: RequestMeta, summary: object) =>
    recordAuditEvent(member.organizationId, {
      actorUserId: member.userId,
      action,
      targetType: 'business_plan',
      targetId: planId,
      summary: summary as Record<string, unknown>,
      ...meta,
    });

  const reread = async (member: MemberScope, teamId: string) => {
    const row = await repository.findPlanOfTeam(member.organizationId, member.userId, { teamId });
    if (!row) throw errors.teamNotFound();
    return toPlan(row, true);
  };

  return {
    get: (caller: Caller, query: BusinessPlanQuery): Promise<BusinessPlan> =>
      asReader(db, caller, async (member) => {
        const row = await readablePlan(member, query);
        const access = await teamStrategyAccess(member.organizationId, member, row.teamId);
        return toPlan(row, access?.canEdit ?? false);
      }),

    save: async (caller: Caller, request: SaveBusinessPlanRequest, meta: RequestMeta): Promise<BusinessPlan> => {
      const plan = await asWriter(db, caller, async (member) => {
        const repeated = businessPlanRepeatedSection(request.content.sections);
        if (repeated) throw errors.repeatedSection(repeated);
        const row = await editablePlan(member, request.teamId);
        const saved = await writeVersion(member, row, request.version, storable(request.content));
        await audit(member, 'business_plan.saved', saved.id, meta, { teamId: row.teamId, version: saved.version });
        return reread(member, row.teamId);
      });
      announce(caller, plan);
      return plan;
    },

    restore: async (caller: Caller, request: RestoreBusinessPlanRequest, meta: RequestMeta) => {
      const plan = await asWriter(db, caller, async (member) => {
        const row = await editablePlan(member, request.teamId);
        if (!row.planId || request.restoreVersion > LARGEST_VERSION) throw errors.versionNotFound();
        const older = await repository.findPlanVersion(member.organizationId, row.planId, request.restoreVersion);
        if (!older) throw errors.versionNotFound();
        const saved = await writeVersion(member, row, request.version, older.content);
        await audit(member, 'business_plan.restored', saved.id, meta, {
          teamId: row.teamId,
          restoredVersion: older.version,
          version: saved.version,
        });
        return reread(member, row.teamId);
      });
      announce(caller, plan);
      return plan;
    },

    share: async (caller: Caller, request: ShareBusinessPlanRequest, meta: RequestMeta) => {
      const plan = await asWriter(db, caller, async (member) => {
        const row = await editablePlan(member, request.teamId);
        if (!row.planId) throw errors.notSavedYet();
        if (request.shared !== (row.shareToken !== null)) {
          const token = request.shared ? randomBytes(24).toString('base64url') : null;
          await repository.setShareToken(member.organizationId, row.planId, token);
          await audit(member, request.shared ? 'business_plan.shared' : 'business_plan.unshared', row.planId, meta, {
            teamId: row.teamId,
          });
        }
        return reread(member, row.teamId);
      });
      announce(caller, plan);
      return plan;
    },

    versions: (caller: Caller, query: BusinessPlanVersionsQuery): Promise<BusinessPlanVersionPage> =>
      asReader(db, caller, async (member) => {
        const [before] = decodeCursor(query.cursor, versionCursor) ?? [];
        const row = await readablePlan(member, { teamId: query.teamId });
        if (!row.planId) return { data: [], page: { nextCursor: null } };
        const rows = await repository.listPlanVersions(member.organizationId, row.planId, query.limit + 1, before);
        return pageFrom(
          rows,
          query.limit,
          (version) => ({
            version: version.version,
            createdAt: version.createdAt.toISOString(),
            createdBy: personOf(version.createdById, version.createdByName),
          }),
          (version) => [version.version],
        );
      }),

    version: (caller: Caller, teamId: string, version: number): Promise<BusinessPlanVersion> =>
      asReader(db, caller, async (member) => {
        const row = await readablePlan(member, { teamId });
        if (!row.planId) throw errors.versionNotFound();
        const found = await repository.findPlanVersion(member.organizationId, row.planId, version);
        if (!found) throw errors.versionNotFound();
        return {
          version: found.version,
          createdAt: found.createdAt.toISOString(),
          createdBy: personOf(found.createdById, found.createdByName),
          content: found.content,
        };
      }),

    ...businessPlanPdfUseCases(db),
  };
}

export type BusinessPlanService = ReturnType<typeof createBusinessPlanService>;
