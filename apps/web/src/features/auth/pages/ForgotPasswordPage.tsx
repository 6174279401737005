import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { forgotPasswordRequestSchema } from '@keel/contract';
import { errorText } from '../../../lib/api-client';
import { usePageMeta } from '../../../lib/page-meta';
import { Banner } from '../../../ui/Banner';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/Field';
import { TextLink } from '../../../ui/TextLink';
import { useForgotPasswordMutation } from '../auth.api';
import { AuthLayout } from '../components/AuthLayout';

interface ForgotForm {
  email: string;
}

export default function ForgotPasswordPage() {
  usePageMeta({
    title: 'Reset your password',
    description: 'Get a link to choose a new Keel password.',
    robots: 'noindex,nofollow',
  });
  const request = useForgotPasswordMutation();
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors },
  } = useForm<ForgotForm>({ resolver: zodResolver(forgotPasswordRequestSchema), defaultValues: { email: '' } });

  const onSubmit = handleSubmit(({ email }) => {
    request.reset();
    request.mutate(email);
  });

  return (
    <AuthLayout
      welcomeTitle="Forgot your password?"
      welcomeText="It happens. We will send you a link to choose a new one."
    >
      <h1 className="text-2xl font-bold text-slate-900 dark:text-white">Reset your password</h1>
      {request.isSuccess ? (
        <div className="mt-6 space-y-4">
          <Banner tone="success" title="Check your inbox">
            If an account exists for {getValues('email')}, we have sent a link to reset its password. The link expires
            soon, so use it today.
          </Banner>
          <p className="text-sm">
            <TextLink to="/login">Back to sign in</TextLink>
          </p>
        </div>
      ) : (
        <>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">Enter the e-mail address you sign in with.</p>
          {request.isError ? (
            <Banner tone="error" className="mt-4">
              {errorText(request.error, 'We could not send the reset link. Please try again.')}
            </Banner>
          ) : null}
          <form noValidate onSubmit={onSubmit} className="mt-6 space-y-4">
            <TextField
              label="Email"
              type="email"
              autoComplete="email"
              error={errors.email?.message}
              {...register('email')}
            />
            <Button type="submit" size="lg" className="w-full" loading={request.isPending}>
              {request.isPending ? 'Sending link...' : 'Send reset link'}
            </Button>
          </form>
          <p className="mt-6 text-center text-sm text-slate-600 dark:text-slate-300">
            Remembered it? <TextLink to="/login">Sign in</TextLink>
          </p>
        </>
      )}
    </AuthLayout>
  );
}
