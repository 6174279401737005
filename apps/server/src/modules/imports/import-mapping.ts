import {
  IMPORT_FIELDS,
  MILESTONE_IMPORT_FIELDS,
  type ImportKind,
  type ImportMapping,
  type ResolvedImportMapping,
} from '@keel/contract';
import type { Sheet } from '../../spreadsheet/index.js';
import * as errors from './imports.errors.js';

const key = (header: string) => header.toLowerCase().replace(/[^a-z0-9]+/g, '');

/**
 * Header spellings each field answers to: our own field names first, then the export columns of the
 * products people move from (Ninety's rocks, issues and to-dos workbooks), then common variants.
 */
const ALIASES: Record<string, string[]> = {
  title: ['title', 'name', 'rock', 'issue', 'todo', 'task', 'priority title', 'subject'],
  details: ['details', 'description', 'notes', 'note'],
  description: ['description', 'details', 'notes', 'note'],
  owner: ['owner', 'owners', 'owner(s)', 'owner name', 'owner email', 'assignee', 'assigned to', 'user'],
  dueDate: ['due date', 'duedate', 'due', 'due on', 'deadline'],
  completedOn: [
    'completed on',
    'completed date',
    'completed',
    'completed at',
    'done on',
    'done at',
    'solved on',
    'resolved on',
  ],
  createdDate: ['created date', 'created', 'created on', 'created at', 'date created'],
  archivedDate: ['archived date', 'archived on', 'archived at', 'archived'],
  team: ['team', 'department', 'team name'],
  level: ['level', 'scope', 'type'],
  status: ['status', 'state'],
  horizon: ['horizon', 'term', 'interval', 'list'],
  priority: ['priority', 'rank'],
};
const MILESTONE_ALIASES: Record<string, string[]> = {
  priority: ['rock', 'rock title', 'rock name', 'priority', 'priority title', 'parent', 'objective'],
  title: ['milestone', 'milestone title', 'milestone name', 'title', 'name'],
  owner: ALIASES.owner!,
  dueDate: ALIASES.dueDate!,
  completedOn: ALIASES.completedOn!,
  done: ['done', 'is done', 'complete', 'status', 'state'],
};

/** Each field takes the first header matching one of its aliases, no header feeding two fields. */
export function suggestColumns(headers: string[], fields: readonly string[], aliases: Record<string, string[]>) {
  const taken = new Set<string>();
  const columns: Record<string, string | null> = {};
  for (const field of fields) {
    const wanted = [field, ...(aliases[field] ?? [])].map(key);
    const header = wanted
      .map((alias) => headers.find((candidate) => key(candidate) === alias && !taken.has(candidate)))
      .find((found) => found !== undefined);
    columns[field] = header ?? null;
    if (header) taken.add(header);
  }
  return columns;
}

const isMilestoneSheet = (sheet: Sheet) => /milestone/i.test(sheet.name);

/**
 * The mapping to use: the caller's choices where given (checked against the file), suggestions for
 * the rest. A named sheet or header that the file does not have is a 400, not a silent blank.
 */
export function resolveMapping(
  kind: ImportKind,
  sheets: Sheet[],
  requested: ImportMapping = {},
): ResolvedImportMapping {
  const find = (name: string) => {
    const sheet = sheets.find((candidate) => candidate.name === name);
    if (!sheet) throw errors.unknownSheet(name);
    return sheet;
  };
  const main = requested.sheet
    ? find(requested.sheet)
    : (sheets.find((sheet) => !isMilestoneSheet(sheet)) ?? sheets[0]!);
  const checkColumns = (
    sheet: Sheet,
    allowed: readonly string[],
    given: Record<string, string | null> | undefined,
    path: string,
  ) => {
    for (const [field, header] of Object.entries(given ?? {})) {
      if (!allowed.includes(field)) throw errors.unknownField(`${path}.${field}`, field);
      if (header !== null && !sheet.headers.includes(header))
        throw errors.unknownHeader(`${path}.${field}`, header, sheet.name);
    }
  };
  const fields = IMPORT_FIELDS[kind];
  checkColumns(main, fields, requested.columns, 'mapping.columns');
  const columns = { ...suggestColumns(main.headers, fields, ALIASES), ...requested.columns };

  let milestoneSheet: Sheet | null = null;
  if (kind === 'priorities') {
    if (requested.milestoneSheet === undefined) {
      milestoneSheet = sheets.find((sheet) => sheet !== main && isMilestoneSheet(sheet)) ?? null;
    } else if (requested.milestoneSheet !== null) {
      milestoneSheet = find(requested.milestoneSheet);
    }
  } else if (requested.milestoneSheet || requested.milestoneColumns) {
    throw errors.milestonesOnlyForPriorities();
  }
  let milestoneColumns: Record<string, string | null> = {};
  if (milestoneSheet) {
    checkColumns(milestoneSheet, MILESTONE_IMPORT_FIELDS, requested.milestoneColumns, 'mapping.milestoneColumns');
    milestoneColumns = {
      ...suggestColumns(milestoneSheet.headers, MILESTONE_IMPORT_FIELDS, MILESTONE_ALIASES),
      ...requested.milestoneColumns,
    };
  }
  return { sheet: main.name, columns, milestoneSheet: milestoneSheet?.name ?? null, milestoneColumns };
}

/** Reads a row's cells by field through the mapping; unmapped fields read as ''. */
export function cellReader(sheet: Sheet, columns: Record<string, string | null>) {
  const indexes = new Map<string, number>();
  for (const [field, header] of Object.entries(columns)) {
    if (header !== null) indexes.set(field, sheet.headers.indexOf(header));
  }
  return (cells: string[], field: string) => {
    const index = indexes.get(field);
    return index === undefined || index < 0 ? '' : (cells[index] ?? '');
  };
}
