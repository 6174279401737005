import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import toast from 'react-hot-toast';
import { profileFormSchema, type ProfileForm } from '@keel/contract';
import { errorText } from '../../../lib/api-client';
import { usePageMeta } from '../../../lib/page-meta';
import { useOrganizationId } from '../../../lib/session-store';
import { Banner } from '../../../ui/Banner';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { Spinner } from '../../../ui/Spinner';
import { NameFields } from '../../auth/components/PersonFields';
import { AvatarPicker } from '../components/AvatarPicker';
import { CalendarFeedSection } from '../components/CalendarFeedSection';
import { EmailSection } from '../components/EmailSection';
import { LinkedSignInSection } from '../components/LinkedSignInSection';
import { PasswordSection } from '../components/PasswordSection';
import { SessionsSection } from '../components/SessionsSection';
import { TwoFactorSection } from '../components/TwoFactorSection';
import { useProfile, useUpdateProfile } from '../user-settings.api';

export default function UserSettingsPage() {
  usePageMeta({ title: 'Profile and settings', description: 'Your Keel profile.', robots: 'noindex,nofollow' });
  const profile = useProfile();
  const update = useUpdateProfile();
  const organizationId = useOrganizationId();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isDirty },
  } = useForm<ProfileForm>({
    resolver: zodResolver(profileFormSchema),
    defaultValues: { firstName: '', lastName: '' },
  });

  useEffect(() => {
    if (profile.data)
      reset({ firstName: profile.data.firstName, lastName: profile.data.lastName }, { keepDirtyValues: true });
  }, [profile.data, reset]);

  const onSubmit = handleSubmit((values) => {
    update.reset();
    update.mutate(values, {
      onSuccess: () => {
        reset(values);
        toast.success('Profile saved');
      },
    });
  });

  return (
    <section aria-labelledby="page-title" className="mx-auto max-w-2xl space-y-6 py-6">
      <h1 id="page-title" className="text-2xl font-bold text-slate-900 dark:text-white">
        Profile and settings
      </h1>
      <Card>
        <h2 className="text-lg font-semibold text-slate-900 dark:text-white">Your profile</h2>
        {profile.isPending ? (
          <div className="mt-4">
            <Spinner label="Loading your profile" className="size-6" />
          </div>
        ) : profile.isError ? (
          <Banner tone="error" className="mt-4">
            {errorText(profile.error, 'Your profile could not be loaded. Please refresh the page.')}
          </Banner>
        ) : (
          <form noValidate onSubmit={onSubmit} className="mt-4 space-y-4">
            {profile.data ? <AvatarPicker user={profile.data} /> : null}
            {update.isError ? <Banner tone="error">{errorText(update.error, 'Profile update failed')}</Banner> : null}
            <NameFields register={register} errors={errors} />
            <div className="flex justify-end">
              <Button type="submit" loading={update.isPending} disabled={!isDirty}>
                {update.isPending ? 'Saving...' : 'Save profile'}
              </Button>
            </div>
          </form>
        )}
      </Card>
      {profile.data ? <EmailSection currentEmail={profile.data.email} /> : null}
      <PasswordSection />
      <TwoFactorSection />
      <LinkedSignInSection />
      {organizationId ? <CalendarFeedSection /> : null}
      <SessionsSection />
    </section>
  );
}
