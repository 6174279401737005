import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { cx } from './cx';

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: ReactNode;
}

export const Checkbox = forwardRef<HTMLInputElement, CheckboxProps>(function Checkbox(
  { label, id, className, ...rest },
  ref,
) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    // On a touch screen the label grows to a 44 px tap target (the box is clicked through it).
    <div className={cx('flex items-start gap-2 pointer-coarse:items-center', className)}>
      <input
        ref={ref}
        id={inputId}
        type="checkbox"
        className="mt-0.5 size-4 shrink-0 rounded border-slate-400 pointer-coarse:mt-0 accent-blue-700 dark:accent-blue-400"
        {...rest}
      />
      <label htmlFor={inputId} className="text-sm text-slate-800 pointer-coarse:py-3 dark:text-slate-200">
        {label}
      </label>
    </div>
  );
});
