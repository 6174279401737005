import Anthropic from '@anthropic-ai/sdk';
import {
  ASSISTANT_TEXT_READ,
  SMART_LETTERS,
  type Alignment,
  type AssistantNotice,
  type MilestoneProposal,
  type SmartCheck,
} from '@keel/contract';
import OpenAI from 'openai';
import type { z } from 'zod';
import type { AlignmentInput, AssistantContext, AssistantEngineImpl } from './assistant.engine.js';
import type { ModelClient, ModelQuestion } from './model.client.js';
import * as prompts from './model.prompts.js';

export interface AssistantProgress {
  characters: number;
  text: string;
}

/** Where the engine says why the model failed: never the key, the prompt or the person's text. */
export interface ModelFailureLog {
  warn(details: Record<string, unknown>, message: string): void;
}

export interface ModelEngineDeps {
  client: ModelClient;
  /** Answers whenever the model fails. */
  offline: AssistantEngineImpl;
  log: ModelFailureLog;
  timeoutMs: number;
  /** Told the model's text so far while it writes (the SSE answers' progress events). */
  onProgress?: ((progress: AssistantProgress) => void) | undefined;
}

/** The model answered, but not with something the contract's schemas (and the request's facts) accept. */
export class UnusableAnswer extends Error {
  override name = 'UnusableAnswer';
}

type FailureReason = 'timeout' | 'key_refused' | 'rate_limited' | 'http_error' | 'unusable_answer' | 'unreachable';

const FAILURE_MESSAGES: Record<FailureReason, string> = {
  timeout: 'The model did not answer in time, so the offline assistant answered.',
  key_refused:
    "The model refused the server's key, so the offline assistant answered. An administrator should check it.",
  rate_limited: 'The model is busy or out of quota, so the offline assistant answered.',
  http_error: 'The model answered with an error, so the offline assistant answered.',
  unusable_answer: 'The model did not answer in the expected form, so the offline assistant answered.',
  unreachable: 'The model could not be reached, so the offline assistant answered.',
};

export function failureOf(error: unknown, timedOut: boolean): { reason: FailureReason; status?: number } {
  if (
    timedOut ||
    error instanceof OpenAI.APIConnectionTimeoutError ||
    error instanceof Anthropic.APIConnectionTimeoutError
  ) {
    return { reason: 'timeout' };
  }
  if (error instanceof UnusableAnswer) return { reason: 'unusable_answer' };
  const status =
    error instanceof OpenAI.APIError || error instanceof Anthropic.APIError ? Number(error.status) : undefined;
  if (status === 401 || status === 403) return { reason: 'key_refused', status };
  if (status === 429) return { reason: 'rate_limited', status };
  if (status !== undefined) return { reason: 'http_error', status };
  return { reason: 'unreachable' };
}

