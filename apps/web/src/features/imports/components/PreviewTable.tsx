import { IMPORT_FIELD_LABELS, type ImportField, type ImportPreview } from '@keel/contract';

/** The first rows as they will be read: one column per mapped field. Cells are text, never markup. */
export function PreviewTable({ preview, caption }: { preview: ImportPreview; caption: string }) {
  const fields = Object.entries(preview.mapping.columns)
    .filter(([, header]) => header !== null)
    .map(([field]) => field);
  return (
    // Focusable so a keyboard can scroll a wide table sideways.
    <div
      tabIndex={0}
      role="region"
      aria-label={caption}
      className="overflow-x-auto rounded-md border border-slate-200 dark:border-slate-700"
    >
      <table className="min-w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 dark:bg-slate-800">
          <tr>
            <th scope="col" className="px-3 py-2 font-semibold">
              Row
            </th>
            {fields.map((field) => (
              <th key={field} scope="col" className="px-3 py-2 font-semibold">
                {IMPORT_FIELD_LABELS[field as ImportField] ?? field}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {preview.rows.map((row) => (
            <tr key={row.rowNumber} className="border-t border-slate-200 dark:border-slate-700">
              <th scope="row" className="px-3 py-2 font-normal text-slate-500">
                {row.rowNumber}
              </th>
              {fields.map((field) => (
                <td key={field} className="max-w-xs truncate px-3 py-2">
                  {row.values[field] ?? ''}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
