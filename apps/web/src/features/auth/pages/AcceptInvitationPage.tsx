import { useState } from 'react';
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
import { useAcceptInvitation, useInvitationLookup } from '../../members/members.api';
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
  // From the first click until the page leaves (or the attempt fails), the link is not looked up again.
  const [joining, setJoining] = useState(false);
  const lookup = useInvitationLookup(token, joining);
  const accept = useAcceptInvitation(token);
  const login = useLoginMutation();
  const user = useSession((state) => state.user);
  const logout = useSession((state) => state.logout);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(signInFormSchema), defaultValues: { password: '' } });

  const join = (body: Record<string, unknown>) => {
    setJoining(true);
    return accept
      .mutateAsync(body)
      .then(() => navigate('/dashboard', { replace: true }))
      .catch(() => setJoining(false));
  };

  const signInThenJoin = handleSubmit(({ password }) => {
    const invitation = lookup.data?.invitation;
    if (!invitation) return;
    setJoining(true);
    login
      .mutateAsync({ email: invitation.email, password })
      .then(() => join({}))
      .catch(() => setJoining(false));
  });

  let body;
  if (
    !token ||
    lookup.data?.message ||
    (lookup.isError && lookup.error instanceof ApiError && lookup.error.status >= 400)
  ) {
    body = (
      <Banner tone="error" title="This invitation cannot be used">
        <p>
          {!token
            ? 'This page needs the link from your invitation e-mail.'
            : (lookup.data?.message ?? errorText(lookup.error, 'This invitation link is not valid.'))}
        </p>
        <p className="mt-2">
          Ask the person who invited you to send a new invitation. Already have an account?{' '}
          <TextLink to="/login">Sign in</TextLink>
        </p>
      </Banner>
    );
  } else if (lookup.isPending) {
    body = <Spinner className="size-6" label="Loading the invitation" />;
  } else if (!lookup.data?.invitation) {
    body = <Banner tone="error">{errorText(lookup.error, 'The invitation could not be loaded.')}</Banner>;
  } else {
    const invitation = lookup.data.invitation;
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
