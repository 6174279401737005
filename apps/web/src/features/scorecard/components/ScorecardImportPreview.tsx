import {
  SCORECARD_FREQUENCIES,
  SCORECARD_IMPORT_FIELD_LABELS,
  SCORECARD_IMPORT_FIELDS,
  type ScorecardFrequency,
  type ScorecardImportField,
  type ScorecardImportPreview as Preview,
  type ScorecardImportRow,
} from '@keel/contract';
import { SelectField } from '../../../ui/FormFields';
import { PreviewFrame } from '../../imports/components/PreviewParts';
import { FREQUENCY_TEXT, UNIT_TEXT } from '../measurable-words';

export type ScorecardMappingChange =
  | { part: 'sheet'; sheet: string }
  | { part: 'column'; field: ScorecardImportField; header: string | null }
  | { part: 'frequency'; frequency: ScorecardFrequency | null };

const LAYOUT_TEXT = { ninety: 'Ninety’s scorecard export', plain: 'One row per measurable' } as const;
const FREQUENCY_SOURCE_TEXT = {
  columns: 'read from the dates of the period columns',
  mapping: 'as chosen below',
  default: 'weekly unless you choose otherwise below',
} as const;
const OWNER_MATCH_TEXT = {
  member: '',
  chosen: ' (chosen)',
  unmatched: ' (no member: choose below)',
  left_out: ' (left out)',
} as const;
const NOT_IMPORTED = '';

function Summary({ preview }: { preview: Preview }) {
  const first = preview.periods[0];
  const last = preview.periods.at(-1);
  const facts: [string, string][] = [
    ['File', `${preview.fileName} (${preview.format === 'csv' ? 'CSV' : 'Excel'}), sheet “${preview.sheet}”`],
    ['Format detected', LAYOUT_TEXT[preview.layout]],
    ['Frequency', `${FREQUENCY_TEXT[preview.frequency]}, ${FREQUENCY_SOURCE_TEXT[preview.frequencySource]}`],
    [
      'Periods',
      first && last
        ? `${preview.periods.length.toLocaleString()}: from “${first.header}” (${first.periodStart}) to “${last.header}” (${last.periodEnd})`
        : 'No column reads as a period: measurables are imported without history',
    ],
    [
      'Measurables',
      `${preview.importableRows.toLocaleString()} of ${preview.totalRows.toLocaleString()} rows can be imported, with ${preview.valueCount.toLocaleString()} values`,
    ],
  ];
  if (preview.newGroups.length > 0) facts.push(['New groups', preview.newGroups.join(', ')]);
  if (preview.ignoredColumns.length > 0) facts.push(['Not imported', preview.ignoredColumns.join(', ')]);
  return (
    <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
      {facts.map(([term, detail]) => (
        <div key={term} className="contents">
          <dt className="font-medium text-slate-800 dark:text-slate-200">{term}</dt>
          <dd className="wrap-anywhere text-slate-700 dark:text-slate-300">{detail}</dd>
        </div>
      ))}
    </dl>
  );
}

interface MappingProps {
  preview: Preview;
  disabled: boolean;
  onChange: (change: ScorecardMappingChange) => void;
}

/** The sheet, the header feeding each field, and the frequency when the columns do not tell it. */
function Mapping({ preview, disabled, onChange }: MappingProps) {
  const headers = preview.sheets.find((sheet) => sheet.name === preview.sheet)?.headers ?? [];
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      {preview.sheets.length > 1 ? (
        <SelectField
          label="Sheet"
          value={preview.sheet}
          disabled={disabled}
          onChange={(event) => onChange({ part: 'sheet', sheet: event.target.value })}
        >
          {preview.sheets.map((sheet) => (
            <option key={sheet.name} value={sheet.name}>
              {sheet.name} ({sheet.rowCount.toLocaleString()} rows)
            </option>
          ))}
        </SelectField>
      ) : null}
      {SCORECARD_IMPORT_FIELDS.map((field) => (
        <SelectField
          key={field}
          label={`${SCORECARD_IMPORT_FIELD_LABELS[field]} column`}
          value={preview.columns[field] ?? NOT_IMPORTED}
          disabled={disabled}
          onChange={(event) => onChange({ part: 'column', field, header: event.target.value || null })}
        >
          <option value={NOT_IMPORTED}>Not imported</option>
          {headers.map((header) => (
            <option key={header} value={header}>
              {header}
            </option>
          ))}
        </SelectField>
      ))}
      <SelectField
        label="Frequency"
        value={preview.frequencySource === 'mapping' ? preview.frequency : NOT_IMPORTED}
        disabled={disabled}
        onChange={(event) =>
          onChange({ part: 'frequency', frequency: (event.target.value || null) as ScorecardFrequency | null })
        }
      >
        <option value={NOT_IMPORTED}>As the file tells ({FREQUENCY_TEXT[preview.frequency]})</option>
        {SCORECARD_FREQUENCIES.map((frequency) => (
          <option key={frequency} value={frequency}>
            {FREQUENCY_TEXT[frequency]}
          </option>
        ))}
      </SelectField>
    </div>
  );
}

function RowLine({ row }: { row: ScorecardImportRow }) {
  const cell = 'px-3 py-1.5 align-top';
  return (
    <tr className="border-t border-slate-100 dark:border-slate-800">
      <td className={cell}>{row.rowNumber}</td>
      <td className={`${cell} min-w-40 wrap-anywhere`}>{row.title}</td>
      <td className={cell}>{row.group ?? '—'}</td>
      <td className={cell}>
        {row.ownerName}
        {OWNER_MATCH_TEXT[row.ownerMatch]}
      </td>
      <td className={`${cell} whitespace-nowrap`}>{row.goalText || 'No goal'}</td>
      <td className={cell}>
        {UNIT_TEXT[row.unit]}
        {row.currencyCode ? ` (${row.currencyCode})` : ''}
      </td>
      <td className={`${cell} text-right`}>{row.valueCount.toLocaleString()}</td>
      <td className={cell}>{row.importable ? 'Imported' : 'Left out'}</td>
    </tr>
  );
}

/** What the import found: format, frequency, periods and every measurable with its goal and values. */
export function ScorecardImportPreview({ preview, disabled, onChange }: MappingProps) {
  const headings = ['Row', 'Title', 'Group', 'Owner', 'Goal', 'Unit', 'Values', 'Status'];
  return (
    <div className="grid gap-4">
      <Summary preview={preview} />
      {preview.notices.length > 0 ? (
        <ul className="list-disc pl-5 text-sm text-slate-700 dark:text-slate-200">
          {preview.notices.map((notice) => (
            <li key={notice}>{notice}</li>
          ))}
        </ul>
      ) : null}
      <Mapping preview={preview} disabled={disabled} onChange={onChange} />
      <PreviewFrame
        caption={`Measurables in ${preview.fileName}`}
        className="max-h-96 overflow-auto"
        theadClassName="sticky top-0"
        headings={headings.map((heading) => (
          <th key={heading} scope="col" className="px-3 py-1.5 font-medium text-slate-700 dark:text-slate-200">
            {heading}
          </th>
        ))}
        footer={
          preview.totalRows > preview.rows.length ? (
            <p className="px-3 py-1.5 text-xs text-slate-600 dark:text-slate-400">
              The first {preview.rows.length.toLocaleString()} rows are listed; every row was checked.
            </p>
          ) : null
        }
      >
        {preview.rows.map((row) => (
          <RowLine key={row.rowNumber} row={row} />
        ))}
      </PreviewFrame>
    </div>
  );
}
