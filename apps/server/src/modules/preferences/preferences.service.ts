import type { Preferences, PutUiStateRequest, UiStateEntry, UpdatePreferencesRequest } from '@keel/contract';
import type { Database } from '../../db/database.js';
import { recordAuditEvent } from '../audit/index.js';
import { asMember, type Caller, type RequestMeta } from '../organizations/index.js';
import { isActiveTeamMember } from '../teams/index.js';
import * as errors from './preferences.errors.js';
import * as repository from './preferences.repository.js';

const DEFAULT_PREFERENCES: Preferences = { default_team_id: null, scorecard_rtl: false, scorecard_show_total: true };

function toPreferences(row: repository.PreferencesRow | undefined): Preferences {
  if (!row) return DEFAULT_PREFERENCES;
  return {
    default_team_id: row.defaultTeamId,
    scorecard_rtl: row.scorecardRtl,
    // The spec: shown unless explicitly turned off.
    scorecard_show_total: row.scorecardShowTotal !== false,
  };
}

function toEntry(row: repository.UiStateRow): UiStateEntry {
  return {
    key: row.key,
    stateValue: row.stateValue as UiStateEntry['stateValue'],
    expiresAt: row.expiresAt ? row.expiresAt.toISOString() : null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toChanges(request: UpdatePreferencesRequest): repository.PreferencesChanges {
  const changes: repository.PreferencesChanges = {};
  if (request.default_team_id !== undefined) changes.defaultTeamId = request.default_team_id;
  if (request.scorecard_rtl !== undefined) changes.scorecardRtl = request.scorecard_rtl;
  if (request.scorecard_show_total !== undefined) changes.scorecardShowTotal = request.scorecard_show_total;
  return changes;
}

export interface PreferencesServiceDeps {
  db: Database;
  now?: () => Date;
}

/** Personal settings: every member (observers too) manages their own, and only their own. */
export function createPreferencesService(deps: PreferencesServiceDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  return {
    get: (caller: Caller): Promise<Preferences> =>
      asMember(db, caller, async ({ organizationId, userId }) =>
        toPreferences(await repository.findPreferences(organizationId, userId)),
      ),

    update: (caller: Caller, request: UpdatePreferencesRequest, meta: RequestMeta): Promise<Preferences> =>
      asMember(db, caller, async ({ organizationId, userId }) => {
        const teamId = request.default_team_id;
        if (teamId && !(await isActiveTeamMember(organizationId, teamId, userId))) throw errors.invalidDefaultTeam();
        const changes = toChanges(request);
        if (Object.keys(changes).length === 0)
          return toPreferences(await repository.findPreferences(organizationId, userId));
        const row = await repository.upsertPreferences(organizationId, userId, changes);
        await recordAuditEvent(organizationId, {
          actorUserId: userId,
          action: 'preferences.updated',
          targetType: 'user',
          targetId: userId,
          summary: {
            fields: Object.entries(request)
              .filter(([, value]) => value !== undefined)
              .map(([field]) => field),
          },
          ...meta,
        });
        return toPreferences(row);
      }),

    getUiState: (caller: Caller, key: string): Promise<UiStateEntry | null> =>
      asMember(db, caller, async ({ organizationId, userId }) => {
        const row = await repository.findUiState(organizationId, userId, key, now());
        return row ? toEntry(row) : null;
      }),

    /**
     * Interface state is saved on every debounced click, so it is deliberately not audited: it
     * changes nothing anyone else sees and would drown the activity log.
     */
    putUiState: (caller: Caller, key: string, request: PutUiStateRequest): Promise<UiStateEntry> =>
      asMember(db, caller, async ({ organizationId, userId }) => {
        const at = now();
        const expiresAt = request.expiresIn === undefined ? null : new Date(at.getTime() + request.expiresIn * 1000);
        await repository.deleteExpiredUiStates(organizationId, userId, at);
        return toEntry(
          await repository.upsertUiState(organizationId, userId, key, {
            stateValue: request.stateValue,
            expiresAt,
            now: at,
          }),
        );
      }),

    deleteUiState: (caller: Caller, key: string): Promise<{ success: true }> =>
      asMember(db, caller, async ({ organizationId, userId }) => {
        await repository.deleteUiState(organizationId, userId, key);
        return { success: true as const };
      }),
  };
}

export type PreferencesService = ReturnType<typeof createPreferencesService>;
