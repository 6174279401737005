import { usePageMeta } from '../../../lib/page-meta';
import { LegalPageLayout } from '../components/LegalPageLayout';
import { TermsOfServiceText } from '../legal-texts';

export default function TermsPage() {
  usePageMeta({
    title: 'Terms of Service',
    description:
      'The terms that govern use of Keel: accounts, acceptable use, the 30-day free trial and subscriptions, data ownership and export, liability and disputes.',
  });
  return (
    <LegalPageLayout title="Terms of Service">
      <TermsOfServiceText headingLevel={2} />
    </LegalPageLayout>
  );
}
