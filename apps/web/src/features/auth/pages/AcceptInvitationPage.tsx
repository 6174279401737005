import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate, useSearchParams } from 'react-router';
import { loginRequestSchema } from '@keel/contract';
import { ApiError, errorText } from '../../../lib/api-client';
import { usePageMeta } from '../../../lib/page-meta';
import { useSession } from '../../../lib/session-store';
import { Banner } from '../../../ui/Banner';
import { Button } from '../../../ui/Button';
import { PasswordField } from '../../../ui/Field';
import { Spinner } from '../../../ui/Spinner';
import { TextLink } from '../../../ui/TextLink';
import { NewPersonForm } from '../../members/components/NewPersonForm';
import { useAcceptInvitation, useInvitationPreview } from '../../members/members.api';
import { ROLE_NAMES } from '../../members/roles';
import { useLoginMutation } from '../auth.api';
import { AuthLayout } from '../components/AuthLayout';

/** Someone with an account signs in first: the address is the invitation's, only the password is typed. */
const signInFormSchema = loginRequestSchema.pick({ password: true });

/** /accept-invitation?token=…: who invites you to what, then join as a new person or with your account. */
export default function AcceptInvitationPage() {
  usePageMeta({ title: 'Accept an invitation', description: 'Join your organization on Keel.' });
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const preview = useInvitationPreview(token);
  const accept = useAcceptInvitation(token);
  const login = useLoginMutation();
  const user = useSession((state) => state.user);
  const logout = useSession((state) => state.logout);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(signInFormSchema), defaultValues: { password: '' } });

  const join = (body: Record<string, unknown>) =>
    accept
      .mutateAsync(body)
      .then(() => navigate('/dashboard', { replace: true }))
      .catch(() => undefined);

  const signInThenJoin = handleSubmit(({ password }) => {
    if (!preview.data) return;
    login
      .mutateAsync({ email: preview.data.email, password })
      .then(() => join({}))
      .catch(() => undefined);
  });

  let body;
  if (!token || (preview.isError && preview.error instanceof ApiError && preview.error.status >= 400)) {
    body = (
      <Banner tone="error" title="This invitation cannot be used">
        <p>
          {token
            ? errorText(preview.error, 'This invitation link is not valid.')
            : 'This page needs the link from your invitation e-mail.'}
        </p>
        <p className="mt-2">
          Ask the person who invited you to send a new invitation. Already have an account?{' '}
          <TextLink to="/login">Sign in</TextLink>
        </p>
      </Banner>
    );
  } else if (preview.isPending) {
    body = <Spinner className="size-6" label="Loading the invitation" />;
  } else if (preview.isError || !preview.data) {
    body = <Banner tone="error">{errorText(preview.error, 'The invitation could not be loaded.')}</Banner>;
  } else {
    const invitation = preview.data;
    const signedInAsInvitee = user?.email.toLowerCase() === invitation.email.toLowerCase();
    const failure = accept.error ?? login.error;
    body = (
      <div className="grid gap-4">
        <p className="text-slate-700 dark:text-slate-200">
          {invitation.inviterName ?? 'An administrator'} invites you to join{' '}
          <strong>{invitation.organizationName}</strong> as {ROLE_NAMES[invitation.role].toLowerCase()}
          {invitation.teams.length > 0 ? ` (${invitation.teams.join(', ')})` : ''}.
        </p>
        {failure ? <Banner tone="error">{errorText(failure, 'The invitation could not be accepted.')}</Banner> : null}
        {!invitation.accountExists ? (
          <NewPersonForm email={invitation.email} busy={accept.isPending} onSubmit={(fields) => void join(fields)} />
        ) : signedInAsInvitee ? (
          <Button size="lg" loading={accept.isPending} onClick={() => void join({})}>
            Accept invitation
          </Button>
        ) : user ? (
          <div className="grid gap-3">
            <p className="text-sm text-slate-700 dark:text-slate-200">
              You are signed in as {user.email}. This invitation is for {invitation.email}.
            </p>
            <Button variant="secondary" onClick={() => void logout()}>
              Sign out to accept as {invitation.email}
            </Button>
          </div>
        ) : (
          <form noValidate onSubmit={(event) => void signInThenJoin(event)} className="grid gap-4">
            <p className="text-sm text-slate-700 dark:text-slate-200">
              You already have an account as {invitation.email}. Sign in to accept.
            </p>
            <PasswordField
              label="Password"
              autoComplete="current-password"
              error={errors.password?.message}
              {...register('password')}
            />
            <Button type="submit" size="lg" loading={login.isPending || accept.isPending}>
              Sign in to accept
            </Button>
          </form>
        )}
      </div>
    );
  }

  return (
    <AuthLayout
      welcomeTitle="Join your team on Keel"
      welcomeText="Your organization runs its priorities, numbers, issues and meetings here."
      welcomePoints={['Weekly meetings with a clear agenda', 'Everyone sees the same priorities']}
    >
      <h1 className="mb-4 text-2xl font-bold text-slate-900 dark:text-white">Accept your invitation</h1>
      {body}
    </AuthLayout>
  );
}
