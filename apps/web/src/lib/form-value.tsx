import type { ReactElement } from 'react';
import type { FieldError, FieldPath, FieldValues, PathValue, UseFormReturn } from 'react-hook-form';

type FormHandle<T extends FieldValues> = Pick<UseFormReturn<T>, 'watch' | 'setValue' | 'formState'>;

export interface FormValueProps<T extends FieldValues, N extends FieldPath<T>> {
  form: FormHandle<T>;
  name: N;
  render: (props: {
    field: { value: PathValue<T, N>; onChange: (value: PathValue<T, N>) => void };
    fieldState: { error: FieldError | undefined };
  }) => ReactElement;
}

function errorAt(errors: unknown, name: string): FieldError | undefined {
  let node = errors;
  for (const key of name.split('.')) node = (node as Record<string, unknown> | undefined)?.[key];
  return node as FieldError | undefined;
}

/**
 * A form value edited by a control that is not an input (a people picker, a group of fields), through the
 * form's own `watch` and `setValue`. react-hook-form ships as one module, so its `Controller` and
 * `useFieldArray` would land in the chunk the sign-in page shares and grow its JavaScript (bench/bundle-size).
 */
export function FormValue<T extends FieldValues, N extends FieldPath<T>>({ form, name, render }: FormValueProps<T, N>) {
  return render({
    field: {
      value: form.watch(name),
      onChange: (value) =>
        form.setValue(name, value, { shouldDirty: true, shouldValidate: form.formState.isSubmitted }),
    },
    fieldState: { error: errorAt(form.formState.errors, name) },
  });
}
