import {
  MEMBER_IMPORT_FIELDS,
  MEMBER_IMPORT_NAME_MAX,
  roleSchema,
  type ImportRowError,
  type MemberImportField,
  type MemberImportRow,
  type Role,
} from '@keel/contract';
import { z } from 'zod';
import type { Sheet } from '../../spreadsheet/index.js';
import { suggestColumns } from '../imports/index.js';

/** What the organization already holds, loaded once per file (never one query per row). */
export interface MemberDirectory {
  /** Lower-cased e-mails of members, active or deactivated. */
  memberEmails: Set<string>;
  /** Lower-cased e-mails with an open (pending, unexpired) invitation. */
  invitedEmails: Set<string>;
  /** Lower-cased, trimmed team names → id, live teams only. */
  teams: Map<string, string>;
}

/** A row ready to be invited. */
export interface MemberDraft {
  rowNumber: number;
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  teamIds: string[];
}

export interface CheckedMembers {
  columns: Record<MemberImportField, string | null>;
  rows: MemberImportRow[];
  drafts: MemberDraft[];
  errors: ImportRowError[];
  skipped: number;
  invalid: number;
}

const ALIASES: Record<MemberImportField, string[]> = {
  email: ['email', 'e-mail', 'email address', 'e-mail address', 'work email', 'mail', 'user email'],
  firstName: ['first name', 'firstname', 'given name', 'forename', 'first'],
  lastName: ['last name', 'lastname', 'surname', 'family name', 'last'],
  role: ['role', 'access', 'permission', 'user role'],
  teams: ['teams', 'team', 'departments', 'department', 'team names'],
};

/** Each field takes the first header matching one of its spellings, no header feeding two fields. */
export function suggestMemberColumns(headers: string[]): Record<MemberImportField, string | null> {
  return suggestColumns(headers, MEMBER_IMPORT_FIELDS, ALIASES);
}

const emailSchema = z.email().max(254);
/**
 * Cells are never evaluated, so `=HYPERLINK(...)` arrives as that text; a name starting like a
 * formula would run as one when someone exports the member list to a spreadsheet later.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

const ROLE_WORDS: Record<string, Role> = {
  owner: 'owner',
  admin: 'admin',
  administrator: 'admin',
  member: 'member',
  user: 'member',
  observer: 'observer',
  viewer: 'observer',
  'read only': 'observer',
};

const splitTeams = (text: string) =>
  text
    .split(/[;,]/)
    .map((name) => name.trim())
    .filter((name) => name !== '');

/**
 * Every row checked against the file itself (duplicates) and the organization (members, invitations,
 * teams). Rows already a member or invited are skipped with a notice; rows with errors are listed and
 * left out; the rest become drafts. `callerIsOwner`: only an owner hands out the owner role.
 */
export function checkMemberRows(sheet: Sheet, directory: MemberDirectory, callerIsOwner: boolean): CheckedMembers {
  const columns = suggestMemberColumns(sheet.headers);
  const indexes = Object.fromEntries(
    MEMBER_IMPORT_FIELDS.map((field) => [field, columns[field] === null ? -1 : sheet.headers.indexOf(columns[field])]),
  ) as Record<MemberImportField, number>;
  const read = (cells: string[], field: MemberImportField) => (indexes[field] < 0 ? '' : (cells[indexes[field]] ?? ''));

  const errors: ImportRowError[] = [];
  const rows: MemberImportRow[] = [];
  const drafts: MemberDraft[] = [];
  const seen = new Map<string, number>();
  let skipped = 0;
  let invalid = 0;

  for (const { rowNumber, cells } of sheet.rows) {
    const email = read(cells, 'email').trim();
    const firstName = read(cells, 'firstName').trim();
    const lastName = read(cells, 'lastName').trim();
    const roleText = read(cells, 'role').trim();
    const teamNames = splitTeams(read(cells, 'teams'));
    const rowErrors: ImportRowError[] = [];
    const problem = (field: MemberImportField, message: string) =>
      rowErrors.push({ sheet: sheet.name, rowNumber, field, message });

    const lower = email.toLowerCase();
    if (email === '') problem('email', 'The e-mail is missing');
    else if (FORMULA_START.test(email) || !emailSchema.safeParse(email).success)
      problem('email', `"${email.slice(0, 200)}" is not a valid e-mail address`);
    else if (seen.has(lower)) problem('email', `${email} is also on row ${seen.get(lower)}; each person once`);

    for (const [field, value] of [
      ['firstName', firstName],
      ['lastName', lastName],
    ] as const) {
      if (FORMULA_START.test(value))
        problem(field, `"${value.slice(0, 200)}" looks like a spreadsheet formula; names cannot start with = + - or @`);
      else if (value.length > MEMBER_IMPORT_NAME_MAX)
        problem(field, `Names are at most ${MEMBER_IMPORT_NAME_MAX} characters`);
    }

    let role: Role = 'member';
    if (roleText !== '') {
      const word = ROLE_WORDS[roleText.toLowerCase().replace(/[\s_-]+/g, ' ')];
      const parsed = roleSchema.safeParse(word);
      if (!parsed.success)
        problem('role', `"${roleText.slice(0, 100)}" is not a role; use owner, admin, member or observer`);
      else if (parsed.data === 'owner' && !callerIsOwner) problem('role', 'Only an owner can invite owners');
      else role = parsed.data;
    }

    const teamIds: string[] = [];
    for (const name of teamNames) {
      const id = directory.teams.get(name.toLowerCase());
      if (id === undefined) problem('teams', `No team is named "${name.slice(0, 100)}"`);
      else if (!teamIds.includes(id)) teamIds.push(id);
    }

    if (email !== '' && !seen.has(lower)) seen.set(lower, rowNumber);
    const base = { rowNumber, email, firstName, lastName, role: roleText === '' ? role : roleText, teams: teamNames };
    if (rowErrors.length > 0) {
      invalid += 1;
      errors.push(...rowErrors);
      rows.push({ ...base, status: 'invalid', notice: null });
    } else if (directory.memberEmails.has(lower) || directory.invitedEmails.has(lower)) {
      skipped += 1;
      const notice = directory.memberEmails.has(lower) ? 'Already a member: skipped' : 'Already invited: skipped';
      rows.push({ ...base, status: 'skipped', notice });
    } else {
      rows.push({ ...base, role, status: 'new', notice: null });
      drafts.push({ rowNumber, email: lower, firstName, lastName, role, teamIds });
    }
  }
  return { columns, rows, drafts, errors, skipped, invalid };
}
