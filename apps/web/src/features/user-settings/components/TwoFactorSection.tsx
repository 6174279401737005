import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import toast from 'react-hot-toast';
import { twoFactorConfirmRequestSchema, twoFactorDisableRequestSchema, type TwoFactorEnrolment } from '@keel/contract';
import type { z } from 'zod';
import { errorText } from '../../../lib/api-client';
import { Banner } from '../../../ui/Banner';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { PasswordField, TextField } from '../../../ui/Field';
import { Spinner } from '../../../ui/Spinner';
import { useConfirmTwoFactor, useDisableTwoFactor, useStartTwoFactor, useTwoFactorStatus } from '../user-settings.api';

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <div className="mt-4 space-y-4">
      <Banner tone="success" title="Two-factor authentication is on">
        Save these recovery codes somewhere safe. Each one signs you in once if you lose your phone. They are shown only
        now.
      </Banner>
      <ol aria-label="Recovery codes" className="grid grid-cols-2 gap-2 font-mono text-sm sm:grid-cols-5">
        {codes.map((code) => (
          <li key={code} className="rounded bg-slate-100 px-2 py-1 text-center dark:bg-slate-800">
            {code}
          </li>
        ))}
      </ol>
      <div className="flex justify-end gap-2">
        <Button
          variant="secondary"
          onClick={() =>
            void navigator.clipboard
              ?.writeText(codes.join('\n'))
              .then(() => toast.success('Recovery codes copied'))
              .catch(() => undefined)
          }
        >
          Copy codes
        </Button>
        <Button onClick={onDone}>I have saved my codes</Button>
      </div>
    </div>
  );
}

function Enrolment({ enrolment, onEnabled }: { enrolment: TwoFactorEnrolment; onEnabled: (codes: string[]) => void }) {
  const confirm = useConfirmTwoFactor();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<z.input<typeof twoFactorConfirmRequestSchema>>({
    resolver: zodResolver(twoFactorConfirmRequestSchema),
    defaultValues: { code: '' },
  });
  const onSubmit = handleSubmit(({ code }) =>
    confirm.mutate(code, { onSuccess: ({ recoveryCodes }) => onEnabled(recoveryCodes) }),
  );
  return (
    <form
      noValidate
      onSubmit={(event) => {
        confirm.reset();
        void onSubmit(event);
      }}
      className="mt-4 space-y-4"
      aria-label="Confirm two-factor authentication"
    >
      <p className="text-sm text-slate-700 dark:text-slate-200">
        Scan this QR code with your authenticator app (Google Authenticator, 1Password, Authy…), then enter the code it
        shows.
      </p>
      <img src={enrolment.qrCode} alt="QR code for your authenticator app" className="size-48 rounded bg-white p-2" />
      <p className="text-sm text-slate-700 dark:text-slate-200">
        Cannot scan? Enter this key instead:{' '}
        <code data-testid="two-factor-secret" className="break-all font-mono font-semibold">
          {enrolment.secret}
        </code>
      </p>
      {confirm.isError ? (
        <Banner tone="error">{errorText(confirm.error, 'The code could not be checked')}</Banner>
      ) : null}
      <TextField
        label="Code from your app"
        autoComplete="one-time-code"
        inputMode="numeric"
        error={errors.code?.message}
        {...register('code')}
      />
      <div className="flex justify-end">
        <Button type="submit" loading={confirm.isPending}>
          Turn on
        </Button>
      </div>
    </form>
  );
}

function DisableForm() {
  const disable = useDisableTwoFactor();
  const { register, handleSubmit, watch } = useForm<z.input<typeof twoFactorDisableRequestSchema>>({
    resolver: zodResolver(twoFactorDisableRequestSchema),
    defaultValues: { password: '', code: '' },
  });
  const onSubmit = handleSubmit((values) =>
    disable.mutate(values, { onSuccess: () => toast.success('Two-factor authentication is off') }),
  );
  return (
    <form
      noValidate
      onSubmit={(event) => {
        disable.reset();
        void onSubmit(event);
      }}
      className="mt-4 space-y-4"
      aria-label="Turn off two-factor authentication"
    >
      {disable.isError ? <Banner tone="error">{errorText(disable.error, 'It could not be turned off')}</Banner> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <PasswordField label="Your password" autoComplete="current-password" {...register('password')} />
        <TextField label="Code or recovery code" autoComplete="one-time-code" {...register('code')} />
      </div>
      <div className="flex justify-end">
        <Button
          type="submit"
          variant="danger"
          loading={disable.isPending}
          disabled={!watch('password') || !watch('code').trim()}
        >
          Turn off
        </Button>
      </div>
    </form>
  );
}

export function TwoFactorSection() {
  const status = useTwoFactorStatus();
  const start = useStartTwoFactor();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  let body;
  if (recoveryCodes) {
    body = (
      <RecoveryCodes
        codes={recoveryCodes}
        onDone={() => {
          setRecoveryCodes(null);
          start.reset();
        }}
      />
    );
  } else if (status.isPending) {
    body = <Spinner label="Loading two-factor authentication" className="mt-4 size-6" />;
  } else if (status.isError) {
    body = <Banner tone="error">{errorText(status.error, 'Two-factor authentication could not be loaded')}</Banner>;
  } else if (status.data.enabled) {
    body = (
      <>
        <p className="mt-2 text-sm text-slate-700 dark:text-slate-200">
          <strong>On</strong>
          {status.data.enabledAt ? ` since ${new Date(status.data.enabledAt).toLocaleDateString()}` : ''}.{' '}
          {status.data.recoveryCodesLeft} recovery codes left.
        </p>
        <DisableForm />
      </>
    );
  } else if (start.data) {
    body = <Enrolment enrolment={start.data} onEnabled={setRecoveryCodes} />;
  } else {
    body = (
      <div className="mt-4 space-y-3">
        {start.isError ? <Banner tone="error">{errorText(start.error, 'The set-up could not start')}</Banner> : null}
        <Button loading={start.isPending} onClick={() => start.mutate()}>
          Set up two-factor authentication
        </Button>
      </div>
    );
  }

  return (
    <Card>
      <h2 className="text-lg font-semibold text-slate-900 dark:text-white">Two-factor authentication</h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        After your password, sign-in asks for a code from an authenticator app on your phone.
      </p>
      {body}
    </Card>
  );
}
