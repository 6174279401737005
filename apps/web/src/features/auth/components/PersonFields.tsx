import type { UseFormRegisterReturn } from 'react-hook-form';
import { PasswordField, TextField } from '../../../ui/Field';

type FieldErrorsOf<K extends string> = Partial<Record<K, { message?: string }>>;

interface FieldsProps<K extends string> {
  /** The form's `register`, for these fields' names. */
  register: (name: K) => UseFormRegisterReturn;
  errors: FieldErrorsOf<K>;
}

/** First and last name side by side, with their validation messages (registration, invitations, profile). */
export function NameFields({ register, errors }: FieldsProps<'firstName' | 'lastName'>) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        label="First name"
        autoComplete="given-name"
        error={errors.firstName?.message}
        {...register('firstName')}
      />
      <TextField
        label="Last name"
        autoComplete="family-name"
        error={errors.lastName?.message}
        {...register('lastName')}
      />
    </div>
  );
}

/** A new password and its confirmation, with their validation messages. */
export function NewPasswordFields({
  register,
  errors,
  label = 'Password',
}: FieldsProps<'password' | 'confirmPassword'> & { label?: string }) {
  return (
    <>
      <PasswordField
        label={label}
        autoComplete="new-password"
        placeholder="At least 6 characters"
        error={errors.password?.message}
        {...register('password')}
      />
      <PasswordField
        label="Confirm password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
    </>
  );
}
