import { useState } from 'react';
import Sparkles from 'lucide-react/icons/sparkles';
import { Link } from 'react-router';
import { fiscalQuarterOf, toIsoDate, type FiscalQuarterInfo, type Priority } from '@keel/contract';
import { errorText } from '../../../lib/api-client';
import { useTeamListPage } from '../../../lib/team-list-page';
import { Banner } from '../../../ui/Banner';
import { Button, buttonClasses } from '../../../ui/Button';
import { Checkbox } from '../../../ui/Checkbox';
import { SelectField } from '../../../ui/FormFields';
import { EmptyNote, LIST_CARD_CLASSES, ListPage, ListStates } from '../../../ui/ListPage';
import { useAnnualGoals } from '../../business-plan/annual-goals.api';
import { GoalAlignment } from '../../business-plan/components/GoalAlignment';
import { ImportLink } from '../../imports/components/ImportLink';
import { useTerminology } from '../../terminology/terminology.api';
import { useAssignablePeople } from '../../people/people.api';
import { useFiscalQuarters, usePriorityList, type QuarterSelection } from '../priorities.api';
import { previousQuarter, quarterEnd, quarterName } from '../priority-format';
import { CloseQuarterBanner } from './CloseQuarterBanner';
import { CreatePriorityDialog } from './CreatePriorityDialog';
import { PriorityDetailDialog } from './PriorityDetailDialog';
import { PriorityRow } from './PriorityRow';
import { termPlural } from '../../terminology/term-words';

interface PrioritiesViewProps {
  teamId: string;
  teamName: string;
}

const PAST_QUARTERS = 4;
const PLANNING = 'planning';

/** The current quarter, the four before it (to look back) and the planning view of the coming ones. */
function quarterOptions(quarters: FiscalQuarterInfo[], startMonth: number) {
  const current = quarters.find((quarter) => quarter.current) ?? quarters[0];
  if (!current) return [];
  const past: { year: number; quarter: number }[] = [];
  let cursor = fiscalQuarterOf(new Date(`${current.start}T00:00:00Z`), startMonth);
  for (let index = 0; index < PAST_QUARTERS; index += 1) {
    cursor = previousQuarter(cursor);
    past.unshift(cursor);
  }
  return [...past, current].map((quarter) => ({ ...quarter, end: quarterEnd(quarter, startMonth) }));
}

/** Groups keep the list's order; owners sorted by name. */
function byOwner(priorities: Priority[]) {
  const groups = new Map<string, { name: string; items: Priority[] }>();
  for (const priority of priorities) {
    const group = groups.get(priority.ownerId) ?? { name: priority.owner.name, items: [] };
    group.items.push(priority);
    groups.set(priority.ownerId, group);
  }
  return [...groups.entries()].sort(([, a], [, b]) => a.name.localeCompare(b.name));
}

