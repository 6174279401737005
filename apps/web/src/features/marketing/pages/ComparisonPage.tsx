import { usePageMeta } from '../../../lib/page-meta';
import { ComparisonView } from '../components/ComparisonView';
import { GENERAL_COMPARISON } from '../content/comparison-general';

export default function ComparisonPage() {
  usePageMeta({
    title: 'How Keel compares',
    description:
      'An honest comparison of Keel with spreadsheets and slide decks and with other business-operating-system tools, including which Keel features work today and which are being built.',
    keywords:
      'business operating system comparison, spreadsheet alternative, leadership team software, execution software',
  });
  return <ComparisonView content={GENERAL_COMPARISON} />;
}
