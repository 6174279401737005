import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { ImportPreview } from '@keel/contract';
import { ColumnUse } from './ColumnUse';

afterEach(cleanup);

const preview = (overrides: Partial<ImportPreview> = {}): ImportPreview => ({
  kind: 'priorities',
  fileName: 'ninety-rocks.xlsx',
  format: 'xlsx',
  sheets: [
    { name: 'Rocks', headers: ['Title', 'Owner', 'Milestones', 'Due Date'], rowCount: 2 },
    { name: 'Milestones', headers: ['Rock', 'Title', 'Done'], rowCount: 3 },
    { name: 'Notes', headers: ['Text'], rowCount: 1 },
  ],
  mapping: {
    sheet: 'Rocks',
    columns: { title: 'Title', owner: 'Owner', dueDate: 'Due Date', description: null },
    milestoneSheet: 'Milestones',
    milestoneColumns: { priority: 'Rock', title: 'Title', done: null },
  },
  totalRows: 2,
  milestoneRows: 3,
  rows: [],
  errors: [],
  errorCount: 0,
  importableRows: 2,
  importableMilestones: 3,
  unmatchedOwners: [],
  ...overrides,
});

const itemsOf = (name: string) =>
  within(screen.getByRole('list', { name }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

describe('ColumnUse', () => {
  it('lists every column of the sheets read with what it becomes, and names the ignored ones and sheets', () => {
    render(
      <ColumnUse
        preview={preview()}
        labelOf={(field, part) => (part === 'milestones' && field === 'priority' ? 'Big Goal' : field)}
      />,
    );
    expect(itemsOf('Columns of Rocks')).toEqual([
      'Rocks: Title → imported as title',
      'Rocks: Owner → imported as owner',
      'Rocks: Milestones (not imported)',
      'Rocks: Due Date → imported as dueDate',
    ]);
    expect(itemsOf('Columns of Milestones')).toEqual([
      'Milestones: Rock → imported as Big Goal',
      'Milestones: Title → imported as title',
      'Milestones: Done (not imported)',
    ]);
    expect(screen.getByText('Not imported: the sheet Notes (1 row).')).toBeTruthy();
  });

  it('names the column alone for a one-sheet file, with the standard field names', () => {
    render(
      <ColumnUse
        preview={preview({
          kind: 'issues',
          sheets: [{ name: 'import', headers: ['Name', 'Who', 'Votes'], rowCount: 1 }],
          mapping: {
            sheet: 'import',
            columns: { title: 'Name', owner: 'Who' },
            milestoneSheet: null,
            milestoneColumns: {},
          },
        })}
      />,
    );
    expect(itemsOf('Columns of import')).toEqual([
      'Name → imported as Title',
      'Who → imported as Owner',
      'Votes (not imported)',
    ]);
    expect(screen.queryByText(/the sheet/)).toBeNull();
  });
});
