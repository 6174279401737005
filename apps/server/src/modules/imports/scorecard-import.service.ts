import {
  IMPORT_ERRORS_LISTED,
  SCORECARD_IMPORT_ROWS_LISTED,
  periodStartOf,
  todayIn,
  type ImportStage,
  type ScorecardImportForm,
  type ScorecardImportPreview,
  type ScorecardImportResult,
} from '@keel/contract';
import type { Database } from '../../db/database.js';
import type { ChangeBus } from '../../realtime/change-bus.js';
import { readSpreadsheet, type Spreadsheet } from '../../spreadsheet/index.js';
import { recordAuditEvent } from '../audit/index.js';
import { asAdmin, asAdminReader, findOrganization, type Caller, type RequestMeta } from '../organizations/index.js';
import { insertImportedScorecard, scorecardImportState } from '../scorecard/index.js';
import type { Directory, OwnerChoices } from './import-rows.js';
import { personKey } from './import-values.js';
import * as errors from './imports.errors.js';
import { loadDirectory } from './imports.repository.js';
import { resolveScorecardColumns } from './scorecard-import-columns.js';
import { checkScorecardRows, type ScorecardDraft } from './scorecard-import-rows.js';

export interface ScorecardImportUpload {
  fileName: string;
  content: Buffer;
  form: ScorecardImportForm;
}

type Progress = (stage: ImportStage, done: number, total: number) => void;

/** The members chosen for unknown owners, each checked to be an active member of the organization. */
function ownerChoicesOf(choices: Record<string, string | null> | undefined, directory: Directory): OwnerChoices {
  const active = new Set<string>();
  for (const entry of directory.people.values()) if (entry !== 'ambiguous' && entry.active) active.add(entry.userId);
  const resolved: OwnerChoices = new Map();
  for (const [name, userId] of Object.entries(choices ?? {})) {
    if (userId !== null && !active.has(userId)) throw errors.unknownOwnerChoice(name);
    resolved.set(personKey(name), userId);
  }
  return resolved;
}

/** A measurable starts with its first imported value, so its history is accepted; without values, now. */
const startsOnOf = (draft: ScorecardDraft, currentPeriodStart: string) =>
  draft.scores.reduce(
    (earliest, score) => (score.periodStart < earliest ? score.periodStart : earliest),
    currentPeriodStart,
  );

/**
 * Measurables and their history from a Ninety scorecard export or a plain sheet. An administrator's
 * tool (`/admin/import-scorecard`), as the to-dos import: it creates measurables on any team.
 */
