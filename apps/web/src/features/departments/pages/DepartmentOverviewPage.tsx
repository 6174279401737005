import { useId, type ComponentType, type ReactNode, type SVGProps } from 'react';
import { Link } from 'react-router';
import CalendarDays from 'lucide-react/icons/calendar-days';
import ChartColumn from 'lucide-react/icons/chart-column';
import CircleAlert from 'lucide-react/icons/circle-alert';
import Crown from 'lucide-react/icons/crown';
import ListTodo from 'lucide-react/icons/list-todo';
import Target from 'lucide-react/icons/target';
import type { DepartmentOverview, Terminology } from '@keel/contract';
import { ApiError } from '../../../lib/api-error';
import { usePageMeta } from '../../../lib/page-meta';
import { countOf } from '../../../lib/words';
import { Banner } from '../../../ui/Banner';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { Spinner } from '../../../ui/Spinner';
import { linkClasses } from '../../../ui/TextLink';
import { formatDateTime } from '../../meetings/components/meeting-words';
import { meetingsLabel } from '../../terminology/term-words';
import { useTerminology } from '../../terminology/terminology.api';
import { RouteDepartmentGate } from '../components/DepartmentGate';
import { useDepartmentOverview } from '../departments.api';

/** /departments/:departmentId: one department at a glance, each figure leading to its own page. */
export default function DepartmentOverviewPage() {
  const terms = useTerminology();
  return (
    <RouteDepartmentGate plural={`${terms.department_label} overview`}>
      {(team) => <Overview key={team.id} teamId={team.id} knownName={team.name} />}
    </RouteDepartmentGate>
  );
}

/** Links stay 44 px tall under a finger. */
const coarseTarget = 'pointer-coarse:inline-flex pointer-coarse:min-h-11 pointer-coarse:items-center';
const figure = (count: number) => count.toLocaleString('en-US');
const joined = (parts: (string | false)[]) => parts.filter((part): part is string => part !== false).join(' · ');

function Overview({ teamId, knownName }: { teamId: string; knownName: string }) {
  const terms = useTerminology();
  const query = useDepartmentOverview(teamId);
  const overview = query.data;
  const name = overview?.team.name ?? knownName;
  const titleId = useId();
  usePageMeta({
    title: name,
    description: `${name}: its ${terms.priorities_label}, ${terms.scorecard_label}, ${meetingsLabel(terms)}, ${terms.todos_label} and ${terms.issues_label}.`,
    robots: 'noindex,nofollow',
  });
  // A malformed id in the address (400) names no department either.
  const missing = query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400);

  return (
    <section aria-labelledby={titleId} className="mx-auto grid max-w-5xl grid-cols-1 gap-4 py-6">
      <header>
        <h1
          id={titleId}
          className="flex items-center gap-2 text-2xl font-bold wrap-anywhere text-slate-900 dark:text-white"
        >
          {overview?.team.isLeadershipTeam ? (
            <Crown aria-label="Leadership team" role="img" className="size-5 shrink-0 text-amber-600" />
          ) : null}
          {name}
        </h1>
        {overview ? (
          <p className="text-sm text-slate-600 dark:text-slate-300">
            {joined([
              countOf(overview.team.memberCount, 'member', 'members'),
              `${terms.quarter_label} ${overview.quarter.quarter} ${overview.quarter.year}`,
            ])}
          </p>
        ) : null}
      </header>
      {query.isPending ? (
        <Spinner className="size-6" label={`Loading ${terms.department_label} overview`} />
      ) : query.isError ? (
        <Banner
          tone="error"
          action={
            missing ? undefined : (
              <Button size="sm" variant="secondary" onClick={() => void query.refetch()}>
                Try again
              </Button>
            )
          }
        >
          {missing
            ? `This ${terms.department_label} does not exist or has been archived.`
            : `This ${terms.department_label}'s overview could not be loaded.`}
        </Banner>
      ) : (
        <Tiles overview={query.data} terms={terms} teamId={teamId} />
      )}
    </section>
  );
}

