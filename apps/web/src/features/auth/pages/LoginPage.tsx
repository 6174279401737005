import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { loginRequestSchema, type LoginRequest } from '@keel/contract';
import { errorText } from '../../../lib/api-client';
import { usePageMeta } from '../../../lib/page-meta';
import { Banner } from '../../../ui/Banner';
import { Button } from '../../../ui/Button';
import { Checkbox } from '../../../ui/Checkbox';
import { PasswordField, TextField } from '../../../ui/Field';
import { TextLink } from '../../../ui/TextLink';
import { useLoginMutation } from '../auth.api';
import { AuthLayout } from '../components/AuthLayout';
import { SsoButtons } from '../components/SsoButtons';
import { TwoFactorStep } from '../components/TwoFactorStep';
import { loginBannerFor, looksLikeConsultantEmail, type LoginBanner } from '../login-banners';

function bannerFromAddress(): LoginBanner | null {
  const params = new URLSearchParams(window.location.search);
  return loginBannerFor(params.get('error'), params.get('message'));
}

/** Spec section 2: once read, the query string is removed from the address. */
function stripQueryString() {
  if (window.location.search) {
    window.history.replaceState(window.history.state, '', window.location.pathname + window.location.hash);
  }
}

export default function LoginPage() {
  usePageMeta({
    title: 'Sign in',
    description: 'Sign in to Keel to run your organization: priorities, issues, to-dos and headlines.',
  });
  const navigate = useNavigate();
  const [queryBanner, setQueryBanner] = useState<LoginBanner | null>(bannerFromAddress);
  useEffect(stripQueryString, []);
  const [ssoError, setSsoError] = useState<string | null>(null);
  const login = useLoginMutation();
  const [challengeToken, setChallengeToken] = useState<string | null>(null);
  const [restartReason, setRestartReason] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm<LoginRequest>({
    resolver: zodResolver(loginRequestSchema),
    defaultValues: { email: '', password: '', rememberMe: false },
  });
  const email = watch('email');

  const onSubmit = handleSubmit((values) => {
    setQueryBanner(null);
    setSsoError(null);
    login.reset();
    setRestartReason(null);
    login
      .mutateAsync(values)
      .then((outcome) => {
        if (outcome.kind === 'codeRequired') setChallengeToken(outcome.challengeToken);
        else void navigate('/dashboard', { replace: true });
      })
      // The failure is shown from the mutation's state.
      .catch(() => undefined);
  });

  // Spec section 8: the sign-in error shows only when no query-parameter banner is shown.
  const formError = queryBanner
    ? null
    : (ssoError ?? restartReason ?? (login.isError ? errorText(login.error, 'Login failed') : null));

  return (
    <AuthLayout
      welcomeTitle="Welcome back"
      // Only what a new account finds today: the scorecard, meetings and billing arrive later (issue 10).
      welcomeText="Pick up where your team left off: priorities, issues, to-dos and headlines in one place."
      welcomePoints={[
        'Quarterly priorities with milestones',
        'Issues and to-dos with a clear owner',
        'Headlines shared with the whole team',
      ]}
    >
      {challengeToken ? (
        <TwoFactorStep
          challengeToken={challengeToken}
          onSignedIn={() => void navigate('/dashboard', { replace: true })}
          onRestart={(reason) => {
            login.reset();
            setRestartReason(reason);
            setChallengeToken(null);
          }}
        />
      ) : (
        <>
          <h1 className="text-2xl font-bold text-slate-900 dark:text-white">Sign in to your account</h1>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
            New to Keel? <TextLink to="/register">Start a free trial</TextLink>
          </p>

          <div className="mt-6 space-y-3" aria-live="polite">
            {queryBanner ? (
              <Banner tone="error" title={queryBanner.title}>
                {queryBanner.text}
              </Banner>
            ) : null}
            {formError ? <Banner tone="error">{formError}</Banner> : null}
          </div>

          <form noValidate onSubmit={onSubmit} className="mt-4 space-y-4">
            <TextField
              label="Email"
              type="email"
              autoComplete="email"
              error={errors.email?.message}
              {...register('email')}
            />
            {looksLikeConsultantEmail(email) ? (
              <p className="inline-flex rounded-full bg-purple-100 px-3 py-1 text-xs font-semibold text-purple-900 dark:bg-purple-950 dark:text-purple-100">
                Strategy Consultant Account
              </p>
            ) : null}
            <PasswordField
              label="Password"
              autoComplete="current-password"
              error={errors.password?.message}
              {...register('password')}
            />
            <div className="flex items-center justify-between gap-4">
              <Checkbox label="Keep me signed in" {...register('rememberMe')} />
              <TextLink to="/forgot-password" className="text-sm">
                Forgot password?
              </TextLink>
            </div>
            <Button type="submit" size="lg" className="w-full" loading={login.isPending}>
              {login.isPending ? 'Signing in...' : 'Sign in'}
            </Button>
          </form>

          <div className="my-6 flex items-center gap-3 text-sm text-slate-600 dark:text-slate-400">
            <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
            or
            <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
          </div>
          <SsoButtons
            verb="Continue with"
            disabled={login.isPending}
            onError={(message) => {
              setQueryBanner(null);
              setSsoError(message);
            }}
          />
        </>
      )}
    </AuthLayout>
  );
}
