import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { acceptInvitationFormSchema, type AcceptInvitationForm, type LegalAcceptance } from '@keel/contract';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/Field';
import { LegalAgreementBlock } from '../../agreements/components/LegalAgreementBlock';
import { useLegalConsent } from '../../agreements/use-legal-consent';
import { NameFields, NewPasswordFields } from '../../auth/components/PersonFields';

interface NewPersonFormProps {
  email: string;
  busy: boolean;
  onSubmit: (body: { firstName: string; lastName: string; password: string; legalAgreement: LegalAcceptance }) => void;
}

/** The registration form's fields and messages, for someone joining through an invitation. */
export function NewPersonForm({ email, busy, onSubmit }: NewPersonFormProps) {
  const { legal, legalRef, requireLegal, blockProps } = useLegalConsent();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<AcceptInvitationForm>({
    resolver: zodResolver(acceptInvitationFormSchema),
    defaultValues: { firstName: '', lastName: '', password: '', confirmPassword: '' },
  });

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
      <NameFields register={register} errors={errors} />
      <NewPasswordFields register={register} errors={errors} />
      <LegalAgreementBlock {...blockProps} />
      <Button type="submit" size="lg" className="w-full" loading={busy}>
        {busy ? 'Joining...' : 'Accept invitation'}
      </Button>
    </form>
  );
}
