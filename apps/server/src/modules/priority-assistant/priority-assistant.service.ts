import {
  fiscalQuarterOf,
  fiscalQuarterRange,
  todayIn,
  type Alignment,
  type AlignmentQuery,
  type AssistantNotice,
  type AssistantSettings,
  type AssistantSettingsUpdate,
  type FiscalQuarter,
  type MilestoneProposal,
  type MilestoneRequest,
  type PriorityDraft,
  type SmartCheck,
} from '@keel/contract';
import type { AssistantSettings as AssistantServerSettings } from '../../config.js';
import type { Database } from '../../db/database.js';
import { listAnnualGoals } from '../annual-goals/index.js';
import { recordAuditEvent } from '../audit/index.js';
import { asAdmin, asMember, asReader, type Caller, type RequestMeta } from '../organizations/index.js';
import { organizationCalendar } from '../people/index.js';
import { companyPrioritiesOfQuarter, teamPrioritiesOfQuarter } from '../priorities/index.js';
import { findActiveTeamOrLeadership } from '../teams/index.js';
import type { AssistantContext, AssistantEngineImpl } from './assistant.engine.js';
import { createMinuteLimiter } from './assistant.rate-limit.js';
import { createModelClient, type ModelClient } from './model.client.js';
import { createModelEngine, type AssistantProgress, type ModelFailureLog } from './model.engine.js';
import { createOfflineEngine } from './offline/offline.engine.js';
import * as errors from './priority-assistant.errors.js';
import * as repository from './priority-assistant.repository.js';

/** Bounds on what one answer reads: far above a real organization's quarter, never unbounded. */
const GOALS_READ_MAX = 100;
const PRIORITIES_READ_MAX = 200;

export interface PriorityAssistantServiceDeps {
  db: Database;
  settings: AssistantServerSettings;
  log: ModelFailureLog;
  now?: () => Date;
}

/** How a streamed answer follows the model: its progress, and the page going away (the model is stopped). */
export interface AnswerWatch {
  onProgress?: ((progress: AssistantProgress) => void) | undefined;
  signal?: AbortSignal | undefined;
}
type OnProgress = AnswerWatch['onProgress'];

const monthOf = (date: Date) => date.toISOString().slice(0, 7);

const requestedQuarter = (today: string, year: number | undefined, quarter: number | undefined, startMonth: number) => {
  const current = fiscalQuarterOf(new Date(`${today}T00:00:00Z`), startMonth);
  return { year: year ?? current.year, quarter: (quarter ?? current.quarter) as FiscalQuarter['quarter'] };
};

const isEmptyDraft = (draft: PriorityDraft) => draft.title.trim() === '' && draft.description.trim() === '';

