import { usePageMeta } from '../../../lib/page-meta';
import { ComparisonView } from '../components/ComparisonView';
import { DASHBOARD_COMPARISON } from '../content/comparison-dashboard';

export default function DashboardComparisonPage() {
  usePageMeta({
    title: 'Personal dashboard compared',
    description:
      'How Keel’s personal dashboard of priorities, to-dos, issues and metrics compares with a shared status spreadsheet and with other business-operating-system tools.',
    keywords: 'leadership dashboard, personal dashboard, status spreadsheet alternative, priorities dashboard',
  });
  return <ComparisonView content={DASHBOARD_COMPARISON} />;
}
