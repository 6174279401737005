import { useState } from 'react';
import type { Department } from '@keel/contract';
import { errorText } from '../../../lib/api-client';
import { usePageMeta } from '../../../lib/page-meta';
import { useSession } from '../../../lib/session-store';
import { Banner } from '../../../ui/Banner';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { Checkbox } from '../../../ui/Checkbox';
import { Spinner } from '../../../ui/Spinner';
import { useSelectedDepartment } from '../../departments/departments.api';
import { useTerminology } from '../../terminology/terminology.api';
import { ReceivedMessages, SentMessages } from '../components/CascadingMessages';
import { CreateHeadlineForm } from '../components/CreateHeadlineForm';
import { SendMessageDialog } from '../components/SendMessageDialog';
import { TeamHeadlineList } from '../components/TeamHeadlineList';
import { usePeople } from '../../people/people.api';
import { useHeadlines } from '../headlines.api';
import { termPlural } from '../../terminology/term-words';

function TeamHeadlines({ team, departments }: { team: Department; departments: Department[] }) {
  const user = useSession((state) => state.user);
  const terms = useTerminology();
  const readOnly = user?.role === 'observer';
  const [showArchived, setShowArchived] = useState(false);
  const [sending, setSending] = useState(false);
  const headlines = useHeadlines(team.id, showArchived);
  const people = usePeople();
  const items = headlines.data?.pages.flatMap((page) => page.data) ?? [];

  return (
    <div className="space-y-6">
      {readOnly ? null : (
        <Card>
          <h2 className="mb-3 text-lg font-semibold text-slate-900 dark:text-white">Add a headline</h2>
          <CreateHeadlineForm teamId={team.id} userId={user?.id ?? ''} people={people.data ?? []} />
        </Card>
      )}
      <Card className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 className="text-lg font-semibold text-slate-900 dark:text-white">{team.name}</h2>
          <Checkbox
            label="Show archived"
            checked={showArchived}
            onChange={(event) => setShowArchived(event.target.checked)}
          />
        </div>
        <ReceivedMessages teamId={team.id} readOnly={readOnly} />
        <TeamHeadlineList
          headlines={headlines}
          items={items}
          readOnly={readOnly}
          empty={
            <p className="text-sm text-slate-600 dark:text-slate-400">
              No headlines yet. Share good or bad news about customers and employees for the next meeting.
            </p>
          }
        />
      </Card>
      <Card className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 className="text-lg font-semibold text-slate-900 dark:text-white">Sent cascading messages</h2>
          {readOnly ? null : (
            <Button variant="secondary" onClick={() => setSending(true)}>
              Send to other {termPlural(terms, 'team_label')}
            </Button>
          )}
        </div>
        <SentMessages teamId={team.id} />
      </Card>
      {sending ? (
        <SendMessageDialog
          fromTeam={team}
          teams={departments.filter((department) => department.id !== team.id)}
          teamLabel={terms.team_label}
          onClose={() => setSending(false)}
        />
      ) : null}
    </div>
  );
}

export default function HeadlinesPage() {
  usePageMeta({
    title: 'Headlines',
    description: 'Good and bad news about customers and employees.',
    robots: 'noindex,nofollow',
  });
  const { query, departments, selected } = useSelectedDepartment();
  return (
    <section aria-labelledby="page-title" className="mx-auto max-w-5xl space-y-6 py-6">
      <h1 id="page-title" className="text-2xl font-bold text-slate-900 dark:text-white">
        Headlines
      </h1>
      {query.isPending ? (
        <Spinner label="Loading" className="size-6" />
      ) : query.isError ? (
        <Banner tone="error">
          {errorText(query.error, 'Your teams could not be loaded. Please refresh the page.')}
        </Banner>
      ) : !selected ? (
        <Banner tone="info">Join a team to see and share its headlines.</Banner>
      ) : (
        <TeamHeadlines key={selected.id} team={selected} departments={departments} />
      )}
    </section>
  );
}
