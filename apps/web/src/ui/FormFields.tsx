import { useId, type FormEvent, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { Banner } from './Banner';
import { Button } from './Button';
import { LABEL_CLASSES, TextField, inputClasses, type TextFieldProps } from './Field';

interface LabelledProps {
  label: ReactNode;
  id: string | undefined;
  className: string | undefined;
  labelClassName: string | undefined;
  children: (id: string) => ReactNode;
}

/** A control with its label above it, tied by id (the given one or a generated one). */
function Labelled({ label, id, className, labelClassName, children }: LabelledProps) {
  const generated = useId();
  const fieldId = id ?? generated;
  return (
    <div className={className}>
      <label htmlFor={fieldId} className={labelClassName ?? LABEL_CLASSES}>
        {label}
      </label>
      {children(fieldId)}
    </div>
  );
}

export interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: ReactNode;
  /** Extra classes for the select itself (className goes to the wrapper, as with TextField). */
  inputClassName?: string;
  /** Replaces the label's classes (e.g. a smaller label in a filter bar). */
  labelClassName?: string;
  /** Why the choice was refused, shown below the select and tied to it for screen readers. */
  error?: string | undefined;
}

/** A labelled native select. */
export function SelectField({
  label,
  id,
  className,
  inputClassName,
  labelClassName,
  error,
  ...rest
}: SelectFieldProps) {
  return (
    <Labelled label={label} id={id} className={className} labelClassName={labelClassName}>
      {(fieldId) => (
        <>
          <select
            id={fieldId}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${fieldId}-error` : undefined}
            className={inputClasses(Boolean(error), inputClassName)}
            {...rest}
          />
          {error ? (
            <p id={`${fieldId}-error`} className="mt-1 text-sm text-red-700 dark:text-red-300">
              {error}
            </p>
          ) : null}
        </>
      )}
    </Labelled>
  );
}

export interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: ReactNode;
}

/** A labelled multi-line text input. */
export function TextAreaField({ label, id, className, ...rest }: TextAreaFieldProps) {
  return (
    <Labelled label={label} id={id} className={className} labelClassName={undefined}>
      {(fieldId) => <textarea id={fieldId} className={inputClasses(false)} {...rest} />}
    </Labelled>
  );
}

interface PersonOptionsProps {
  people: { id: string; name: string }[];
  /** The label of an empty choice ('' value), e.g. "No owner" or "Everyone". */
  none?: string;
  /**
   * The person already chosen, offered even when no longer among `people` (left the team or the
   * organization), so the select does not silently switch to someone else.
   */
  current?: { id: string; name: string } | null;
}

/** The options of a person select, by name. */
export function PersonOptions({ people, none, current }: PersonOptionsProps) {
  const missing = current && !people.some((person) => person.id === current.id) ? current : null;
  return (
    <>
      {none === undefined ? null : <option value="">{none}</option>}
      {missing ? <option value={missing.id}>{missing.name}</option> : null}
      {people.map((person) => (
        <option key={person.id} value={person.id}>
          {person.name}
        </option>
      ))}
    </>
  );
}

interface FormActionsProps {
  onCancel: () => void;
  submitLabel: ReactNode;
  busy: boolean;
  className?: string;
}

/** Cancel and the form's submit button, at the end of a dialog form. */
export function FormActions({ onCancel, submitLabel, busy, className }: FormActionsProps) {
  return (
    <div className={className ? `flex justify-end gap-2 ${className}` : 'flex justify-end gap-2'}>
      <Button variant="secondary" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" loading={busy}>
        {submitLabel}
      </Button>
    </div>
  );
}

/** A date input; the cap keeps browsers from offering six-digit years the API would refuse. */
export function DateField(props: Omit<TextFieldProps, 'type' | 'max'>) {
  return <TextField type="date" max="9999-12-31" {...props} />;
}

interface NewItemFormProps {
  /** The form's heading and accessible name, e.g. "New task". */
  title: string;
  onSubmit: (event: FormEvent) => void;
  /** Why the last submit failed, shown above the fields. */
  error?: string | undefined;
  submitLabel: string;
  busy: boolean;
  /** The fields, laid out in two columns from medium widths up. */
  children: ReactNode;
}

/** An always-open "New …" form above a list, in a card. */
export function NewItemForm({ title, onSubmit, error, submitLabel, busy, children }: NewItemFormProps) {
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={title}
      className="grid grid-cols-1 gap-3 rounded-lg border border-slate-200 bg-white p-4 md:grid-cols-2 dark:border-slate-700 dark:bg-slate-900"
    >
      <h2 className="text-base font-semibold text-slate-900 md:col-span-2 dark:text-white">{title}</h2>
      {error ? (
        <Banner tone="error" className="md:col-span-2">
          {error}
        </Banner>
      ) : null}
      {children}
      <div className="md:col-span-2">
        <Button type="submit" loading={busy}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
