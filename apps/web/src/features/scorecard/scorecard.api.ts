import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  measurableGroupSchema,
  preferencesSchema,
  type ScoreCell,
  scoreWriteSchema,
  scoreWritesSchema,
  type ScorecardFrequency,
  type ScorecardGrid,
  expandScorecardGrid,
  scorecardGridWireSchema,
  type ScorecardView,
  type WriteScoresRequest,
} from '@keel/contract';
import { apiRequest } from '../../lib/api-client';
import { useOrganizationMutation } from '../../lib/organization-mutation';
import { organizationKey, requireOrganization, useOrganizationQuery } from '../../lib/organization-query';
import { useOrganizationId, useSession } from '../../lib/session-store';
import { downloadApiFile } from '../../lib/file-download';

/**
 * Queries are keyed ['organizations', id, 'scorecard', …]: the realtime client invalidates that prefix when
 * anyone saves a number, so every open grid of the team refetches within a second.
 */
const ENTITY = 'scorecard';
const SCORECARD = [ENTITY] as const;

export interface GridParams {
  frequency: ScorecardFrequency;
  view: ScorecardView;
  includeArchived: boolean;
  /** A custom range (both or neither) replaces the view. */
  from?: string | undefined;
  to?: string | undefined;
}

const organizationPath = (organizationId: string, rest: string) =>
  `/organizations/${encodeURIComponent(organizationId)}${rest}`;
const measurablePath = (organizationId: string, id: string, rest = '') =>
  organizationPath(organizationId, `/measurables/${encodeURIComponent(id)}${rest}`);
const groupPath = (organizationId: string, id: string, rest = '') =>
  organizationPath(organizationId, `/measurable-groups/${encodeURIComponent(id)}${rest}`);

function gridQuery(teamId: string, params: GridParams) {
  const query = new URLSearchParams({
    teamId,
    frequency: params.frequency,
    view: params.view,
    includeArchived: String(params.includeArchived),
  });
  if (params.from && params.to) {
    query.set('from', params.from);
    query.set('to', params.to);
  }
  return query;
}

export const gridKey = (organizationId: string | null, teamId: string, params: GridParams) =>
  organizationKey(organizationId, ENTITY, 'grid', teamId, params);

export const useScorecardGrid = (teamId: string, params: GridParams) =>
  useOrganizationQuery(ENTITY, ['grid', teamId, params], (organizationId, { signal }) =>
    apiRequest(organizationPath(organizationId, `/scorecard?${gridQuery(teamId, params).toString()}`), {
      schema: scorecardGridWireSchema,
      signal,
    }).then(expandScorecardGrid),
  );

/** The person's scorecard preferences; `scorecard_show_total` counts as true unless explicitly false (spec). */
export function useScorecardPreferences() {
  const userId = useSession((state) => state.user?.id ?? null);
  const query = useQuery({
    queryKey: ['user-preferences', userId ?? 'none'],
    queryFn: () => apiRequest('/user/preferences', { schema: preferencesSchema }),
    enabled: userId !== null,
    staleTime: 5 * 60_000,
    retry: false,
  });
  return { rtl: query.data?.scorecard_rtl === true, showTotal: query.data?.scorecard_show_total !== false };
}

export interface CellWrite {
  measurableId: string;
  periodStart: string;
  value: number | null;
  note?: string | undefined;
  /** The cell version the writer saw; 0 = an empty cell. */
  version: number;
}

/** Replaces one cell in every cached grid of the organization that shows it. */
function patchCell(
  queryClient: ReturnType<typeof useQueryClient>,
  organizationId: string | null,
  measurableId: string,
  periodStart: string,
  change: (cell: ScoreCell) => ScoreCell,
) {
  queryClient.setQueriesData<ScorecardGrid>({ queryKey: organizationKey(organizationId, ENTITY, 'grid') }, (grid) =>
    grid
      ? {
          ...grid,
          rows: grid.rows.map((row) =>
            row.measurable.id === measurableId
              ? {
                  ...row,
                  cells: row.cells.map((cell) => (cell.periodStart === periodStart ? change(cell) : cell)),
                }
              : row,
          ),
        }
      : grid,
  );
}

