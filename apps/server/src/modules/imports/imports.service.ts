import { randomUUID } from 'node:crypto';
import {
  IMPORT_ERRORS_LISTED,
  IMPORT_PREVIEW_ROWS,
  TODO_DEFAULT_DUE_DAYS,
  addDays,
  fiscalQuarterOf,
  fiscalQuarterRange,
  toIsoDate,
  type ImportForm,
  type ImportKind,
  type ImportPreview,
  type ImportResult,
  type ImportStage,
} from '@keel/contract';
import type { Database } from '../../db/database.js';
import { publishByTeam, type ChangeBus } from '../../realtime/change-bus.js';
import { readSpreadsheet, type Spreadsheet } from '../../spreadsheet/index.js';
import { recordAuditEvent } from '../audit/index.js';
import {
  adminRequired,
  asAdmin,
  asReader,
  asWriter,
  fiscalYearStartMonth,
  isAdmin,
  type Caller,
  type MemberScope,
  type RequestMeta,
} from '../organizations/index.js';
import { resolveMapping } from './import-mapping.js';
import { personKey } from './import-values.js';
import {
  checkRows,
  type Directory,
  type Drafts,
  type IssueDraft,
  type PriorityDraft,
  type TodoDraft,
} from './import-rows.js';
import * as errors from './imports.errors.js';
import * as repository from './imports.repository.js';

export interface ImportsServiceDeps {
  db: Database;
  changes: ChangeBus;
}

export interface ImportUpload {
  fileName: string;
  content: Buffer;
  form: ImportForm;
}

export type ImportProgress = (stage: ImportStage, done: number, total: number) => void;

/** Which business object each import creates, as named on the change bus and in query keys. */
const ENTITY = { todos: 'todo', issues: 'issue', priorities: 'priority' } as const;

const midnight = (date: string | null) => (date ? new Date(`${date}T00:00:00Z`) : null);
const createdAtOf = (draft: { createdAt: Date | null }) => (draft.createdAt ? { createdAt: draft.createdAt } : {});

/**
 * Importing writes: observers may not. The to-dos import is an admin tool (`/admin/import-todos` in
 * the spec); priorities and issues are imported by anyone who may create them.
 */
function mayImport(kind: ImportKind, member: MemberScope): MemberScope {
  if (kind === 'todos' && !isAdmin(member.role)) throw adminRequired();
  if (member.role === 'observer') throw errors.observerReadOnly();
  return member;
}

type Written = { created: number; milestones: number; rows: { id: string; teamId: string }[] };

/** The members chosen for unknown owners, each checked to be an active member of the organization. */
function ownerChoicesOf(choices: Record<string, string | null> | undefined, directory: Directory) {
  const active = new Set<string>();
  for (const entry of directory.people.values()) if (entry !== 'ambiguous' && entry.active) active.add(entry.userId);
  const resolved = new Map<string, string | null>();
  for (const [name, userId] of Object.entries(choices ?? {})) {
    if (userId !== null && !active.has(userId)) throw errors.unknownOwnerChoice(name);
    resolved.set(personKey(name), userId);
  }
  return resolved;
}

