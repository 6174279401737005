import {
  ISSUE_DESCRIPTION_MAX,
  ISSUE_TITLE_MAX,
  MILESTONE_TITLE_MAX,
  MILESTONES_PER_PRIORITY_MAX,
  PRIORITY_DESCRIPTION_MAX,
  PRIORITY_TITLE_MAX,
  TODO_DETAILS_MAX,
  TODO_OWNERS_MAX,
  TODO_TITLE_MAX,
  toIsoDate,
  type ImportKind,
  type ImportRowError,
  type IssueHorizon,
  type PriorityScope,
  type PriorityStatus,
  type ResolvedImportMapping,
  type UnmatchedOwner,
} from '@keel/contract';
import type { Sheet } from '../../spreadsheet/index.js';
import { cellReader } from './import-mapping.js';
import {
  parseDate,
  parseDone,
  parseIssuePriority,
  parseLevel,
  parseStatus,
  personKey,
  splitOwners,
  type Parsed,
} from './import-values.js';

/** Who and what names resolve to, loaded once per import (never one query per row). */
export interface Directory {
  /** Keys are lower-cased e-mails and full names; 'ambiguous' when two members share a name. */
  people: Map<string, { userId: string; active: boolean } | 'ambiguous'>;
  teams: Map<string, string>;
  defaultTeamId: string;
}

interface Base {
  rowNumber: number;
  title: string;
  teamId: string;
  createdAt: Date | null;
}
export interface TodoDraft extends Base {
  details: string;
  ownerIds: string[];
  dueDate: string | null;
  doneOn: string | null;
}
export interface IssueDraft extends Base {
  description: string;
  ownerId: string | null;
  horizon: IssueHorizon;
  rank: 1 | 2 | 3 | null;
  solvedOn: string | null;
  archivedOn: string | null;
}
export interface MilestoneDraft {
  rowNumber: number;
  title: string;
  ownerId: string | null;
  dueDate: string | null;
  doneOn: string | null;
}
export interface PriorityDraft extends Base {
  description: string;
  ownerId: string;
  dueDate: string | null;
  completedOn: string | null;
  scope: PriorityScope;
  status: PriorityStatus | null;
  milestones: MilestoneDraft[];
}
export type Drafts =
  | { kind: 'todos'; rows: TodoDraft[] }
  | { kind: 'issues'; rows: IssueDraft[] }
  | { kind: 'priorities'; rows: PriorityDraft[] };

export interface Checked {
  /** The rows without a problem, ready to write; rows with one are left out. */
  drafts: Drafts;
  /** Every problem, each of which leaves its row out. */
  errors: ImportRowError[];
  /** Mapped text of every main-sheet row, for the preview. */
  values: { rowNumber: number; values: Record<string, string> }[];
  skippedRows: number;
  skippedMilestones: number;
  importableMilestones: number;
  unmatchedOwners: UnmatchedOwner[];
}

/** Owner names (as `personKey`) matching no active member: the member chosen for their rows, or null to leave them out. */
export type OwnerChoices = Map<string, string | null>;

const LIMITS = {
  todos: { title: TODO_TITLE_MAX, body: TODO_DETAILS_MAX },
  issues: { title: ISSUE_TITLE_MAX, body: ISSUE_DESCRIPTION_MAX },
  priorities: { title: PRIORITY_TITLE_MAX, body: PRIORITY_DESCRIPTION_MAX },
};

const midnight = (date: string | null) => (date ? new Date(`${date}T00:00:00Z`) : null);

/**
 * Every row of the file checked against the organization (members, teams) and turned into drafts
 * ready to insert. All problems of all rows are collected; a row with a problem is left out (and a
 * milestone with it when its priority is), the others import. Owners matching no active member take
 * the member chosen for their name, or leave their rows out.
 */