function Tiles({ overview, terms, teamId }: { overview: DepartmentOverview; terms: Terminology; teamId: string }) {
  const base = `/departments/${encodeURIComponent(teamId)}`;
  const { priorities, todos, issues, measurables, meetings } = overview;
  const meetingsWord = meetingsLabel(terms);
  return (
    <ul
      className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3"
      aria-label={`${overview.team.name} at a glance`}
    >
      <Tile to={`${base}/priorities`} title={terms.priorities_label} Icon={Target}>
        {priorities.total === 0 ? (
          <Empty>
            No {terms.priorities_label} this {terms.quarter_label}
          </Empty>
        ) : (
          <Figures
            lines={[
              `${figure(priorities.total)} this ${terms.quarter_label}`,
              joined([
                `${figure(priorities.onTrack)} on track`,
                `${figure(priorities.offTrack)} off track`,
                `${figure(priorities.complete)} complete`,
                priorities.notComplete > 0 && `${figure(priorities.notComplete)} not complete`,
              ]),
            ]}
          />
        )}
      </Tile>
      <Tile to={`${base}/scorecard`} title={terms.scorecard_label} Icon={ChartColumn}>
        {measurables.active === 0 ? (
          <Empty>No measurables yet</Empty>
        ) : (
          <Figures lines={[`${countOf(measurables.active, 'measurable', 'measurables')} tracked`]} />
        )}
      </Tile>
      <Tile to={`${base}/meetings`} title={meetingsWord} Icon={CalendarDays}>
        <div className="grid gap-1 text-sm text-slate-700 dark:text-slate-200">
          {meetings.running ? (
            <p>
              In progress now.{' '}
              <Link
                to={`/meetings/${encodeURIComponent(meetings.running.typeKey)}/${encodeURIComponent(teamId)}`}
                className={`${linkClasses} ${coarseTarget}`}
              >
                Join {meetings.running.name}
              </Link>
            </p>
          ) : null}
          <p>
            {meetings.next
              ? `Next: ${meetings.next.name}, ${formatDateTime(meetings.next.startsAt)}`
              : 'No meeting scheduled'}
          </p>
          <p>
            {meetings.lastConcluded
              ? `Last held: ${meetings.lastConcluded.name}, ended ${formatDateTime(meetings.lastConcluded.endedAt)}`
              : 'No meeting held yet'}
          </p>
        </div>
      </Tile>
      <Tile to={`${base}/todos`} title={terms.todos_label} Icon={ListTodo}>
        {todos.open === 0 ? (
          <Empty>No open {terms.todos_label}</Empty>
        ) : (
          <Figures lines={[joined([`${figure(todos.open)} open`, `${figure(todos.overdue)} overdue`])]} />
        )}
      </Tile>
      <Tile to={`${base}/issues`} title={terms.issues_label} Icon={CircleAlert}>
        {issues.open === 0 ? (
          <Empty>No open {terms.issues_label}</Empty>
        ) : (
          <Figures lines={[`${figure(issues.open)} open`]} />
        )}
      </Tile>
    </ul>
  );
}

interface TileProps {
  to: string;
  title: string;
  Icon: ComponentType<SVGProps<SVGSVGElement>>;
  children: ReactNode;
}

/** One child page: its name is the link, its figures below. */
function Tile({ to, title, Icon, children }: TileProps) {
  return (
    <li className="min-w-0">
      <Card className="flex h-full flex-col gap-2 p-4">
        <h2 className="flex items-center gap-2 text-base font-semibold text-slate-900 dark:text-white">
          <Icon aria-hidden="true" className="size-5 shrink-0 text-slate-500 dark:text-slate-400" />
          <Link to={to} className={`${linkClasses} wrap-anywhere ${coarseTarget}`}>
            {title}
          </Link>
        </h2>
        {children}
      </Card>
    </li>
  );
}

function Figures({ lines }: { lines: string[] }) {
  return (
    <div className="grid gap-1 text-sm text-slate-700 dark:text-slate-200">
      {lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
    </div>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return <p className="text-sm text-slate-600 dark:text-slate-300">{children}</p>;
}
