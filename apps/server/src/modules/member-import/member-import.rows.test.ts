import { describe, expect, it } from 'vitest';
import { checkMemberRows, suggestMemberColumns, type MemberDirectory } from './member-import.rows.js';

const SALES = '11111111-1111-4111-8111-111111111111';
const OPS = '22222222-2222-4222-8222-222222222222';
const directory = (): MemberDirectory => ({
  memberEmails: new Set(['ada@example.com']),
  invitedEmails: new Set(['grace@example.com']),
  teams: new Map([
    ['sales', SALES],
    ['operations', OPS],
  ]),
});
const sheetOf = (headers: string[], rows: string[][]) => ({
  name: 'People',
  headers,
  rows: rows.map((cells, index) => ({ rowNumber: index + 2, cells })),
});

describe('member import rows', () => {
  it('finds the columns under the spellings exports use', () => {
    expect(suggestMemberColumns(['Work Email', 'Given name', 'Surname', 'Access', 'Departments'])).toEqual({
      email: 'Work Email',
      firstName: 'Given name',
      lastName: 'Surname',
      role: 'Access',
      teams: 'Departments',
    });
    expect(suggestMemberColumns(['Name'])).toMatchObject({ email: null, teams: null });
  });

  it('reads role words and team lists split by ; or , and tells members from invited people', () => {
    const checked = checkMemberRows(
      sheetOf(
        ['Email', 'Role', 'Teams'],
        [
          ['Alan@Example.com', 'Administrator', 'Sales, operations;Sales'],
          ['viewer@example.com', 'read-only', ''],
          ['ADA@example.com', '', ''],
          ['grace@example.com', '', ''],
          ['+33 1 23 45 67 89', '', ''],
        ],
      ),
      directory(),
      false,
    );
    expect(checked.drafts).toEqual([
      { rowNumber: 2, email: 'alan@example.com', firstName: '', lastName: '', role: 'admin', teamIds: [SALES, OPS] },
      { rowNumber: 3, email: 'viewer@example.com', firstName: '', lastName: '', role: 'observer', teamIds: [] },
    ]);
    expect(checked.rows.map((row) => row.notice)).toEqual([
      null,
      null,
      'Already a member: skipped',
      'Already invited: skipped',
      null,
    ]);
    expect(checked).toMatchObject({ skipped: 2, invalid: 1 });
    expect(checked.errors).toEqual([
      { sheet: 'People', rowNumber: 6, field: 'email', message: '"+33 1 23 45 67 89" is not a valid e-mail address' },
    ]);
  });
});
