import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { inputClasses } from '../../../ui/Field';

interface ColourFieldProps {
  label: string;
  value: string;
  error?: string | undefined;
  registration: UseFormRegisterReturn;
  onPick: (value: string) => void;
}

/** A colour typed as #hex, with the native picker beside it for those who prefer to pick. */
export function ColourField({ label, value, error, registration, onPick }: ColourFieldProps) {
  const id = useId();
  const valid = /^#[0-9a-f]{6}$/i.test(value);
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800 dark:text-slate-200">
        {label}
      </label>
      <div className="flex items-center gap-2">
        <input
          type="color"
          aria-label={`Pick ${label.toLowerCase()}`}
          value={valid ? value : '#000000'}
          onChange={(event) => onPick(event.target.value)}
          className="h-10 w-12 shrink-0 cursor-pointer rounded border border-slate-300 bg-white p-1 dark:border-slate-600 dark:bg-slate-900"
        />
        <input
          id={id}
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={inputClasses(Boolean(error), 'font-mono')}
          {...registration}
        />
      </div>
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
    </div>
  );
}
