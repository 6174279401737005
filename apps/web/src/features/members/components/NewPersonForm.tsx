import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  LEGAL_REQUIRED_FOR_REGISTRATION,
  acceptInvitationFormSchema,
  type AcceptInvitationForm,
  type LegalAcceptance,
} from '@keel/contract';
import { Button } from '../../../ui/Button';
import { PasswordField, TextField } from '../../../ui/Field';
import { LegalAgreementBlock } from '../../agreements/components/LegalAgreementBlock';
import { bothAccepted, buildLegalRecord } from '../../agreements/legal-acceptance';

interface NewPersonFormProps {
  email: string;
  busy: boolean;
  onSubmit: (body: { firstName: string; lastName: string; password: string; legalAgreement: LegalAcceptance }) => void;
}

/** The registration form's fields and messages, for someone joining through an invitation. */
export function NewPersonForm({ email, busy, onSubmit }: NewPersonFormProps) {
  const [legal, setLegal] = useState<LegalAcceptance>(() =>
    buildLegalRecord({ termsAccepted: false, privacyAccepted: false }),
  );
  const [legalError, setLegalError] = useState<string | null>(null);
  const legalRef = useRef<HTMLFieldSetElement>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<AcceptInvitationForm>({
    resolver: zodResolver(acceptInvitationFormSchema),
    defaultValues: { firstName: '', lastName: '', password: '', confirmPassword: '' },
  });
  const requireLegal = () => {
    if (bothAccepted(legal)) return true;
    setLegalError(LEGAL_REQUIRED_FOR_REGISTRATION);
    return false;
  };

  const submit = handleSubmit(
    ({ confirmPassword: _confirmation, ...fields }) => {
      if (!requireLegal()) {
        legalRef.current?.focus();
        return;
      }
      onSubmit({ ...fields, legalAgreement: legal });
    },
    () => {
      requireLegal();
    },
  );

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <TextField label="E-mail" type="email" value={email} readOnly disabled />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="First name"
          autoComplete="given-name"
          error={errors.firstName?.message}
          {...register('firstName')}
        />
        <TextField
          label="Last name"
          autoComplete="family-name"
          error={errors.lastName?.message}
          {...register('lastName')}
        />
      </div>
      <PasswordField
        label="Password"
        autoComplete="new-password"
        placeholder="At least 6 characters"
        error={errors.password?.message}
        {...register('password')}
      />
      <PasswordField
        label="Confirm password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
      <LegalAgreementBlock
        ref={legalRef}
        error={legalError}
        onChange={(record) => {
          setLegal(record);
          if (bothAccepted(record)) setLegalError(null);
        }}
      />
      <Button type="submit" size="lg" className="w-full" loading={busy}>
        {busy ? 'Joining...' : 'Accept invitation'}
      </Button>
    </form>
  );
}