/** One team's quarterly priorities: quarter filter, planning view, group by owner, create and the detail dialog. */
export function PrioritiesView({ teamId, teamName }: PrioritiesViewProps) {
  const terms = useTerminology();
  const plural = terms.priorities_label;
  const singular = terms.priority_singular;
  const { user, readOnly, reload } = useTeamListPage(plural, teamName, 'priority');
  const fiscal = useFiscalQuarters();
  const people = useAssignablePeople();
  const [choice, setChoice] = useState<string | null>(null);
  const [grouped, setGrouped] = useState(false);
  const [includeArchived, setIncludeArchived] = useState(false);
  const [creating, setCreating] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);

  const quarters = fiscal.data?.quarters ?? [];
  const startMonth = fiscal.data?.fiscalYearStartMonth ?? 1;
  const current = quarters.find((quarter) => quarter.current) ?? null;
  const options = quarterOptions(quarters, startMonth);
  const chosenKey = choice ?? (current ? `${current.year}-${current.quarter}` : null);
  const chosen = options.find((quarter) => `${quarter.year}-${quarter.quarter}` === chosenKey);
  const selection: QuarterSelection | null =
    chosenKey === PLANNING ? { kind: 'planning' } : chosen ? { kind: 'quarter', ...chosen } : null;
  const list = usePriorityList(teamId, selection, includeArchived);
  const priorities = list.data?.data ?? [];
  const open = priorities.find((priority) => priority.id === openId);
  const planning = selection?.kind === 'planning';
  const creatable = quarters.length > 0 ? quarters : [];
  const goalYear = (planning ? quarters[1] : chosen)?.year ?? current?.year;
  const goals = useAnnualGoals(goalYear ?? 0, undefined, { enabled: goalYear !== undefined });
  const goalTitles = new Map((goals.data?.data ?? []).map((goal) => [goal.id, goal.title]));
  const initialQuarter =
    (planning ? quarters[1] : quarters.find((q) => q.year === chosen?.year && q.quarter === chosen.quarter)) ?? current;

  const rows = (items: Priority[]) => (
    <ul aria-label={plural} className={LIST_CARD_CLASSES}>
      {items.map((priority) => (
        <PriorityRow
          key={priority.id}
          priority={priority}
          terms={terms}
          showQuarter={planning}
          goalTitle={priority.annualGoalId ? goalTitles.get(priority.annualGoalId) : undefined}
          onOpen={() => setOpenId(priority.id)}
        />
      ))}
    </ul>
  );

  return (
    <ListPage
      titleId="priorities-title"
      title={plural}
      subtitle={teamName}
      actions={
        readOnly || !user ? null : (
          <div className="flex flex-wrap gap-2">
            <ImportLink to="/priorities/import" label={`Import ${plural}`} />
            <Link
              to={`/organizations/${user.organizationId}/smart-rock-assistant`}
              className={buttonClasses('secondary', 'md', 'inline-flex items-center gap-2')}
            >
              <Sparkles aria-hidden className="size-4" />
              Assistant
            </Link>
            {current ? <Button onClick={() => setCreating(true)}>New {singular}</Button> : null}
          </div>
        )
      }
    >
      <div className="flex flex-wrap items-end gap-4">
        <SelectField
          label={terms.quarter_label}
          inputClassName="w-56"
          value={chosenKey ?? ''}
          disabled={!current}
          onChange={(event) => setChoice(event.target.value)}
        >
          {options.map((quarter) => (
            <option key={`${quarter.year}-${quarter.quarter}`} value={`${quarter.year}-${quarter.quarter}`}>
              {quarterName(terms.quarter_label, quarter)}
              {current && quarter.year === current.year && quarter.quarter === current.quarter ? ' (current)' : ''}
            </option>
          ))}
          <option value={PLANNING}>Planning: coming {termPlural(terms, 'quarter_label')}</option>
        </SelectField>
        <Checkbox label="Group by owner" checked={grouped} onChange={(event) => setGrouped(event.target.checked)} />
        <Checkbox
          label="Show archived"
          checked={includeArchived}
          onChange={(event) => setIncludeArchived(event.target.checked)}
        />
      </div>

      {chosen && !planning && !readOnly ? (
        <CloseQuarterBanner
          teamId={teamId}
          quarter={chosen}
          priorities={priorities.filter((priority) => priority.archivedAt === null)}
          quarterLabel={terms.quarter_label}
          prioritySingular={singular}
          prioritiesLabel={plural}
          today={toIsoDate(new Date())}
        />
      ) : null}
      {fiscal.isError ? (
        <Banner tone="error">{errorText(fiscal.error, 'The fiscal calendar could not be loaded.')}</Banner>
      ) : (
        <ListStates
          query={list}
          pending={fiscal.isPending || list.isPending}
          loadingLabel={`Loading ${plural}`}
          errorFallback={`The ${plural} could not be loaded.`}
          isEmpty={priorities.length === 0}
          empty={
            <EmptyNote>
              No {plural} {planning ? 'planned yet' : `for this ${terms.quarter_label}`}.
              {readOnly ? '' : ` Add the first one with “New ${singular}”.`}
            </EmptyNote>
          }
        >
          {grouped
            ? byOwner(priorities).map(([ownerId, group]) => (
                <section key={ownerId} aria-label={group.name} className="grid gap-1">
                  <h2 className="text-sm font-semibold text-slate-800 dark:text-slate-200">
                    {group.name} <span className="font-normal text-slate-600">({group.items.length})</span>
                  </h2>
                  {rows(group.items)}
                </section>
              ))
            : rows(priorities)}
        </ListStates>
      )}
      {goals.data && goalYear !== undefined && priorities.length + goals.data.data.length > 0 ? (
        <GoalAlignment
          goals={goals.data.data}
          priorities={priorities}
          teamId={teamId}
          goalsLabel={terms.annual_goals_label}
          prioritiesLabel={plural}
          year={goalYear}
        />
      ) : null}
      {list.data?.truncated ? (
        <Banner tone="info">Only the first 500 are shown. Filter by {terms.quarter_label} to see the rest.</Banner>
      ) : null}

      {creating && user && initialQuarter ? (
        <CreatePriorityDialog
          teamId={teamId}
          people={people.data ?? []}
          currentUserId={user.id}
          quarters={creatable}
          initialQuarter={initialQuarter}
          terms={terms}
          onClose={() => setCreating(false)}
        />
      ) : null}
      {open ? (
        <PriorityDetailDialog
          priority={open}
          people={people.data ?? []}
          terms={terms}
          readOnly={readOnly}
          onClose={() => setOpenId(null)}
          onReload={reload}
        />
      ) : null}
    </ListPage>
  );
}
