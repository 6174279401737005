import { IMPORT_FIELD_LABELS, type ImportField, type ImportPreview } from '@keel/contract';
import { PreviewFrame } from './PreviewParts';

/** The first rows as they will be read: one column per mapped field. Cells are text, never markup. */
export function PreviewTable({ preview, caption }: { preview: ImportPreview; caption: string }) {
  const fields = Object.entries(preview.mapping.columns)
    .filter(([, header]) => header !== null)
    .map(([field]) => field);
  return (
    <PreviewFrame
      caption={caption}
      className="overflow-x-auto"
      headings={
        <>
          <th scope="col" className="px-3 py-2 font-semibold">
            Row
          </th>
          {fields.map((field) => (
            <th key={field} scope="col" className="px-3 py-2 font-semibold">
              {IMPORT_FIELD_LABELS[field as ImportField] ?? field}
            </th>
          ))}
        </>
      }
    >
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
    </PreviewFrame>
  );
}
