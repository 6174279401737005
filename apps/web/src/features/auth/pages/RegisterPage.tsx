import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { registerFormSchema, type RegisterForm } from '@keel/contract';
import { errorText } from '../../../lib/api-client';
import { usePageMeta } from '../../../lib/page-meta';
import { Banner } from '../../../ui/Banner';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/Field';
import { TextLink } from '../../../ui/TextLink';
import { LegalAgreementBlock } from '../../agreements/components/LegalAgreementBlock';
import { useLegalConsent } from '../../agreements/use-legal-consent';
import { useRegisterMutation } from '../auth.api';
import { AuthLayout } from '../components/AuthLayout';
import { SsoButtons } from '../components/SsoButtons';
import { NameFields, NewPasswordFields } from '../components/PersonFields';

const BADGES = ['30-day trial', 'No credit card', 'Cancel anytime'];

/** What differs on /consultant-register: the words, the endpoint and where success lands. */
export interface RegistrationVariant {
  title: string;
  subtitle: string;
  submitLabel: string;
  afterSignUp: string;
  organizationLabel: string;
  useRegistration: typeof useRegisterMutation;
}

const TRIAL: RegistrationVariant = {
  title: 'Start Your Free Trial',
  subtitle: '30 days free • No credit card required',
  submitLabel: 'Start Free Trial',
  afterSignUp: '/dashboard',
  organizationLabel: 'Organization name',
  useRegistration: useRegisterMutation,
};

export default function RegisterPage() {
  usePageMeta({
    title: 'Start your free trial',
    description: 'Create your Keel account: 30 days free, no credit card required.',
  });
  return <RegistrationScreen variant={TRIAL} />;
}

export function RegistrationScreen({ variant }: { variant: RegistrationVariant }) {
  const navigate = useNavigate();
  const registration = variant.useRegistration();
  const { legal, legalRef, requireLegal, blockProps } = useLegalConsent();
  const [ssoError, setSsoError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<RegisterForm>({
    resolver: zodResolver(registerFormSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { firstName: '', lastName: '', email: '', organizationName: '', password: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(
    ({ confirmPassword: _confirmation, ...fields }) => {
      setSsoError(null);
      registration.reset();
      if (!requireLegal()) {
        legalRef.current?.scrollIntoView({ behavior: 'smooth', block: 'center' });
        legalRef.current?.focus({ preventScroll: true });
        return;
      }
      registration
        .mutateAsync({ ...fields, legalAgreement: legal })
        // The sign-up event is recorded by the server, in the registration's own transaction.
        .then(() => {
          void navigate(variant.afterSignUp, { replace: true });
        })
        // The failure is shown from the mutation's state.
        .catch(() => undefined);
    },
    () => {
      requireLegal();
    },
  );

  const formError = ssoError ?? (registration.isError ? errorText(registration.error, 'Registration failed') : null);

  return (
    <AuthLayout
      welcomeTitle="Run your organization with focus"
      welcomeText="Set priorities, track the numbers that matter and solve issues every week, in the methodology your company already uses."
      welcomePoints={[
        'Ready for your methodology and your words',
        'Weekly meetings with a clear agenda',
        'From 10 to 500+ people',
      ]}
    >
      <h1 className="text-2xl font-bold text-slate-900 dark:text-white">{variant.title}</h1>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{variant.subtitle}</p>
      <ul aria-label="Trial terms" className="mt-3 flex flex-wrap gap-2">
        {BADGES.map((badge) => (
          <li
            key={badge}
            className="rounded-full bg-blue-50 px-3 py-1 text-xs font-semibold text-blue-900 dark:bg-blue-950 dark:text-blue-100"
          >
            {badge}
          </li>
        ))}
      </ul>

      <div className="mt-6">
        <SsoButtons verb="Sign up with" onError={setSsoError} disabled={registration.isPending} />
      </div>
      <div className="my-6 flex items-center gap-3 text-sm text-slate-600 dark:text-slate-400">
        <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
        Or register with email
        <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
      </div>

      {formError ? (
        <Banner tone="error" className="mb-4">
          {formError}
        </Banner>
      ) : null}

      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <NameFields register={register} errors={errors} />
        <TextField
          label="Work email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <TextField
          label={variant.organizationLabel}
          autoComplete="organization"
          error={errors.organizationName?.message}
          {...register('organizationName')}
        />
        <NewPasswordFields register={register} errors={errors} />
        <LegalAgreementBlock {...blockProps} />
        <Button type="submit" size="lg" className="w-full" loading={registration.isPending}>
          {registration.isPending ? 'Creating account...' : variant.submitLabel}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-slate-600 dark:text-slate-300">
        Already have an account? <TextLink to="/login">Sign in</TextLink>
      </p>
    </AuthLayout>
  );
}
