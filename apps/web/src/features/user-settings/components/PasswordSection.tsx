import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import toast from 'react-hot-toast';
import { changePasswordFormSchema, type ChangePasswordForm } from '@keel/contract';
import { errorText } from '../../../lib/api-client';
import { Banner } from '../../../ui/Banner';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { PasswordField } from '../../../ui/Field';
import { useChangePassword } from '../user-settings.api';

const EMPTY: ChangePasswordForm = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function PasswordSection() {
  const change = useChangePassword();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ChangePasswordForm>({ resolver: zodResolver(changePasswordFormSchema), defaultValues: EMPTY });

  const onSubmit = handleSubmit(({ currentPassword, newPassword }) => {
    change.reset();
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          reset(EMPTY);
          toast.success('Password changed. Your other sessions were signed out.');
        },
      },
    );
  });

  return (
    <Card>
      <h2 className="text-lg font-semibold text-slate-900 dark:text-white">Password</h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        Changing your password signs you out everywhere else; this device stays signed in.
      </p>
      <form noValidate onSubmit={onSubmit} className="mt-4 space-y-4" aria-label="Change password">
        {change.isError ? <Banner tone="error">{errorText(change.error, 'Password change failed')}</Banner> : null}
        <PasswordField
          label="Current password"
          autoComplete="current-password"
          error={errors.currentPassword?.message}
          {...register('currentPassword')}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <PasswordField
            label="New password"
            autoComplete="new-password"
            placeholder="At least 6 characters"
            error={errors.newPassword?.message}
            {...register('newPassword')}
          />
          <PasswordField
            label="Confirm new password"
            autoComplete="new-password"
            error={errors.confirmPassword?.message}
            {...register('confirmPassword')}
          />
        </div>
        <div className="flex justify-end">
          <Button type="submit" loading={change.isPending}>
            {change.isPending ? 'Changing...' : 'Change password'}
          </Button>
        </div>
      </form>
    </Card>
  );
}