/**
 * Saves one cell. The grid shows the number at once (`optimistic` gives the cell as it will look) and then
 * the server's cell; a refusal puts the old cell back, and a 409 is left for the grid to explain.
 */
export function useWriteScore() {
  const organizationId = useOrganizationId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ measurableId, periodStart, value, note, version }: CellWrite & { optimistic?: ScoreCell }) =>
      apiRequest(measurablePath(requireOrganization(organizationId), measurableId, `/scores/${periodStart}`), {
        schema: scoreWriteSchema,
        method: 'PUT',
        body: note === undefined ? { value, version } : { value, note, version },
      }),
    onMutate: async (write) => {
      await queryClient.cancelQueries({ queryKey: organizationKey(organizationId, ENTITY, 'grid') });
      const grids = queryClient.getQueriesData<ScorecardGrid>({
        queryKey: organizationKey(organizationId, ENTITY, 'grid'),
      });
      const previous = grids
        .flatMap(([, grid]) => grid?.rows ?? [])
        .find((row) => row.measurable.id === write.measurableId)
        ?.cells.find((cell) => cell.periodStart === write.periodStart);
      const { optimistic } = write;
      if (optimistic) patchCell(queryClient, organizationId, write.measurableId, write.periodStart, () => optimistic);
      return { previous };
    },
    onSuccess: ({ measurableId, cell }) =>
      patchCell(queryClient, organizationId, measurableId, cell.periodStart, () => cell),
    // Only this cell goes back: other saves may be under way in the same grid.
    onError: (_error, write, context) => {
      const previous = context?.previous;
      if (previous) patchCell(queryClient, organizationId, write.measurableId, write.periodStart, () => previous);
    },
    // Averages, totals, formulas and roll-ups depend on the cell: the server recomputes them.
    onSettled: () => queryClient.invalidateQueries({ queryKey: organizationKey(organizationId, ENTITY) }),
  });
}

/** A paste: every cell is written or none. */
export const useWriteScores = () =>
  useOrganizationMutation(SCORECARD, (organizationId, request: WriteScoresRequest) =>
    apiRequest(organizationPath(organizationId, '/scorecard/scores'), {
      schema: scoreWritesSchema.shape.data,
      method: 'POST',
      body: request,
    }),
  );

export const useMoveMeasurable = () =>
  useOrganizationMutation(
    SCORECARD,
    (organizationId, { id, groupId, index }: { id: string; groupId: string | null; index: number }) =>
      apiRequest(measurablePath(organizationId, id, '/move'), { method: 'POST', body: { groupId, index } }),
  );

export const useCreateGroup = () =>
  useOrganizationMutation(SCORECARD, (organizationId, body: { teamId: string; name: string }) =>
    apiRequest(organizationPath(organizationId, '/measurable-groups'), {
      schema: measurableGroupSchema,
      method: 'POST',
      body,
    }),
  );

export const useRenameGroup = () =>
  useOrganizationMutation(
    SCORECARD,
    (organizationId, { id, name, version }: { id: string; name: string; version: number }) =>
      apiRequest(groupPath(organizationId, id), {
        schema: measurableGroupSchema,
        method: 'PATCH',
        body: { name, version },
      }),
  );

export const useDeleteGroup = () =>
  useOrganizationMutation(SCORECARD, (organizationId, id: string) =>
    apiRequest(groupPath(organizationId, id), { method: 'DELETE' }),
  );

export const useMoveGroup = () =>
  useOrganizationMutation(SCORECARD, (organizationId, { id, index }: { id: string; index: number }) =>
    apiRequest(groupPath(organizationId, id, '/move'), { method: 'POST', body: { index } }),
  );

/** Downloads the current view as .xlsx with the signed-in person's credentials; the server names the file. */
export function downloadScorecardExport(organizationId: string, teamId: string, params: GridParams) {
  const query = gridQuery(teamId, params);
  query.delete('includeArchived');
  return downloadApiFile(organizationPath(organizationId, `/scorecard/export?${query.toString()}`), 'scorecard.xlsx');
}
