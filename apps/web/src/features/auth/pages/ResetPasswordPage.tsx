import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useSearchParams } from 'react-router';
import { resetPasswordFormSchema } from '@keel/contract';
import { errorText } from '../../../lib/api-client';
import { usePageMeta } from '../../../lib/page-meta';
import { Banner } from '../../../ui/Banner';
import { Button } from '../../../ui/Button';
import { TextLink } from '../../../ui/TextLink';
import { useResetPasswordMutation } from '../auth.api';
import { AuthLayout } from '../components/AuthLayout';
import { NewPasswordFields } from '../components/PersonFields';

interface ResetForm {
  password: string;
  confirmPassword: string;
}

export default function ResetPasswordPage() {
  usePageMeta({
    title: 'Choose a new password',
    description: 'Choose a new Keel password.',
    robots: 'noindex,nofollow',
  });
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const reset = useResetPasswordMutation();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ResetForm>({
    resolver: zodResolver(resetPasswordFormSchema),
    reValidateMode: 'onChange',
    defaultValues: { password: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(({ password }) => {
    reset.reset();
    reset.mutate({ token, password });
  });

  let body;
  if (!token) {
    body = (
      <Banner tone="error" title="This reset link is invalid" className="mt-6">
        The link has no reset code. Please ask for a new one on the{' '}
        <TextLink to="/forgot-password">forgot password</TextLink> page.
      </Banner>
    );
  } else if (reset.isSuccess) {
    body = (
      <div className="mt-6 space-y-4">
        <Banner tone="success" title="Password changed">
          Your password has been changed. You can now sign in with it.
        </Banner>
        <TextLink to="/login">Go to sign in</TextLink>
      </div>
    );
  } else {
    body = (
      <>
        {reset.isError ? (
          <Banner tone="error" className="mt-4">
            {errorText(
              reset.error,
              'We could not change your password. The link may have expired; please ask for a new one.',
            )}{' '}
            <TextLink to="/forgot-password">Ask for a new link</TextLink>
          </Banner>
        ) : null}
        <form noValidate onSubmit={onSubmit} className="mt-6 space-y-4">
          <NewPasswordFields label="New password" register={register} errors={errors} />
          <Button type="submit" size="lg" className="w-full" loading={reset.isPending}>
            {reset.isPending ? 'Saving...' : 'Change password'}
          </Button>
        </form>
      </>
    );
  }

  return (
    <AuthLayout welcomeTitle="Choose a new password" welcomeText="Pick something you have not used here before.">
      <h1 className="text-2xl font-bold text-slate-900 dark:text-white">Choose a new password</h1>
      {body}
    </AuthLayout>
  );
}
