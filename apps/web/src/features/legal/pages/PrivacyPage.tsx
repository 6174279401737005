import { usePageMeta } from '../../../lib/page-meta';
import { LegalPageLayout } from '../components/LegalPageLayout';
import { PrivacyPolicyText } from '../legal-texts';

export default function PrivacyPage() {
  usePageMeta({
    title: 'Privacy Policy',
    description:
      'How Keel collects, uses, shares, secures and retains personal data, which browser storage it uses, and how to exercise your rights of access, deletion and portability.',
  });
  return (
    <LegalPageLayout title="Privacy Policy">
      <PrivacyPolicyText headingLevel={2} />
    </LegalPageLayout>
  );
}
