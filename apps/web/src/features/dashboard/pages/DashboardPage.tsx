import { useSession } from '../../../lib/session-store';
import { usePageMeta } from '../../../lib/page-meta';
import { useTerminology } from '../../terminology/terminology.api';
import { useDashboardSection } from '../dashboard.api';
import { FollowTeams } from '../components/FollowTeams';
import { HeadlinesSection, IssuesSection } from '../components/IssuesHeadlinesSections';
import { NumbersToEnterSection } from '../components/NumbersToEnterSection';
import { PrioritiesSections } from '../components/PrioritiesSections';
import { RunningMeetingsNotice } from '../components/RunningMeetingsNotice';
import { TodosSection } from '../components/TodosSection';

/** /dashboard: the signed-in person's own work across all their teams, live. */
export default function DashboardPage() {
  const terms = useTerminology();
  usePageMeta({
    title: 'My dashboard',
    description: `Your ${[terms.priorities_label, terms.milestones_label, terms.todos_label, terms.issues_label].join(
      ', ',
    )} and headlines`,
    robots: 'noindex,nofollow',
  });
  const firstName = useSession((state) => state.user?.firstName);
  // The sections read the same cached queries; here they only tell which teams to follow live.
  const priorities = useDashboardSection('priorities');
  const todos = useDashboardSection('todos');
  const issues = useDashboardSection('issues');
  const headlines = useDashboardSection('headlines');
  return (
    <div className="mx-auto grid max-w-6xl gap-4 py-4">
      <FollowTeams sections={[priorities.data, todos.data, issues.data, headlines.data]} />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h1 className="text-2xl font-semibold text-slate-900 dark:text-white">My dashboard</h1>
          {firstName ? (
            <p className="text-sm text-slate-600 dark:text-slate-300">
              {firstName}, here is your work across all your teams.
            </p>
          ) : null}
        </div>
      </div>
      <RunningMeetingsNotice />
      <div className="grid gap-4 lg:grid-cols-2">
        <NumbersToEnterSection />
        <TodosSection />
        <div className="grid gap-4">
          <PrioritiesSections />
        </div>
        <IssuesSection />
        <HeadlinesSection />
      </div>
    </div>
  );
}