export function checkRows(
  kind: ImportKind,
  sheets: Sheet[],
  mapping: ResolvedImportMapping,
  directory: Directory,
  ownerChoices: OwnerChoices = new Map(),
  onProgress: (done: number, total: number) => void = () => {},
): Checked {
  const main = sheets.find((sheet) => sheet.name === mapping.sheet)!;
  const read = cellReader(main, mapping.columns);
  const errors: ImportRowError[] = [];
  const problem = (sheet: string, rowNumber: number, field: string, message: string) =>
    errors.push({ sheet, rowNumber, field, message });

  const field = <T>(rowNumber: number, name: string, parsed: Parsed<T>, fallback: T): T => {
    if (parsed.ok) return parsed.value;
    problem(main.name, rowNumber, name, parsed.message);
    return fallback;
  };
  const unmatched = new Map<string, UnmatchedOwner>();
  const person = (sheet: string, rowNumber: number, name: string, text: string): string | null => {
    const key = personKey(text);
    const found = directory.people.get(key);
    let message: string;
    if (found === undefined) message = `No member of this organization is named or has the e-mail "${text}"`;
    else if (found === 'ambiguous') message = `Several members are named "${text}"; use their e-mail instead`;
    else if (!found.active) message = `"${text}" is no longer an active member of this organization`;
    else return found.userId;
    const entry = unmatched.get(key) ?? { name: text.trim(), message, rows: 0 };
    entry.rows += 1;
    unmatched.set(key, entry);
    const chosen = ownerChoices.get(key);
    if (chosen) return chosen;
    problem(sheet, rowNumber, name, chosen === null ? `Left out, as chosen for the owner "${text}"` : message);
    return null;
  };
  const text = (rowNumber: number, cells: string[], name: string, max: number, required: boolean) => {
    const value = read(cells, name);
    if (required && value === '') problem(main.name, rowNumber, name, 'Title is required');
    if (value.length > max)
      problem(
        main.name,
        rowNumber,
        name,
        `Must be at most ${max.toLocaleString('en-US')} characters (this one has ${value.length.toLocaleString('en-US')})`,
      );
    return value;
  };

  const values: Checked['values'] = [];
  const todos: TodoDraft[] = [];
  const issues: IssueDraft[] = [];
  const priorities: PriorityDraft[] = [];
  const total = main.rows.length;
  main.rows.forEach(({ rowNumber, cells }, index) => {
    if (index % 1000 === 0) onProgress(index, total);
    values.push({
      rowNumber,
      values: Object.fromEntries(Object.keys(mapping.columns).map((name) => [name, read(cells, name)])),
    });
    const title = text(rowNumber, cells, 'title', LIMITS[kind].title, true);
    const bodyField = kind === 'todos' ? 'details' : 'description';
    const body = text(rowNumber, cells, bodyField, LIMITS[kind].body, false);
    const teamName = read(cells, 'team');
    let teamId = directory.defaultTeamId;
    if (teamName !== '') {
      const found = directory.teams.get(teamName.trim().toLowerCase());
      if (found) teamId = found;
      else problem(main.name, rowNumber, 'team', `No active team is named "${teamName}"`);
    }
    const createdAt = midnight(field(rowNumber, 'createdDate', parseDate(read(cells, 'createdDate')), null));
    const ownerText = read(cells, 'owner');
    const base = { rowNumber, title, teamId, createdAt };

    if (kind === 'todos') {
      const names = splitOwners(ownerText, (key) => directory.people.has(key));
      if (names.length === 0) problem(main.name, rowNumber, 'owner', 'Owner is required');
      if (names.length > TODO_OWNERS_MAX) problem(main.name, rowNumber, 'owner', `At most ${TODO_OWNERS_MAX} owners`);
      const ownerIds = names
        .map((name) => person(main.name, rowNumber, 'owner', name))
        .filter((id): id is string => id !== null);
      todos.push({
        ...base,
        details: body,
        ownerIds: [...new Set(ownerIds)],
        dueDate: field(rowNumber, 'dueDate', parseDate(read(cells, 'dueDate')), null),
        doneOn: field(rowNumber, 'completedOn', parseDate(read(cells, 'completedOn')), null),
      });
    } else if (kind === 'issues') {
      const fromPriority = parseIssuePriority(read(cells, 'priority'));
      const fromHorizon = parseIssuePriority(read(cells, 'horizon')).horizon;
      issues.push({
        ...base,
        description: body,
        ownerId: ownerText === '' ? null : person(main.name, rowNumber, 'owner', ownerText),
        horizon: fromHorizon ?? fromPriority.horizon ?? 'short_term',
        rank: fromPriority.rank,
        solvedOn: field(rowNumber, 'completedOn', parseDate(read(cells, 'completedOn')), null),
        archivedOn: field(rowNumber, 'archivedDate', parseDate(read(cells, 'archivedDate')), null),
      });
    } else {
      if (ownerText === '') problem(main.name, rowNumber, 'owner', 'Owner is required');
      priorities.push({
        ...base,
        description: body,
        ownerId: (ownerText === '' ? null : person(main.name, rowNumber, 'owner', ownerText)) ?? '',
        dueDate: field(rowNumber, 'dueDate', parseDate(read(cells, 'dueDate')), null),
        completedOn: field(rowNumber, 'completedOn', parseDate(read(cells, 'completedOn')), null),
        scope: field(rowNumber, 'level', parseLevel(read(cells, 'level')), null) ?? 'team',
        status: field(rowNumber, 'status', parseStatus(read(cells, 'status')), null),
        milestones: [],
      });
    }
  });
  onProgress(total, total);

  // Every problem so far is the main sheet's: those rows are left out.
  const leftOut = new Set(errors.map((error) => error.rowNumber));
  let milestoneCounts = { attached: 0, skipped: 0 };
  if (kind === 'priorities' && mapping.milestoneSheet) {
    const sheet = sheets.find((candidate) => candidate.name === mapping.milestoneSheet)!;
    milestoneCounts = attachMilestones(
      sheet,
      mapping.milestoneColumns,
      priorities,
      leftOut,
      () => errors.length,
      (rowNumber, name, message) => problem(sheet.name, rowNumber, name, message),
      (rowNumber, name, value) => person(sheet.name, rowNumber, name, value),
    );
  }
  errors.sort((a, b) => (a.sheet === b.sheet ? a.rowNumber - b.rowNumber : a.sheet === main.name ? -1 : 1));
  const kept = <T extends Base>(rows: T[]) => rows.filter((row) => !leftOut.has(row.rowNumber));
  const drafts: Drafts =
    kind === 'todos'
      ? { kind, rows: kept(todos) }
      : kind === 'issues'
        ? { kind, rows: kept(issues) }
        : { kind, rows: kept(priorities) };
  return {
    drafts,
    errors,
    values,
    skippedRows: leftOut.size,
    skippedMilestones: milestoneCounts.skipped,
    importableMilestones: milestoneCounts.attached,
    unmatchedOwners: [...unmatched.values()],
  };
}