/** The answer's JSON: models that wrap it in a code fence despite the instructions are forgiven that much. */
export function parseAnswer<S extends z.ZodType>(text: string, schema: S): z.output<S> {
  const unfenced = text
    .trim()
    .replace(/^```(?:json)?\s*/i, '')
    .replace(/\s*```$/, '');
  let json: unknown;
  try {
    json = JSON.parse(unfenced);
  } catch {
    throw new UnusableAnswer(`not JSON (${text.length} characters)`);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new UnusableAnswer(`not the expected shape: ${parsed.error.issues[0]?.message ?? ''}`);
  return parsed.data;
}

function truncationNotices(...texts: string[]): AssistantNotice[] {
  return texts.some((text) => text.length > ASSISTANT_TEXT_READ)
    ? [
        {
          code: 'text_truncated',
          message: `Only the first ${ASSISTANT_TEXT_READ.toLocaleString('en-US')} characters of the text were read.`,
        },
      ]
    : [];
}

/**
 * The language model behind the assistant's interface. Every answer is validated against the contract's schemas
 * and the request's facts (letters, dates within the quarter, ids the organization has); on any failure the
 * offline engine answers, with a notice saying why.
 */
export function createModelEngine(deps: ModelEngineDeps): AssistantEngineImpl {
  const { client, offline, log } = deps;

  async function ask<S extends z.ZodType, T extends { notices: AssistantNotice[] }>(
    task: string,
    question: ModelQuestion,
    schema: S,
    use: (answer: z.output<S>) => T,
    fallback: () => Promise<T>,
    signal: AbortSignal | undefined,
  ): Promise<T> {
    const timeout = AbortSignal.timeout(deps.timeoutMs);
    const combined = signal ? AbortSignal.any([timeout, signal]) : timeout;
    const onProgress = deps.onProgress;
    try {
      const text = await client.ask(question, {
        signal: combined,
        onText: onProgress ? (soFar) => onProgress({ characters: soFar.length, text: soFar }) : undefined,
      });
      return use(parseAnswer(text, schema));
    } catch (error) {
      const failure = failureOf(error, timeout.aborted);
      log.warn(
        {
          task,
          model: client.label,
          reason: failure.reason,
          ...(failure.status === undefined ? {} : { status: failure.status }),
          ...(error instanceof UnusableAnswer ? { detail: error.message } : { errorName: (error as Error).name }),
        },
        'the assistant model failed; the offline engine answered',
      );
      const answer = await fallback();
      return {
        ...answer,
        notices: [{ code: 'model_failed', message: FAILURE_MESSAGES[failure.reason] }, ...answer.notices],
      };
    }
  }

  return {
    smartCheck: (draft, context, signal) =>
      ask(
        'smart_check',
        {
          instructions: prompts.SMART_INSTRUCTIONS,
          data: prompts.smartData(draft, context),
          schemaName: 'smart_check',
          jsonSchema: prompts.jsonSchemaOf(prompts.smartAnswerSchema),
        },
        prompts.smartAnswerSchema,
        (answer): SmartCheck => {
          const verdicts = SMART_LETTERS.map((letter) => {
            const verdict = answer.verdicts.find((candidate) => candidate.letter === letter);
            if (!verdict) throw new UnusableAnswer(`no verdict for ${letter}`);
            return verdict;
          });
          return {
            engine: 'model',
            verdicts,
            rewrite: answer.rewrite,
            notices: truncationNotices(draft.title, draft.description),
          };
        },
        () => offline.smartCheck(draft, context, signal),
        signal,
      ),

    milestones: (request, context, signal) =>
      ask(
        'milestones',
        {
          instructions: prompts.MILESTONE_INSTRUCTIONS,
          data: prompts.milestoneData(request, context),
          schemaName: 'milestones',
          jsonSchema: prompts.jsonSchemaOf(prompts.milestoneAnswerSchema),
        },
        prompts.milestoneAnswerSchema,
        (answer): MilestoneProposal => {
          const lastDay = request.dueDate ?? context.quarter.end;
          const outside = answer.milestones.find(
            (milestone) => milestone.dueDate < context.quarter.start || milestone.dueDate > lastDay,
          );
          if (outside) throw new UnusableAnswer(`a milestone due on ${outside.dueDate}, outside the quarter`);
          return {
            engine: 'model',
            kind: answer.kind.slice(0, 100),
            milestones: [...answer.milestones].sort((a, b) => a.dueDate.localeCompare(b.dueDate)),
            notices: truncationNotices(request.title, request.description),
          };
        },
        () => offline.milestones(request, context, signal),
        signal,
      ),

    alignment: (input, context, signal) =>
      ask(
        'alignment',
        {
          instructions: prompts.ALIGNMENT_INSTRUCTIONS,
          data: prompts.alignmentData(input, context),
          schemaName: 'alignment',
          jsonSchema: prompts.jsonSchemaOf(prompts.alignmentAnswerSchema),
        },
        prompts.alignmentAnswerSchema,
        (answer) => alignmentFrom(answer, input, context),
        () => offline.alignment(input, context, signal),
        signal,
      ),
  };
}

/** The links are facts read from the priorities; the model adds only closeness and suggestions, by known ids. */
function alignmentFrom(
  answer: z.output<typeof prompts.alignmentAnswerSchema>,
  input: AlignmentInput,
  context: AssistantContext,
): Alignment {
  const goals = new Map(context.annualGoals.map((goal) => [goal.id, { id: goal.id, title: goal.title }]));
  const companyPriorities = new Map(context.companyPriorities.map((priority) => [priority.id, priority]));
  const known = new Set(input.priorities.map((priority) => priority.id));
  const byPriority = new Map(answer.priorities.map((entry) => [entry.priorityId, entry]));
  for (const entry of answer.priorities) {
    const unknownId =
      (!known.has(entry.priorityId) && entry.priorityId) ||
      entry.relatedCompanyPriorityIds.find((id) => !companyPriorities.has(id)) ||
      (entry.suggestion && !goals.has(entry.suggestion.goalId) && entry.suggestion.goalId);
    if (unknownId) throw new UnusableAnswer('an id the organization does not have');
  }
  const served = new Set(input.priorities.map((priority) => priority.annualGoalId));
  return {
    engine: 'model',
    year: context.quarter.year,
    quarter: context.quarter.quarter,
    priorities: input.priorities.map((priority) => {
      const entry = byPriority.get(priority.id);
      const linked = priority.annualGoalId ? (goals.get(priority.annualGoalId) ?? null) : null;
      const suggested = !linked && entry?.suggestion ? entry.suggestion : null;
      return {
        priorityId: priority.id,
        title: priority.title,
        servesGoal: linked,
        relatedCompanyPriorities: (entry?.relatedCompanyPriorityIds ?? []).slice(0, 3).map((id) => ({
          id,
          title: companyPriorities.get(id)!.title,
        })),
        suggestion: suggested ? { goal: goals.get(suggested.goalId)!, reason: suggested.reason } : null,
      };
    }),
    goalsWithoutPriorities: [...goals.values()].filter((goal) => !served.has(goal.id)),
    notices: [],
  };
}
