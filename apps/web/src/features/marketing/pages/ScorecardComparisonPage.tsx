import { usePageMeta } from '../../../lib/page-meta';
import { ComparisonView } from '../components/ComparisonView';
import { SCORECARD_COMPARISON } from '../content/comparison-scorecard';

export default function ScorecardComparisonPage() {
  usePageMeta({
    title: 'Scorecard compared',
    description:
      'How Keel’s weekly and monthly scorecard, with red, yellow and green goal tracking and trends, compares with a spreadsheet and with other business-operating-system tools.',
    keywords: 'business scorecard, KPI scorecard, weekly metrics, scorecard spreadsheet alternative',
  });
  return <ComparisonView content={SCORECARD_COMPARISON} />;
}
