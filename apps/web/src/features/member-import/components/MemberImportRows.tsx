import type { MemberImportPreview, MemberImportRow } from '@keel/contract';
import { cx } from '../../../ui/cx';
import { PreviewFrame } from '../../imports/components/PreviewParts';

const STATUS: Record<MemberImportRow['status'], { label: string; classes: string }> = {
  new: { label: 'Will be invited', classes: 'text-green-800 dark:text-green-300' },
  skipped: { label: 'Skipped', classes: 'text-slate-600 dark:text-slate-300' },
  invalid: { label: 'Has problems: left out', classes: 'text-red-800 dark:text-red-300' },
};

interface MemberImportRowsProps {
  preview: MemberImportPreview;
  /** The organization's word for teams (terminology). */
  teamsLabel: string;
}

/** Every listed row as read, with what the import will do with it. Cells are text, never markup. */
export function MemberImportRows({ preview, teamsLabel }: MemberImportRowsProps) {
  const caption = `People in ${preview.fileName}`;
  return (
    <PreviewFrame
      caption={caption}
      className="max-h-[28rem] overflow-auto"
      theadClassName="sticky top-0"
      headings={['Row', 'E-mail', 'First name', 'Last name', 'Role', teamsLabel, 'Status'].map((heading) => (
        <th key={heading} scope="col" className="px-3 py-2 font-semibold">
          {heading}
        </th>
      ))}
      footer={
        preview.totalRows > preview.rows.length ? (
          <p className="px-3 py-2 text-sm text-slate-600 dark:text-slate-300">
            The first {preview.rows.length.toLocaleString()} of {preview.totalRows.toLocaleString()} rows are listed;
            every row is checked.
          </p>
        ) : null
      }
    >
      {preview.rows.map((row) => (
        <tr key={row.rowNumber} className="border-t border-slate-200 dark:border-slate-700">
          <th scope="row" className="px-3 py-2 font-normal text-slate-500">
            {row.rowNumber}
          </th>
          <td className="max-w-xs truncate px-3 py-2">{row.email}</td>
          <td className="max-w-[10rem] truncate px-3 py-2">{row.firstName}</td>
          <td className="max-w-[10rem] truncate px-3 py-2">{row.lastName}</td>
          <td className="px-3 py-2">{row.role}</td>
          <td className="max-w-xs truncate px-3 py-2">{row.teams.join(', ')}</td>
          <td className={cx('px-3 py-2 font-medium', STATUS[row.status].classes)}>
            {row.notice ?? STATUS[row.status].label}
          </td>
        </tr>
      ))}
    </PreviewFrame>
  );
}
