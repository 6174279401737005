import { IMPORT_FIELD_LABELS, type ImportField, type ImportPreview } from '@keel/contract';

interface ColumnUseProps {
  preview: ImportPreview;
  /** Names a field as shown (terminology for the milestones' parent). */
  labelOf?: (field: string, sheet: 'main' | 'milestones') => string;
}

const defaultLabel = (field: string) => IMPORT_FIELD_LABELS[field as ImportField] ?? field;

/** Which field each header feeds, by header. */
function usesOf(columns: Record<string, string | null>) {
  const uses = new Map<string, string[]>();
  for (const [field, header] of Object.entries(columns)) {
    if (header !== null) uses.set(header, [...(uses.get(header) ?? []), field]);
  }
  return uses;
}

/**
 * Every column of every sheet of the file, with what it is imported as, or that it is not imported:
 * nothing the file holds is dropped without the person seeing it.
 */
export function ColumnUse({ preview, labelOf = defaultLabel }: ColumnUseProps) {
  const { mapping, sheets } = preview;
  const used = (name: string) => name === mapping.sheet || name === mapping.milestoneSheet;
  const unusedSheets = sheets.filter((sheet) => !used(sheet.name));
  return (
    <section aria-labelledby="import-column-use" className="grid gap-3">
      <h3 id="import-column-use" className="text-sm font-semibold text-slate-900 dark:text-white">
        What each column becomes
      </h3>
      {sheets
        .filter((sheet) => used(sheet.name))
        .map((sheet) => {
          const part = sheet.name === mapping.sheet ? 'main' : 'milestones';
          const uses = usesOf(part === 'main' ? mapping.columns : mapping.milestoneColumns);
          return (
            <ul
              key={sheet.name}
              aria-label={`Columns of ${sheet.name}`}
              className="grid gap-1 text-sm sm:grid-cols-2 lg:grid-cols-3"
            >
              {sheet.headers.map((header) => {
                const fields = uses.get(header);
                return (
                  <li key={header} className="flex flex-wrap gap-x-1">
                    <span className="font-medium text-slate-900 dark:text-white">
                      {sheets.length > 1 ? `${sheet.name}: ` : ''}
                      {header}
                    </span>{' '}
                    {fields ? (
                      <span className="text-slate-600 dark:text-slate-300">
                        <span aria-hidden="true">→ </span>
                        <span className="sr-only">imported as </span>
                        {fields.map((field) => labelOf(field, part)).join(', ')}
                      </span>
                    ) : (
                      <span className="text-amber-800 dark:text-amber-300">(not imported)</span>
                    )}
                  </li>
                );
              })}
            </ul>
          );
        })}
      {unusedSheets.length > 0 ? (
        <p className="text-sm text-amber-800 dark:text-amber-300">
          Not imported:{' '}
          {unusedSheets
            .map((sheet) => `the sheet ${sheet.name} (${sheet.rowCount === 1 ? '1 row' : `${sheet.rowCount} rows`})`)
            .join(', ')}
          .
        </p>
      ) : null}
    </section>
  );
}
