import { usePageMeta } from '../../../lib/page-meta';
import { PublicLayout } from '../components/PublicLayout';
import { SoftwareApplicationJsonLd } from '../components/SoftwareApplicationJsonLd';
import { EnterpriseSection } from '../components/home/EnterpriseSection';
import { FeatureCategories } from '../components/home/FeatureCategories';
import { FeatureGrid } from '../components/home/FeatureGrid';
import { FinalCallToAction } from '../components/home/FinalCallToAction';
import { Hero } from '../components/home/Hero';
import { MethodologySection } from '../components/home/MethodologySection';
import { PricingSection } from '../components/home/PricingSection';
import { Testimonials } from '../components/home/Testimonials';
import { useMarketingContent } from '../marketing-content.api';

export default function HomePage() {
  usePageMeta({
    title: 'Run your organization on one rhythm',
    description:
      'Keel brings quarterly priorities, scorecards, issues, to-dos, meetings and a two-page business plan together, in the vocabulary of the methodology your team uses. An affordable alternative to other business-operating-system tools. 30-day free trial, no credit card.',
    keywords:
      'business operating system, quarterly priorities, scorecard, issues list, to-dos, leadership meetings, business plan, strategic planning, execution software',
  });

  const claims = useMarketingContent();

  return (
    <PublicLayout patentNotice={claims?.patentPending ?? null}>
      <SoftwareApplicationJsonLd aggregateRating={claims?.aggregateRating ?? null} />
      <Hero />
      <FeatureGrid />
      <MethodologySection />
      <FeatureCategories />
      <EnterpriseSection soc2Type2={claims?.soc2Type2 ?? null} />
      <Testimonials testimonials={claims?.testimonials ?? []} />
      <PricingSection />
      <FinalCallToAction />
    </PublicLayout>
  );
}
