import { useSearchParams } from 'react-router';
import type { AdminDepartment } from '@keel/contract';
import { usePageMeta } from '../../../lib/page-meta';
import { useRealtimeTeam } from '../../../lib/realtime-react';
import { SelectField } from '../../../ui/FormFields';
import { EmptyNote, ListPage, ListStates, ShowMore } from '../../../ui/ListPage';
import { useAllDepartments } from '../../departments/departments.api';
import { useTerminology } from '../../terminology/terminology.api';
import { localToday } from '../../todos/todo-dates';
import { useAccountability } from '../accountability.api';
import { PersonCard } from '../components/PersonCard';

/** Below the hub's limit of teams a page may follow, leaving room for the layout's own. */
const FOLLOWED_TEAMS_MAX = 40;

function FollowTeam({ teamId }: { teamId: string }) {
  useRealtimeTeam(teamId);
  return null;
}

/** Live updates of the teams whose objects the cards may show: the chosen one, or every team (a hook per team). */
function FollowTeams({ teams, teamId }: { teams: readonly AdminDepartment[]; teamId: string | null }) {
  const ids = teamId ? [teamId] : teams.slice(0, FOLLOWED_TEAMS_MAX).map((team) => team.id);
  return (
    <>
      {ids.map((id) => (
        <FollowTeam key={id} teamId={id} />
      ))}
    </>
  );
}

/** /accountability: who owns what, one card per person, filtered by team, live. */
export default function AccountabilityPage() {
  const terms = useTerminology();
  usePageMeta({
    title: 'Accountability',
    description: `Who owns what: each person's seats, ${terms.priorities_label}, ${terms.scorecard_label}, ${terms.todos_label} and ${terms.issues_label}`,
    robots: 'noindex,nofollow',
  });
  const [params, setParams] = useSearchParams();
  const teams = useAllDepartments(false);
  const teamList = [...(teams.data ?? [])].sort((a, b) => a.name.localeCompare(b.name));
  const teamId = params.get('team');
  const people = useAccountability(teamId);
  const pages = people.data?.pages ?? [];
  const cards = pages.flatMap((page) => page.data);
  const quarter = pages[0]?.quarter;
  const today = localToday();
  const chooseTeam = (id: string) => setParams(id ? { team: id } : {}, { replace: true });

  return (
    <ListPage
      titleId="accountability-title"
      title="Accountability"
      subtitle={
        `Who owns what: each person's seats on the ${terms.accountability_chart_label}, ` +
        `${terms.priorities_label}${quarter ? ` of ${terms.quarter_label} ${quarter.quarter}, ${quarter.year}` : ''}, ` +
        `${terms.scorecard_label}, and open ${terms.todos_label} and ${terms.issues_label}.`
      }
    >
      <FollowTeams teams={teamList} teamId={teamId} />
      <SelectField
        label={terms.team_label}
        className="max-w-xs"
        value={teamId ?? ''}
        onChange={(event) => chooseTeam(event.target.value)}
        disabled={teams.isPending}
      >
        <option value="">Everyone</option>
        {teamList.map((team) => (
          <option key={team.id} value={team.id}>
            {team.name}
          </option>
        ))}
        {teamId && !teams.isPending && !teamList.some((team) => team.id === teamId) ? (
          <option value={teamId}>Unknown {terms.team_label}</option>
        ) : null}
      </SelectField>
      <ListStates
        query={people}
        loadingLabel="Loading who owns what"
        errorFallback="Who owns what could not be loaded. Please try again."
        isEmpty={cards.length === 0}
        empty={
          <EmptyNote>
            {teamId ? `This ${terms.team_label} has no active members.` : 'Your organization has no active members.'}
          </EmptyNote>
        }
      >
        <div className="grid gap-4">
          {cards.map((card) => (
            <PersonCard key={card.person.id} card={card} terms={terms} today={today} />
          ))}
        </div>
        <ShowMore
          className="flex justify-center"
          label="Load more people"
          hasMore={people.hasNextPage}
          loading={people.isFetchingNextPage}
          onMore={() => people.fetchNextPage()}
        />
      </ListStates>
    </ListPage>
  );
}
