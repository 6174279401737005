import type { Alignment, MilestoneProposal, MilestoneRequest, PriorityDraft, SmartCheck } from '@keel/contract';

/** What the engines know of the organization besides the person's text: read by the service, in its scope. */
export interface AssistantContext {
  /** The day it is for the organization (its time zone), YYYY-MM-DD. */
  today: string;
  fiscalYearStartMonth: number;
  /** The fiscal quarter the request is about, and its first and last days. */
  quarter: { year: number; quarter: number; start: string; end: string };
  /** The annual goals of the quarter's fiscal year of the team (relevant, alignment). */
  annualGoals: readonly { id: string; title: string; description: string; target: string }[];
  /** The organization's company priorities of the quarter (alignment). */
  companyPriorities: readonly { id: string; title: string; description: string }[];
}

/** A team's priorities of a quarter, as alignment reads them. */
export interface AlignmentInput {
  priorities: readonly { id: string; title: string; description: string; annualGoalId: string | null }[];
}

/**
 * One interface, two engines: the offline one (rules and text analysis, deterministic, always there) and the
 * model (where configured and turned on), which falls back to the offline one on any failure.
 */
export interface AssistantEngineImpl {
  smartCheck(draft: PriorityDraft, context: AssistantContext, signal?: AbortSignal): Promise<SmartCheck>;
  milestones(request: MilestoneRequest, context: AssistantContext, signal?: AbortSignal): Promise<MilestoneProposal>;
  alignment(input: AlignmentInput, context: AssistantContext, signal?: AbortSignal): Promise<Alignment>;
}