export function createScorecardImportService(deps: { db: Database; changes: ChangeBus }) {
  const { db, changes } = deps;

  /** Inside the caller's scope: every row checked against the organization, its calendar and the team. */
  const check = async (
    sheet: Spreadsheet,
    upload: ScorecardImportUpload,
    organizationId: string,
    onCheck?: (done: number, total: number) => void,
  ) => {
    const { teamId, mapping } = upload.form;
    const directory = await loadDirectory(organizationId, teamId);
    if (!directory) throw errors.teamNotFound();
    const organization = await findOrganization(organizationId);
    const calendar = {
      weekStartDay: organization?.weekStartDay ?? 1,
      fiscalYearStartMonth: organization?.fiscalYearStartMonth ?? 1,
      today: todayIn(organization?.timezone ?? 'UTC'),
    };
    const columns = resolveScorecardColumns(sheet.sheets, mapping, calendar);
    const state = await scorecardImportState(organizationId, teamId);
    const currentPeriodStart = periodStartOf(calendar.today, columns.frequency, calendar);
    const checked = checkScorecardRows(
      columns,
      directory,
      ownerChoicesOf(mapping?.owners, directory),
      { currentPeriodStart, existingMeasurables: state.measurableCount },
      onCheck,
    );
    const drafts = checked.drafts.map((draft) => ({
      ...draft,
      startsOn: startsOnOf(draft, periodStartOf(calendar.today, draft.frequency, calendar)),
    }));
    return { columns, checked, drafts, existingGroups: state.groupIdsByName };
  };

  return {
    /** The file read, its layout, frequency and periods found, every row checked; nothing written. */
    preview: async (caller: Caller, upload: ScorecardImportUpload): Promise<ScorecardImportPreview> => {
      await asAdminReader(db, caller, async () => undefined);
      const sheet = await readSpreadsheet(upload);
      return asAdminReader(db, caller, async (member) => {
        const { columns, checked, drafts, existingGroups } = await check(sheet, upload, member.organizationId);
        const newGroups = new Map<string, string>();
        for (const draft of drafts) {
          const key = draft.groupName?.trim().toLowerCase();
          if (key && !existingGroups.has(key) && !newGroups.has(key)) newGroups.set(key, draft.groupName!.trim());
        }
        return {
          fileName: upload.fileName,
          format: sheet.format,
          sheets: sheet.sheets.map(({ name, headers, rows }) => ({ name, headers, rowCount: rows.length })),
          sheet: columns.sheet.name,
          layout: columns.layout,
          frequency: columns.frequency,
          frequencySource: columns.frequencySource,
          columns: columns.columns,
          periods: columns.periods.map(({ header, periodStart, periodEnd }) => ({ header, periodStart, periodEnd })),
          ignoredColumns: columns.ignoredColumns,
          notices: columns.notices,
          totalRows: checked.rows.length,
          importableRows: drafts.length,
          valueCount: drafts.reduce((sum, draft) => sum + draft.scores.length, 0),
          newGroups: [...newGroups.values()],
          rows: checked.rows.slice(0, SCORECARD_IMPORT_ROWS_LISTED),
          errors: checked.errors.slice(0, IMPORT_ERRORS_LISTED),
          errorCount: checked.errors.length,
          unmatchedOwners: checked.unmatchedOwners,
        };
      });
    },

    /**
     * Re-checks the whole file and, in one transaction, creates the groups, the measurables of the
     * rows without a problem and their values; the other rows are left out and listed with why. A
     * file with no row to write is refused whole. One audit event; one change notice after commit.
     */
    commit: async (
      caller: Caller,
      upload: ScorecardImportUpload,
      meta: RequestMeta,
      progress: Progress = () => {},
    ): Promise<ScorecardImportResult> => {
      // Role first (cheap), so nobody without the right spends the server's time parsing their file.
      await asAdminReader(db, caller, async () => undefined);
      progress('reading', 0, 1);
      const sheet = await readSpreadsheet(upload);
      progress('reading', 1, 1);
      const { teamId } = upload.form;
      const outcome = await asAdmin(db, caller, async ({ organizationId, userId }) => {
        const { columns, checked, drafts } = await check(sheet, upload, organizationId, (done, total) =>
          progress('checking', done, total),
        );
        if (drafts.length === 0) {
          throw errors.invalidRows(checked.errors.slice(0, IMPORT_ERRORS_LISTED), checked.errors.length);
        }
        const total = drafts.length + drafts.reduce((sum, draft) => sum + draft.scores.length, 0);
        progress('writing', 0, total);
        const written = await insertImportedScorecard(organizationId, { teamId, userId, measurables: drafts }, (done) =>
          progress('writing', done, total),
        );
        await recordAuditEvent(organizationId, {
          actorUserId: userId,
          action: 'import.scorecard',
          targetType: 'measurable',
          summary: {
            fileName: upload.fileName,
            teamId,
            frequency: columns.frequency,
            created: written.measurableIds.length,
            groupsCreated: written.groupsCreated,
            values: written.values,
            skippedRows: checked.skippedRows,
          },
          ...meta,
        });
        return { columns, checked, written };
      });
      changes.publish({
        organizationId: caller.organizationId,
        teamId,
        entity: 'scorecard',
        ids: outcome.written.measurableIds,
        action: 'created',
        actorUserId: caller.userId,
      });
      return {
        teamId,
        frequency: outcome.columns.frequency,
        created: outcome.written.measurableIds.length,
        groupsCreated: outcome.written.groupsCreated,
        values: outcome.written.values,
        skippedRows: outcome.checked.skippedRows,
        skipped: outcome.checked.errors.slice(0, IMPORT_ERRORS_LISTED),
      };
    },
  };
}

export type ScorecardImportService = ReturnType<typeof createScorecardImportService>;
