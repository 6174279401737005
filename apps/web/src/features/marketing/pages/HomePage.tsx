import { SoftwareApplicationJsonLd, usePageMeta } from '../../../lib/page-meta';
import { PublicLayout } from '../components/PublicLayout';
import { EnterpriseSection } from '../components/home/EnterpriseSection';
import { FeatureCategories } from '../components/home/FeatureCategories';
import { FeatureGrid } from '../components/home/FeatureGrid';
import { FinalCallToAction } from '../components/home/FinalCallToAction';
import { Hero } from '../components/home/Hero';
import { MethodologySection } from '../components/home/MethodologySection';
import { Testimonials } from '../components/home/Testimonials';

export default function HomePage() {
  usePageMeta({
    title: 'Run your organization on one rhythm',
    description:
      'Keel brings quarterly priorities, scorecards, issues, to-dos, meetings and a two-page business plan together, in the vocabulary of the methodology your team uses. An affordable alternative to other business-operating-system tools. 30-day free trial, no credit card.',
    keywords:
      'business operating system, quarterly priorities, scorecard, issues list, to-dos, leadership meetings, business plan, strategic planning, execution software',
  });

  return (
    <PublicLayout>
      <SoftwareApplicationJsonLd />
      <Hero />
      <FeatureGrid />
      <MethodologySection />
      <FeatureCategories />
      <EnterpriseSection />
      <Testimonials />
      <FinalCallToAction />
    </PublicLayout>
  );
}