export function createImportsService(deps: ImportsServiceDeps) {
  const { db, changes } = deps;

  /** Role first (cheap), so nobody without the right spends the server's time parsing their file. */
  const authorize = (caller: Caller, kind: ImportKind) =>
    asReader(db, caller, async (member) => mayImport(kind, member));

  const check = async (
    kind: ImportKind,
    sheet: Spreadsheet,
    upload: ImportUpload,
    organizationId: string,
    onCheck?: (done: number, total: number) => void,
  ) => {
    const mapping = resolveMapping(kind, sheet.sheets, upload.form.mapping);
    const directory = await repository.loadDirectory(organizationId, upload.form.teamId);
    if (!directory) throw errors.teamNotFound();
    const owners = ownerChoicesOf(upload.form.mapping?.owners, directory);
    return { mapping, ...checkRows(kind, sheet.sheets, mapping, directory, owners, onCheck) };
  };

  const writeTodos = async (
    organizationId: string,
    userId: string,
    rows: TodoDraft[],
    onChunk: (n: number) => void,
  ): Promise<Written> => {
    const defaultDue = addDays(toIsoDate(new Date()), TODO_DEFAULT_DUE_DAYS);
    const inserts = rows.flatMap((draft) => {
      const groupId = draft.ownerIds.length > 1 ? randomUUID() : null;
      return draft.ownerIds.map((ownerId) => ({
        teamId: draft.teamId,
        ownerId,
        title: draft.title,
        details: draft.details,
        isPrivate: false,
        dueDate: draft.dueDate ?? defaultDue,
        status: draft.doneOn ? ('done' as const) : ('open' as const),
        doneAt: midnight(draft.doneOn),
        groupId,
        createdById: userId,
        ...createdAtOf(draft),
      }));
    });
    const ids = await repository.insertTodoRows(organizationId, inserts, onChunk);
    return {
      created: ids.length,
      milestones: 0,
      rows: ids.map((id, index) => ({ id, teamId: inserts[index]!.teamId })),
    };
  };

  /** New open issues go last in their list, as a created one does; a rank is kept only while free. */
  const writeIssues = async (
    organizationId: string,
    userId: string,
    rows: IssueDraft[],
    onChunk: (n: number) => void,
  ): Promise<Written> => {
    const state = await repository.issueListState(organizationId);
    const ends = new Map(state.map((row) => [`${row.teamId}:${row.horizon}`, row.maxPosition]));
    const ranks = new Map<string, Set<number>>();
    for (const row of state) ranks.set(row.teamId, new Set([...(ranks.get(row.teamId) ?? []), ...row.ranks]));
    const inserts = rows.map((draft) => {
      const open = draft.solvedOn === null;
      let position = 0;
      let priorityRank: number | null = null;
      if (open) {
        const key = `${draft.teamId}:${draft.horizon}`;
        position = (ends.get(key) ?? 0) + 1;
        ends.set(key, position);
        const held = ranks.get(draft.teamId) ?? new Set<number>();
        if (draft.rank !== null && !held.has(draft.rank)) {
          priorityRank = draft.rank;
          ranks.set(draft.teamId, held.add(draft.rank));
        }
      }
      return {
        teamId: draft.teamId,
        title: draft.title,
        description: draft.description,
        raisedById: userId,
        ownerId: draft.ownerId,
        horizon: draft.horizon,
        priorityRank,
        position,
        status: open ? ('open' as const) : ('solved' as const),
        solvedAt: midnight(draft.solvedOn),
        solvedById: open ? null : userId,
        archivedAt: midnight(draft.archivedOn),
        ...createdAtOf(draft),
      };
    });
    const ids = await repository.insertIssueRows(organizationId, inserts, onChunk);
    return {
      created: ids.length,
      milestones: 0,
      rows: ids.map((id, index) => ({ id, teamId: inserts[index]!.teamId })),
    };
  };

  /** Without a due date a priority is due at the end of the current quarter, as one created on screen. */
  const writePriorities = async (
    organizationId: string,
    userId: string,
    rows: PriorityDraft[],
    onChunk: (n: number) => void,
  ): Promise<Written> => {
    const startMonth = await fiscalYearStartMonth(organizationId);
    const quarterEnd = fiscalQuarterRange(fiscalQuarterOf(new Date(), startMonth), startMonth).end;
    const now = new Date();
    const inserts = rows.map((draft) => {
      const dueDate = draft.dueDate ?? quarterEnd;
      const status = draft.completedOn ? ('complete' as const) : (draft.status ?? ('on_track' as const));
      return {
        teamId: draft.teamId,
        ownerId: draft.ownerId,
        title: draft.title,
        description: draft.description,
        scope: draft.scope,
        ...fiscalQuarterOf(midnight(dueDate)!, startMonth),
        dueDate,
        status,
        progressType: 'status' as const,
        completedAt: status === 'complete' ? (midnight(draft.completedOn) ?? now) : null,
        createdById: userId,
        ...createdAtOf(draft),
      };
    });
    const total = rows.length + rows.reduce((sum, row) => sum + row.milestones.length, 0);
    const ids = await repository.insertPriorityRows(organizationId, inserts, onChunk);
    const milestoneInserts = rows.flatMap((draft, index) =>
      draft.milestones.map((milestone, position) => ({
        priorityId: ids[index]!,
        ownerId: milestone.ownerId ?? draft.ownerId,
        title: milestone.title,
        dueDate: milestone.dueDate,
        done: milestone.doneOn !== null,
        doneAt: midnight(milestone.doneOn),
        position,
      })),
    );
    await repository.insertMilestoneRows(organizationId, milestoneInserts, (n) =>
      onChunk(Math.min(ids.length + n, total)),
    );
    return {
      created: ids.length,
      milestones: milestoneInserts.length,
      rows: ids.map((id, index) => ({ id, teamId: inserts[index]!.teamId })),
    };
  };

  const write = (organizationId: string, userId: string, drafts: Drafts, onChunk: (n: number) => void) =>
    drafts.kind === 'todos'
      ? writeTodos(organizationId, userId, drafts.rows, onChunk)
      : drafts.kind === 'issues'
        ? writeIssues(organizationId, userId, drafts.rows, onChunk)
        : writePriorities(organizationId, userId, drafts.rows, onChunk);

  const rowsToWrite = (drafts: Drafts) =>
    drafts.kind === 'todos'
      ? drafts.rows.reduce((sum, row) => sum + row.ownerIds.length, 0)
      : drafts.kind === 'issues'
        ? drafts.rows.length
        : drafts.rows.reduce((sum, row) => sum + 1 + row.milestones.length, 0);

  return {
    /** The file read, the mapping suggested (or the one given) and every row checked; nothing written. */
    preview: async (caller: Caller, kind: ImportKind, upload: ImportUpload): Promise<ImportPreview> => {
      await authorize(caller, kind);
      const sheet = await readSpreadsheet(upload);
      return asReader(db, caller, async (member) => {
        mayImport(kind, member);
        const checked = await check(kind, sheet, upload, member.organizationId);
        const milestoneSheet = sheet.sheets.find((candidate) => candidate.name === checked.mapping.milestoneSheet);
        return {
          kind,
          fileName: upload.fileName,
          format: sheet.format,
          sheets: sheet.sheets.map(({ name, headers, rows }) => ({ name, headers, rowCount: rows.length })),
          mapping: checked.mapping,
          totalRows: checked.values.length,
          milestoneRows: milestoneSheet?.rows.length ?? 0,
          rows: checked.values.slice(0, IMPORT_PREVIEW_ROWS),
          errors: checked.errors.slice(0, IMPORT_ERRORS_LISTED),
          errorCount: checked.errors.length,
          importableRows: checked.drafts.rows.length,
          importableMilestones: checked.importableMilestones,
          unmatchedOwners: checked.unmatchedOwners,
        };
      });
    },

    /**
     * Re-checks the whole file and writes every row without a problem in one transaction; the rows
     * with one are left out and listed with why. A file with no row to write is refused whole.
     * Multi-row inserts in chunks; one audit event; one change notice per team.
     */
    commit: async (
      caller: Caller,
      kind: ImportKind,
      upload: ImportUpload,
      meta: RequestMeta,
      progress: ImportProgress = () => {},
    ): Promise<ImportResult> => {
      await authorize(caller, kind);
      progress('reading', 0, 1);
      const sheet = await readSpreadsheet(upload);
      progress('reading', 1, 1);
      const guard = kind === 'todos' ? asAdmin : asWriter;
      const written = await guard(db, caller, async (member) => {
        const { organizationId, userId } = member;
        const checked = await check(kind, sheet, upload, organizationId, (done, total) =>
          progress('checking', done, total),
        );
        if (checked.drafts.rows.length === 0) {
          throw errors.invalidRows(checked.errors.slice(0, IMPORT_ERRORS_LISTED), checked.errors.length);
        }
        const total = rowsToWrite(checked.drafts);
        progress('writing', 0, total);
        const result = await write(organizationId, userId, checked.drafts, (done) => progress('writing', done, total));
        await recordAuditEvent(organizationId, {
          actorUserId: userId,
          action: `import.${kind}`,
          targetType: ENTITY[kind],
          summary: {
            fileName: upload.fileName,
            created: result.created,
            milestones: result.milestones,
            skippedRows: checked.skippedRows,
            skippedMilestones: checked.skippedMilestones,
          },
          ...meta,
        });
        return { ...result, checked };
      });
      publishByTeam(
        changes,
        { organizationId: caller.organizationId, entity: ENTITY[kind], action: 'created', actorUserId: caller.userId },
        written.rows,
      );
      return {
        kind,
        created: written.created,
        milestones: written.milestones,
        teamIds: [...new Set(written.rows.map((row) => row.teamId))],
        skippedRows: written.checked.skippedRows,
        skippedMilestones: written.checked.skippedMilestones,
        skipped: written.checked.errors.slice(0, IMPORT_ERRORS_LISTED),
      };
    },
  };
}

export type ImportsService = ReturnType<typeof createImportsService>;
