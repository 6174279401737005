import {
  annualGoalListSchema,
  annualGoalSchema,
  successSchema,
  type AnnualGoal,
  type CreateAnnualGoalRequest,
  type UpdateAnnualGoalRequest,
} from '@keel/contract';
import { ApiError, apiRequest, apiRequestWhole } from '../../lib/api-client';
import { useOrganizationMutation } from '../../lib/organization-mutation';
import { useOrganizationQuery } from '../../lib/organization-query';

const base = (organizationId: string) => `/organizations/${encodeURIComponent(organizationId)}/annual-goals`;

/** One team's goals of a year; without a team, every team's (to choose the goal a priority serves). */
export const useAnnualGoals = (year: number, teamId?: string, { enabled = true }: { enabled?: boolean } = {}) =>
  useOrganizationQuery(
    'annual_goal',
    ['list', year, teamId ?? 'all'],
    (organizationId, { signal }) => {
      const query = new URLSearchParams({ year: String(year) });
      if (teamId) query.set('teamId', teamId);
      return apiRequestWhole(`${base(organizationId)}?${query}`, { schema: annualGoalListSchema, signal });
    },
    { enabled },
  );

export const useCreateAnnualGoal = () =>
  useOrganizationMutation(['annual_goal'], (organizationId, body: CreateAnnualGoalRequest) =>
    apiRequest(base(organizationId), { schema: annualGoalSchema, method: 'POST', body }),
  );

export const useUpdateAnnualGoal = () =>
  useOrganizationMutation(
    ['annual_goal'],
    (organizationId, { id, ...body }: UpdateAnnualGoalRequest & { id: string }) =>
      apiRequest(`${base(organizationId)}/${id}`, { schema: annualGoalSchema, method: 'PATCH', body }),
  );

export const useDeleteAnnualGoal = () =>
  useOrganizationMutation(['annual_goal'], (organizationId, goal: Pick<AnnualGoal, 'id' | 'version'>) =>
    apiRequest(`${base(organizationId)}/${goal.id}`, {
      schema: successSchema,
      method: 'DELETE',
      body: { version: goal.version },
    }),
  );

/** A 409: someone else changed the goal since this page loaded it. */
export const isStaleGoal = (error: unknown) => error instanceof ApiError && error.status === 409;

export const GOAL_STATUS_LABELS: Record<AnnualGoal['status'], string> = {
  not_started: 'Not started',
  on_track: 'On track',
  off_track: 'Off track',
  done: 'Done',
};