export function createPriorityAssistantService(deps: PriorityAssistantServiceDeps) {
  const { db, settings } = deps;
  const now = deps.now ?? (() => new Date());
  const offline = createOfflineEngine();
  const client: ModelClient | undefined = settings.model ? createModelClient(settings.model) : undefined;
  const limiter = createMinuteLimiter(settings.rateLimitPerMinute);

  /**
   * What the engines know of the organization, read in its scope in a fixed number of statements: calendar, team,
   * its annual goals of the quarter's year, the company priorities of the quarter, the assistant setting.
   */
  async function readContext(
    organizationId: string,
    teamId: string | null,
    quarterOf: (today: string, startMonth: number) => FiscalQuarter,
  ) {
    const calendar = await organizationCalendar(organizationId);
    const team = await findActiveTeamOrLeadership(organizationId, teamId);
    if (!team) throw errors.teamNotFound();
    const today = todayIn(calendar.timeZone, now());
    const quarter = quarterOf(today, calendar.fiscalYearStartMonth);
    const goals = await listAnnualGoals(organizationId, { teamId: team.id, year: quarter.year, limit: GOALS_READ_MAX });
    const companyPriorities = await companyPrioritiesOfQuarter(organizationId, quarter, GOALS_READ_MAX);
    const { modelEnabled } = await repository.findAssistantSettings(organizationId);
    const context: AssistantContext = {
      today,
      fiscalYearStartMonth: calendar.fiscalYearStartMonth,
      quarter: { ...quarter, ...fiscalQuarterRange(quarter, calendar.fiscalYearStartMonth) },
      annualGoals: goals.map((goal) => ({
        id: goal.id,
        title: goal.title,
        description: goal.description ?? '',
        target: goal.target ?? '',
      })),
      companyPriorities: companyPriorities.map(({ id, title, description }) => ({ id, title, description })),
    };
    return { context, teamId: team.id, modelEnabled };
  }

  /**
   * The model only where the server has one, an administrator turned it on, and this minute's and this month's
   * requests allow one more (counted before the request is sent); otherwise the offline engine, with a notice
   * when a limit is why.
   */
  async function chooseEngine(
    caller: Caller,
    modelEnabled: boolean,
    onProgress: OnProgress,
  ): Promise<{ engine: AssistantEngineImpl; notices: AssistantNotice[] }> {
    if (!client || !settings.model || !modelEnabled) return { engine: offline, notices: [] };
    if (!limiter.take(caller.organizationId)) {
      const message = `Your organization asked the model more than ${settings.rateLimitPerMinute} times this minute, so the offline assistant answered.`;
      return { engine: offline, notices: [{ code: 'model_limit_reached', message }] };
    }
    const counted = await asMember(db, caller, ({ organizationId }) =>
      repository.countModelRequestUnderCap(organizationId, monthOf(now()), settings.monthlyRequests),
    );
    if (!counted) {
      const message = `Your organization used its ${settings.monthlyRequests.toLocaleString('en-US')} model requests for this month, so the offline assistant answered.`;
      return { engine: offline, notices: [{ code: 'model_limit_reached', message }] };
    }
    const engine = createModelEngine({
      client,
      offline,
      log: deps.log,
      timeoutMs: settings.model.timeoutMs,
      onProgress,
    });
    return { engine, notices: [] };
  }

  const withNotices = <T extends { notices: AssistantNotice[] }>(answer: T, notices: AssistantNotice[]): T =>
    notices.length === 0 ? answer : { ...answer, notices: [...notices, ...answer.notices] };

  return {
    /**
     * Any member, observers included: checking a draft changes nothing in the organization. The model is not
     * asked about an empty draft (the offline engine says what it lacks).
     */
    async smartCheck(caller: Caller, draft: PriorityDraft, watch: AnswerWatch = {}): Promise<SmartCheck> {
      const { context, modelEnabled } = await asReader(db, caller, ({ organizationId }) =>
        readContext(organizationId, draft.teamId, (today, startMonth) =>
          fiscalQuarterOf(new Date(`${draft.dueDate ?? today}T00:00:00Z`), startMonth),
        ),
      );
      const chosen = await chooseEngine(caller, modelEnabled && !isEmptyDraft(draft), watch.onProgress);
      return withNotices(await chosen.engine.smartCheck(draft, context, watch.signal), chosen.notices);
    },

    async milestones(caller: Caller, request: MilestoneRequest, watch: AnswerWatch = {}): Promise<MilestoneProposal> {
      const { context, modelEnabled } = await asReader(db, caller, ({ organizationId }) =>
        readContext(organizationId, null, (today, startMonth) =>
          requestedQuarter(today, request.year, request.quarter, startMonth),
        ),
      );
      const hasText = request.title.trim() !== '' || request.description.trim() !== '';
      const chosen = await chooseEngine(caller, modelEnabled && hasText, watch.onProgress);
      return withNotices(await chosen.engine.milestones(request, context, watch.signal), chosen.notices);
    },

    /** The team's live priorities of the quarter (bounded) beside its annual goals and the company priorities. */
    async alignment(caller: Caller, query: AlignmentQuery): Promise<Alignment> {
      const { context, modelEnabled, priorities } = await asReader(db, caller, async ({ organizationId }) => {
        const read = await readContext(organizationId, query.teamId, (today, startMonth) =>
          requestedQuarter(today, query.year, query.quarter, startMonth),
        );
        const rows = await teamPrioritiesOfQuarter(
          organizationId,
          read.teamId,
          read.context.quarter,
          PRIORITIES_READ_MAX,
        );
        return { ...read, priorities: rows };
      });
      const chosen = await chooseEngine(caller, modelEnabled && priorities.length > 0, undefined);
      return withNotices(await chosen.engine.alignment({ priorities }, context), chosen.notices);
    },

    /** Any member may read whether the model is on; the figures are the organization's own. */
    settings: (caller: Caller): Promise<AssistantSettings> =>
      asReader(db, caller, async ({ organizationId }) => settingsOf(organizationId)),

    /** Administrators only; audited. Turning the model on with no model on the server is kept, and does nothing. */
    updateSettings: (caller: Caller, update: AssistantSettingsUpdate, meta: RequestMeta): Promise<AssistantSettings> =>
      asAdmin(db, caller, async ({ organizationId, userId }) => {
        const current = await repository.findAssistantSettings(organizationId);
        if (current.version !== update.version) throw errors.staleSettings();
        const version = await repository.saveAssistantSettingsAtVersion(
          organizationId,
          update.version,
          update.modelEnabled,
        );
        if (version === undefined) throw errors.staleSettings();
        if (current.modelEnabled !== update.modelEnabled) {
          await recordAuditEvent(organizationId, {
            actorUserId: userId,
            action: update.modelEnabled ? 'priority_assistant.model_enabled' : 'priority_assistant.model_disabled',
            targetType: 'organization',
            targetId: organizationId,
            summary: { modelEnabled: update.modelEnabled },
            ...meta,
          });
        }
        return settingsOf(organizationId);
      }),
  };

  async function settingsOf(organizationId: string): Promise<AssistantSettings> {
    const stored = await repository.findAssistantSettings(organizationId);
    return {
      modelAvailable: client !== undefined,
      modelName: client?.label ?? null,
      modelEnabled: stored.modelEnabled,
      monthlyLimit: settings.monthlyRequests,
      usedThisMonth: await repository.usedThisMonth(organizationId, monthOf(now())),
      version: stored.version,
    };
  }
}

export type PriorityAssistantService = ReturnType<typeof createPriorityAssistantService>;