/**
 * Milestones join their priority by its title (case-insensitive); the first priority of that title
 * wins. A milestone with a problem, or whose priority is left out, is left out (and says why).
 */
function attachMilestones(
  sheet: Sheet,
  columns: Record<string, string | null>,
  priorities: PriorityDraft[],
  leftOutPriorities: ReadonlySet<number>,
  problemCount: () => number,
  problem: (rowNumber: number, field: string, message: string) => void,
  person: (rowNumber: number, field: string, text: string) => string | null,
): { attached: number; skipped: number } {
  let attached = 0;
  let skipped = 0;
  const read = cellReader(sheet, columns);
  const byTitle = new Map<string, PriorityDraft>();
  for (const priority of priorities) {
    const titleKey = priority.title.trim().toLowerCase();
    if (titleKey !== '' && !byTitle.has(titleKey)) byTitle.set(titleKey, priority);
  }
  for (const { rowNumber, cells } of sheet.rows) {
    const problemsBefore = problemCount();
    const parentTitle = read(cells, 'priority');
    const parent = byTitle.get(parentTitle.trim().toLowerCase());
    if (parentTitle === '') problem(rowNumber, 'priority', 'Name the priority this milestone belongs to');
    else if (!parent) problem(rowNumber, 'priority', `No priority titled "${parentTitle}" in this file`);
    else if (leftOutPriorities.has(parent.rowNumber))
      problem(rowNumber, 'priority', `Left out with its priority (row ${parent.rowNumber}), which has a problem`);
    const title = read(cells, 'title');
    if (title === '') problem(rowNumber, 'title', 'Title is required');
    if (title.length > MILESTONE_TITLE_MAX)
      problem(rowNumber, 'title', `Must be at most ${MILESTONE_TITLE_MAX} characters`);
    const ownerText = read(cells, 'owner');
    const date = (name: string) => {
      const parsed = parseDate(read(cells, name));
      if (parsed.ok) return parsed.value;
      problem(rowNumber, name, parsed.message);
      return null;
    };
    const completedOn = date('completedOn');
    const done = parseDone(read(cells, 'done'));
    if (!done.ok) problem(rowNumber, 'done', done.message);
    const milestone: MilestoneDraft = {
      rowNumber,
      title,
      ownerId: ownerText === '' ? null : person(rowNumber, 'owner', ownerText),
      dueDate: date('dueDate'),
      // Marked done without a date: done as of the import.
      doneOn: completedOn ?? (done.ok && done.value ? toIsoDate(new Date()) : null),
    };
    if (parent && parent.milestones.length >= MILESTONES_PER_PRIORITY_MAX) {
      problem(rowNumber, 'priority', `A priority holds at most ${MILESTONES_PER_PRIORITY_MAX} milestones`);
    }
    if (parent && problemCount() === problemsBefore) {
      parent.milestones.push(milestone);
      attached += 1;
    } else {
      skipped += 1;
    }
  }
  return { attached, skipped };
}
