import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import toast from 'react-hot-toast';
import { changeEmailRequestSchema, type ChangeEmailRequest } from '@keel/contract';
import { errorText } from '../../../lib/api-client';
import { Banner } from '../../../ui/Banner';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { PasswordField, TextField } from '../../../ui/Field';
import { useChangeEmail } from '../user-settings.api';

export function EmailSection({ currentEmail }: { currentEmail: string }) {
  const change = useChangeEmail();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ChangeEmailRequest>({
    resolver: zodResolver(changeEmailRequestSchema),
    defaultValues: { email: '', currentPassword: '' },
  });

  const onSubmit = handleSubmit((values) => {
    change.reset();
    change.mutate(values, {
      onSuccess: () => {
        reset({ email: '', currentPassword: '' });
        toast.success('Email changed. Sign in with the new address from now on.');
      },
    });
  });

  return (
    <Card>
      <h2 className="text-lg font-semibold text-slate-900 dark:text-white">Sign-in email</h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        You sign in with <strong>{currentEmail}</strong>. After a change, this address gets a notice.
      </p>
      <form noValidate onSubmit={onSubmit} className="mt-4 space-y-4" aria-label="Change email">
        {change.isError ? <Banner tone="error">{errorText(change.error, 'Email change failed')}</Banner> : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="New email"
            type="email"
            autoComplete="email"
            error={errors.email?.message}
            {...register('email')}
          />
          <PasswordField
            label="Password to confirm"
            autoComplete="current-password"
            error={errors.currentPassword?.message}
            {...register('currentPassword')}
          />
        </div>
        <div className="flex justify-end">
          <Button type="submit" loading={change.isPending}>
            {change.isPending ? 'Changing...' : 'Change email'}
          </Button>
        </div>
      </form>
    </Card>
  );
}
