import { useMutation } from '@tanstack/react-query';
import {
  alignmentSchema,
  assistantSettingsSchema,
  milestoneProposalSchema,
  priorityCreatedSchema,
  prioritySchema,
  smartCheckSchema,
  type AssistantSettingsUpdate,
  type CreatePriorityRequest,
  type ProposedMilestone,
  type MilestoneRequestInput,
  type PriorityDraftInput,
} from '@keel/contract';
import type { ZodType, z } from 'zod';
import { apiFetch, apiRequest } from '../../lib/api-client';
import { ApiError, errorFromBody } from '../../lib/api-error';
import { useOrganizationMutation } from '../../lib/organization-mutation';
import { requireOrganization, useOrganizationQuery } from '../../lib/organization-query';
import { useOrganizationId } from '../../lib/session-store';
import { EVENT_STREAM, assistantEvents } from './assistant-stream';

const assistantPath = (organizationId: string, rest: string) =>
  `/organizations/${encodeURIComponent(organizationId)}/priority-assistant${rest}`;

/** A model may take a while: the page shows it writing, so the answer may come later than an ordinary call's. */
const ASSISTANT_TIMEOUT_MS = 60_000;

/**
 * POSTs to the assistant asking for a streamed answer: `onProgress` hears how much the model has written; the
 * result is the last event's data, checked against `schema`. A server that answers JSON instead is read as such.
 */
async function streamed<S extends ZodType>(
  path: string,
  body: unknown,
  schema: S,
  onProgress: (characters: number) => void,
): Promise<z.output<S>> {
  const response = await apiFetch(path, {
    method: 'POST',
    body,
    accept: EVENT_STREAM,
    timeoutMs: ASSISTANT_TIMEOUT_MS,
  });
  if (!response.ok) throw errorFromBody(response.status, await response.json().catch(() => null));
  const read = (value: unknown) => {
    const parsed = schema.safeParse(value);
    if (parsed.success) return parsed.data;
    throw new ApiError(response.status, 'response.invalid', null);
  };
  if (!response.headers.get('content-type')?.includes(EVENT_STREAM)) {
    return read(((await response.json()) as { data?: unknown }).data);
  }
  for await (const event of assistantEvents(response)) {
    if (event.type === 'progress') onProgress(event.characters);
    else return read(event.data);
  }
  throw new ApiError(response.status, 'response.invalid', null);
}

export function useSmartCheck(onProgress: (characters: number) => void = () => undefined) {
  const organizationId = useOrganizationId();
  return useMutation({
    mutationFn: (draft: PriorityDraftInput) =>
      streamed(assistantPath(requireOrganization(organizationId), '/smart-check'), draft, smartCheckSchema, onProgress),
  });
}

export function useProposeMilestones(onProgress: (characters: number) => void = () => undefined) {
  const organizationId = useOrganizationId();
  return useMutation({
    mutationFn: (request: MilestoneRequestInput) =>
      streamed(
        assistantPath(requireOrganization(organizationId), '/milestones'),
        request,
        milestoneProposalSchema,
        onProgress,
      ),
  });
}

/** Keyed under priorities: a priority added, linked or changed anywhere shows here at once. */
export const useAlignment = (teamId: string, quarter: { year: number; quarter: number } | null) =>
  useOrganizationQuery(
    'priority',
    ['alignment', teamId, quarter?.year, quarter?.quarter],
    (organizationId, { signal }) => {
      const query = new URLSearchParams({ teamId });
      if (quarter) {
        query.set('year', String(quarter.year));
        query.set('quarter', String(quarter.quarter));
      }
      return apiRequest(assistantPath(organizationId, `/alignment?${query.toString()}`), {
        schema: alignmentSchema,
        signal,
      });
    },
  );

export const useAssistantSettings = () =>
  useOrganizationQuery('priority_assistant', ['settings'], (organizationId, { signal }) =>
    apiRequest(assistantPath(organizationId, '/settings'), { schema: assistantSettingsSchema, signal }),
  );

export const useUpdateAssistantSettings = () =>
  useOrganizationMutation(['priority_assistant'], (organizationId, body: AssistantSettingsUpdate) =>
    apiRequest(assistantPath(organizationId, '/settings'), { schema: assistantSettingsSchema, method: 'PUT', body }),
  );

/** Links a priority to the annual goal the assistant suggested: the priority is read for its version first. */
export const useLinkPriorityToGoal = () =>
  useOrganizationMutation(
    ['priority'],
    async (organizationId, { priorityId, goalId }: { priorityId: string; goalId: string }) => {
      const path = `/organizations/${encodeURIComponent(organizationId)}/priorities/${encodeURIComponent(priorityId)}`;
      const current = await apiRequest(path, { schema: prioritySchema });
      return apiRequest(path, {
        schema: prioritySchema,
        method: 'PATCH',
        body: { version: current.version, annualGoalId: goalId },
      });
    },
  );

/** Creates a team priority of the quarter from the checked draft, then its milestones, in their order. */
export const useCreatePriorityWithMilestones = () =>
  useOrganizationMutation(
    ['priority'],
    async (
      organizationId,
      { priority, milestones }: { priority: CreatePriorityRequest; milestones: ProposedMilestone[] },
    ) => {
      const base = `/organizations/${encodeURIComponent(organizationId)}/priorities`;
      const [created] = await apiRequest(base, {
        schema: priorityCreatedSchema.shape.data,
        method: 'POST',
        body: priority,
      });
      if (!created) throw new ApiError(500, 'response.invalid', null);
      for (const milestone of milestones) {
        await apiRequest(`${base}/${created.id}/milestones`, {
          schema: prioritySchema,
          method: 'POST',
          body: milestone,
        });
      }
      return created;
    },
  );

/** Adds the accepted proposal to a saved priority, in its order (after the milestones it has). */
export const useAddProposedMilestones = () =>
  useOrganizationMutation(
    ['priority'],
    async (organizationId, { priorityId, milestones }: { priorityId: string; milestones: ProposedMilestone[] }) => {
      const path = `/organizations/${encodeURIComponent(organizationId)}/priorities/${encodeURIComponent(priorityId)}/milestones`;
      for (const milestone of milestones) {
        await apiRequest(path, { schema: prioritySchema, method: 'POST', body: milestone });
      }
    },
  );
