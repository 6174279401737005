import { IMPORT_FIELD_LABELS, type ImportField, type ImportPreview, type MilestoneImportField } from '@keel/contract';
import { SelectField } from '../../../ui/FormFields';
import { countOf } from '../../../lib/words';

const NOT_IMPORTED = '';

interface ColumnSelectsProps {
  legend: string;
  fields: readonly string[];
  headers: string[];
  columns: Record<string, string | null>;
  labelOf: (field: string) => string;
  onChange: (field: string, header: string | null) => void;
  disabled: boolean;
}

/** One select per field: which column of the sheet feeds it, or none. */
function ColumnSelects({ legend, fields, headers, columns, labelOf, onChange, disabled }: ColumnSelectsProps) {
  return (
    <fieldset className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      <legend className="mb-2 text-sm font-semibold text-slate-900 dark:text-white">{legend}</legend>
      {fields.map((field) => (
        <SelectField
          key={field}
          label={`${labelOf(field)}${field === 'title' ? ' (required)' : ''}`}
          value={columns[field] ?? NOT_IMPORTED}
          disabled={disabled}
          onChange={(event) => onChange(field, event.target.value === NOT_IMPORTED ? null : event.target.value)}
        >
          <option value={NOT_IMPORTED}>— Not imported —</option>
          {headers.map((header) => (
            <option key={header} value={header}>
              {header}
            </option>
          ))}
        </SelectField>
      ))}
    </fieldset>
  );
}

export type MappingChange =
  | { part: 'sheet'; sheet: string }
  | { part: 'milestoneSheet'; sheet: string | null }
  | { part: 'columns' | 'milestoneColumns'; field: string; header: string | null };

interface MappingFieldsProps {
  preview: ImportPreview;
  fields: readonly ImportField[];
  milestoneFields: readonly MilestoneImportField[] | null;
  /** Terminology: the names of the parent object and of milestones. */
  prioritySingular: string;
  milestonesLabel: string;
  onChange: (change: MappingChange) => void;
  disabled: boolean;
}

/** The sheet(s) to read and the column feeding each field; every change re-previews the file. */
export function MappingFields(props: MappingFieldsProps) {
  const { preview, fields, milestoneFields, onChange, disabled } = props;
  const { mapping, sheets } = preview;
  const headersOf = (name: string | null) => sheets.find((sheet) => sheet.name === name)?.headers ?? [];
  const fieldLabel = (field: string) => IMPORT_FIELD_LABELS[field as ImportField] ?? field;
  return (
    <div className="grid gap-4">
      {sheets.length > 1 ? (
        <div className="grid gap-3 sm:grid-cols-2">
          <SelectField
            label="Sheet to import"
            value={mapping.sheet}
            disabled={disabled}
            onChange={(event) => onChange({ part: 'sheet', sheet: event.target.value })}
          >
            {sheets.map((sheet) => (
              <option key={sheet.name} value={sheet.name}>
                {sheet.name} ({countOf(sheet.rowCount, 'row', 'rows')})
              </option>
            ))}
          </SelectField>
          {milestoneFields ? (
            <SelectField
              label={`${props.milestonesLabel} sheet`}
              value={mapping.milestoneSheet ?? ''}
              disabled={disabled}
              onChange={(event) => onChange({ part: 'milestoneSheet', sheet: event.target.value || null })}
            >
              <option value="">— None —</option>
              {sheets
                .filter((sheet) => sheet.name !== mapping.sheet)
                .map((sheet) => (
                  <option key={sheet.name} value={sheet.name}>
                    {sheet.name} ({countOf(sheet.rowCount, 'row', 'rows')})
                  </option>
                ))}
            </SelectField>
          ) : null}
        </div>
      ) : null}
      <ColumnSelects
        legend="Columns"
        fields={fields}
        headers={headersOf(mapping.sheet)}
        columns={mapping.columns}
        labelOf={fieldLabel}
        disabled={disabled}
        onChange={(field, header) => onChange({ part: 'columns', field, header })}
      />
      {milestoneFields && mapping.milestoneSheet ? (
        <ColumnSelects
          legend={`${props.milestonesLabel} columns`}
          fields={milestoneFields}
          headers={headersOf(mapping.milestoneSheet)}
          columns={mapping.milestoneColumns}
          labelOf={(field) => (field === 'priority' ? props.prioritySingular : fieldLabel(field))}
          disabled={disabled}
          onChange={(field, header) => onChange({ part: 'milestoneColumns', field, header })}
        />
      ) : null}
    </div>
  );
}
