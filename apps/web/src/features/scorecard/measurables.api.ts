import {
  type CreateMeasurableRequest,
  type GoalInput,
  measurableHistorySchema,
  measurableListSchema,
  measurableSchema,
  myNumbersSchema,
  periodGoalSchema,
  raisedIssueSchema,
  type ScorecardFrequency,
  type ScorecardReminder,
  scorecardSettingsSchema,
  scoreWriteSchema,
  type UpdateMeasurableRequest,
} from '@keel/contract';
import { apiRequest, apiRequestWhole } from '../../lib/api-client';
import { useOrganizationMutation } from '../../lib/organization-mutation';
import { useOrganizationQuery } from '../../lib/organization-query';

/**
 * Measurables, their history and period goals, the caller's own numbers and the team's reminder
 * settings. Keys start with ['organizations', id, 'scorecard', …]: a realtime 'scorecard' change and
 * every mutation here refresh all of them (and the grid's, which share the prefix).
 */
const SCORECARD = ['scorecard'] as const;

const organizationPath = (organizationId: string, rest: string) =>
  `/organizations/${encodeURIComponent(organizationId)}${rest}`;
const measurablePath = (organizationId: string, id: string, rest = '') =>
  organizationPath(organizationId, `/measurables/${encodeURIComponent(id)}${rest}`);

export interface MeasurableListFilter {
  /** One team's measurables; the organization's (roll-up pickers) when absent. */
  teamId?: string | undefined;
  frequency?: ScorecardFrequency | undefined;
  includeArchived?: boolean;
}

export function useMeasurables(filter: MeasurableListFilter, { enabled = true } = {}) {
  const query = new URLSearchParams();
  if (filter.teamId) query.set('teamId', filter.teamId);
  if (filter.frequency) query.set('frequency', filter.frequency);
  if (filter.includeArchived) query.set('includeArchived', 'true');
  return useOrganizationQuery(
    'scorecard',
    ['measurables', filter.teamId ?? 'all', filter.frequency ?? 'any', Boolean(filter.includeArchived)],
    (organizationId, { signal }) =>
      apiRequest(organizationPath(organizationId, `/measurables?${query.toString()}`), {
        schema: measurableListSchema.shape.data,
        signal,
      }),
    { enabled, staleTime: 30_000 },
  );
}

export const useCreateMeasurable = () =>
  useOrganizationMutation(SCORECARD, (organizationId, body: CreateMeasurableRequest) =>
    apiRequest(organizationPath(organizationId, '/measurables'), { schema: measurableSchema, method: 'POST', body }),
  );

export const useUpdateMeasurable = () =>
  useOrganizationMutation(SCORECARD, (organizationId, { id, ...body }: UpdateMeasurableRequest & { id: string }) =>
    apiRequest(measurablePath(organizationId, id), { schema: measurableSchema, method: 'PATCH', body }),
  );

export const useArchiveMeasurable = () =>
  useOrganizationMutation(
    SCORECARD,
    (organizationId, { id, version, archive }: { id: string; version: number; archive: boolean }) =>
      apiRequest(measurablePath(organizationId, id, archive ? '/archive' : '/restore'), {
        schema: measurableSchema,
        method: 'POST',
        body: { version },
      }),
  );

/** Drops a measurable off track onto its team's issues list (linked back to it); the issue lists refresh. */
export const useRaiseIssueFromMeasurable = () =>
  useOrganizationMutation(['issue'], (organizationId, id: string) =>
    apiRequest(measurablePath(organizationId, id, '/issue'), { schema: raisedIssueSchema.shape.data, method: 'POST' }),
  );

export const useMeasurableHistory = (id: string, range: { from: string; to: string } | null) =>
  useOrganizationQuery(
    'scorecard',
    ['history', id, range?.from ?? '', range?.to ?? ''],
    (organizationId, { signal }) =>
      apiRequest(
        measurablePath(
          organizationId,
          id,
          `/history?${new URLSearchParams({ from: range?.from ?? '', to: range?.to ?? '' }).toString()}`,
        ),
        { schema: measurableHistorySchema, signal },
      ),
    { enabled: range !== null, placeholderData: (previous) => previous },
  );

/**
 * Sets one goal for each of the given periods, in order (a custom goal for one period, or a quarter's
 * targets planned at once); the views refresh once at the end. A refusal stops there: goals set before
 * it stay (the list of period goals shows them).
 */
export const useSetPeriodGoals = () =>
  useOrganizationMutation(
    SCORECARD,
    async (organizationId, { id, periodStarts, goal }: { id: string; periodStarts: string[]; goal: GoalInput }) => {
      for (const periodStart of periodStarts) {
        await apiRequest(measurablePath(organizationId, id, `/goals/${encodeURIComponent(periodStart)}`), {
          schema: periodGoalSchema,
          method: 'PUT',
          body: { goal },
        });
      }
      return periodStarts.length;
    },
  );

export const useRemovePeriodGoal = () =>
  useOrganizationMutation(SCORECARD, (organizationId, { id, periodStart }: { id: string; periodStart: string }) =>
    apiRequest(measurablePath(organizationId, id, `/goals/${encodeURIComponent(periodStart)}`), { method: 'DELETE' }),
  );

/** The caller's own numbers for the current period of each frequency (owner or data-entry person). */
export const useMyNumbers = (teamId?: string) =>
  useOrganizationQuery('scorecard', ['my-numbers', teamId ?? 'all'], (organizationId, { signal }) =>
    apiRequestWhole(
      organizationPath(
        organizationId,
        `/scorecard/my-numbers${teamId ? `?${new URLSearchParams({ teamId }).toString()}` : ''}`,
      ),
      { schema: myNumbersSchema, signal },
    ),
  );

export interface SaveScoreInput {
  measurableId: string;
  periodStart: string;
  value: number | null;
  /** The cell version the person saw (0 = empty): a stale one answers 409 with nothing written. */
  version: number;
}

export const useSaveScore = () =>
  useOrganizationMutation(SCORECARD, (organizationId, { measurableId, periodStart, value, version }: SaveScoreInput) =>
    apiRequest(measurablePath(organizationId, measurableId, `/scores/${encodeURIComponent(periodStart)}`), {
      schema: scoreWriteSchema,
      method: 'PUT',
      body: { value, version },
    }),
  );

const settingsPath = (organizationId: string, teamId: string) =>
  organizationPath(organizationId, `/teams/${encodeURIComponent(teamId)}/scorecard-settings`);

export const useScorecardSettings = (teamId: string) =>
  useOrganizationQuery('scorecard', ['settings', teamId], (organizationId, { signal }) =>
    apiRequest(settingsPath(organizationId, teamId), { schema: scorecardSettingsSchema, signal }),
  );

export const useUpdateScorecardSettings = () =>
  useOrganizationMutation(
    SCORECARD,
    (organizationId, { teamId, ...body }: { teamId: string; reminder: ScorecardReminder; version: number }) =>
      apiRequest(settingsPath(organizationId, teamId), { schema: scorecardSettingsSchema, method: 'PUT', body }),
  );
