import { IMPORT_FIELD_LABELS, type ImportField, type ImportRowError } from '@keel/contract';

interface RowErrorsProps {
  errors: ImportRowError[];
  count: number;
  /** The main sheet's name: rows of other sheets (milestones) name their sheet. */
  mainSheet: string;
  /** Field names as shown, where an import reads other fields than the business objects' ones. */
  labels?: Record<string, string>;
  /** Replaces "… problems to fix before importing", where rows with problems are left out instead. */
  heading?: string;
}

/** Every problem found, with the row (and sheet) it is on and the field to fix. */
export function RowErrors({ errors, count, mainSheet, labels, heading }: RowErrorsProps) {
  const headingId = 'import-row-errors';
  return (
    <section aria-labelledby={headingId} className="grid gap-2">
      <h2 id={headingId} className="text-base font-semibold text-red-800 dark:text-red-300">
        {heading ??
          `${count === 1 ? '1 problem to fix' : `${count.toLocaleString()} problems to fix`} before importing`}
      </h2>
      <ul className="max-h-72 overflow-y-auto rounded-md border border-red-200 text-sm dark:border-red-900">
        {errors.map((error, index) => (
          <li key={index} className="border-b border-red-100 px-3 py-1.5 last:border-0 dark:border-red-950">
            <span className="font-medium">
              {error.sheet === mainSheet ? '' : `${error.sheet}, `}Row {error.rowNumber}
              {' · '}
              {labels?.[error.field] ?? IMPORT_FIELD_LABELS[error.field as ImportField] ?? error.field}:
            </span>{' '}
            {error.message}
          </li>
        ))}
      </ul>
      {count > errors.length ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">
          The first {errors.length.toLocaleString()} are listed; fix them and check the file again.
        </p>
      ) : null}
    </section>
  );
}
