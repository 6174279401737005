import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { twoFactorLoginRequestSchema } from '@keel/contract';
import { ApiError, errorText } from '../../../lib/api-client';
import { Banner } from '../../../ui/Banner';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/Field';
import { useTwoFactorLoginMutation } from '../auth.api';

/** The code field of the second step; the challenge token is the step's own, not typed. */
const twoFactorCodeFormSchema = twoFactorLoginRequestSchema.pick({ code: true });

interface TwoFactorStepProps {
  challengeToken: string;
  onSignedIn: () => void;
  /** Back to e-mail and password: chosen, or because the challenge expired (with the reason). */
  onRestart: (message: string | null) => void;
}

/** The second step of sign-in when two-factor authentication is on: a code or a recovery code. */
export function TwoFactorStep({ challengeToken, onSignedIn, onRestart }: TwoFactorStepProps) {
  const verify = useTwoFactorLoginMutation();
  const {
    register,
    handleSubmit,
    resetField,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(twoFactorCodeFormSchema),
    defaultValues: { code: '' },
  });

  const onSubmit = handleSubmit(
    ({ code }) =>
      verify
        .mutateAsync({ challengeToken, code })
        .then(onSignedIn)
        .catch((error: unknown) => {
          if (error instanceof ApiError && error.code === 'auth.two_factor_challenge_expired') {
            onRestart(errorText(error, 'Your sign-in has expired. Please sign in again.'));
          } else {
            resetField('code');
          }
        }),
    () => verify.reset(),
  );

  return (
    <div>
      <h1 className="text-2xl font-bold text-slate-900 dark:text-white">Two-factor authentication</h1>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        Enter the 6-digit code from your authenticator app. Lost your phone? Enter one of your recovery codes.
      </p>
      <div className="mt-6" aria-live="polite">
        {verify.isError ? <Banner tone="error">{errorText(verify.error, 'Login failed')}</Banner> : null}
      </div>
      <form
        noValidate
        onSubmit={(event) => {
          verify.reset();
          void onSubmit(event);
        }}
        className="mt-4 space-y-4"
      >
        <TextField
          label="Authentication code"
          autoComplete="one-time-code"
          inputMode="text"
          autoFocus
          error={errors.code?.message}
          {...register('code')}
        />
        <Button type="submit" size="lg" className="w-full" loading={verify.isPending}>
          {verify.isPending ? 'Verifying...' : 'Verify'}
        </Button>
        <Button type="button" variant="ghost" className="w-full" onClick={() => onRestart(null)}>
          Back to sign in
        </Button>
      </form>
    </div>
  );
}
