import { useId, useState, type DragEvent } from 'react';
import Upload from 'lucide-react/icons/upload';
import { cx } from '../../../ui/cx';

const ACCEPT = '.csv,.tsv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

interface FilePickerProps {
  file: File | null;
  onFile: (file: File) => void;
  disabled?: boolean;
}

/**
 * Drop a file on the zone or pick one. The native file input stays in the tab order (visually hidden
 * inside its label), so a keyboard opens the picker with Enter or Space like any file field.
 */
export function FilePicker({ file, onFile, disabled = false }: FilePickerProps) {
  const id = useId();
  const [dragging, setDragging] = useState(false);
  const onDrop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    setDragging(false);
    const dropped = event.dataTransfer.files[0];
    if (dropped && !disabled) onFile(dropped);
  };
  return (
    <label
      htmlFor={id}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      className={cx(
        'flex cursor-pointer flex-col items-center gap-2 rounded-lg border-2 border-dashed p-6 text-center text-sm',
        'focus-within:ring-2 focus-within:ring-brand',
        dragging ? 'border-brand bg-slate-50 dark:bg-slate-800' : 'border-slate-300 dark:border-slate-600',
      )}
    >
      <Upload aria-hidden="true" className="size-6 text-slate-500" />
      <span className="font-medium text-slate-900 dark:text-white">
        {file ? file.name : 'Drop a CSV or Excel (.xlsx) file here, or choose one'}
      </span>
      <span className="text-slate-600 dark:text-slate-300">
        Up to 10 MB and 10,000 rows. The first row names the columns.
      </span>
      <input
        id={id}
        type="file"
        accept={ACCEPT}
        aria-label="Spreadsheet file"
        disabled={disabled}
        className="sr-only"
        onChange={(event) => {
          const picked = event.target.files?.[0];
          if (picked) onFile(picked);
          event.target.value = '';
        }}
      />
    </label>
  );
}
