import { usePageMeta } from '../../../lib/page-meta';
import { useConsultantRegisterMutation } from '../../consultants/consultants.api';
import { RegistrationScreen, type RegistrationVariant } from './RegisterPage';

const CONSULTANT: RegistrationVariant = {
  title: 'Consultant registration',
  subtitle: 'For strategy consultants and coaches • Your clients invite you by e-mail',
  submitLabel: 'Create consultant account',
  afterSignUp: '/consultant',
  organizationLabel: 'Your practice (organization name)',
  useRegistration: useConsultantRegisterMutation,
};

export default function ConsultantRegisterPage() {
  usePageMeta({
    title: 'Consultant registration',
    description: 'Create a Keel consultant account and work inside your clients’ organizations.',
  });
  return <RegistrationScreen variant={CONSULTANT} />;
}
