import { useId, useState } from 'react';
import { fiscalQuarterOf, type FiscalQuarterInfo, type Priority } from '@keel/contract';
import { useQueryClient } from '@tanstack/react-query';
import { errorText } from '../../../lib/api-client';
import { usePageMeta } from '../../../lib/page-meta';
import { useOrganizationId, useSession } from '../../../lib/session-store';
import { Banner } from '../../../ui/Banner';
import { Button } from '../../../ui/Button';
import { Checkbox } from '../../../ui/Checkbox';
import { inputClasses } from '../../../ui/Field';
import { Spinner } from '../../../ui/Spinner';
import { useTerminology } from '../../terminology/terminology.api';
import { usePeople } from '../../todos/todos.api';
import { priorityKeys, useFiscalQuarters, usePriorityList, type QuarterSelection } from '../priorities.api';
import { previousQuarter, quarterEnd, quarterName } from '../priority-format';
import { CreatePriorityDialog } from './CreatePriorityDialog';
import { PriorityDetailDialog } from './PriorityDetailDialog';
import { PriorityRow } from './PriorityRow';

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
  usePageMeta({ title: plural, description: `${plural} of ${teamName}`, robots: 'noindex,nofollow' });
  const user = useSession((state) => state.user);
  const readOnly = user?.role === 'observer';
  const organizationId = useOrganizationId() ?? 'none';
  const queryClient = useQueryClient();
  const fiscal = useFiscalQuarters();
  const people = usePeople();
  const [choice, setChoice] = useState<string | null>(null);
  const [grouped, setGrouped] = useState(false);
  const [includeArchived, setIncludeArchived] = useState(false);
  const [creating, setCreating] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);
  const selectId = useId();

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
  const reload = () => void queryClient.invalidateQueries({ queryKey: priorityKeys.all(organizationId) });
  const planning = selection?.kind === 'planning';
  const creatable = quarters.length > 0 ? quarters : [];
  const initialQuarter =
    (planning ? quarters[1] : quarters.find((q) => q.year === chosen?.year && q.quarter === chosen.quarter)) ?? current;

  const rows = (items: Priority[]) => (
    <ul
      aria-label={plural}
      className="rounded-lg border border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900"
    >
      {items.map((priority) => (
        <PriorityRow
          key={priority.id}
          priority={priority}
          terms={terms}
          showQuarter={planning}
          onOpen={() => setOpenId(priority.id)}
        />
      ))}
    </ul>
  );

  return (
    <section aria-labelledby="priorities-title" className="mx-auto grid max-w-5xl gap-4 py-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 id="priorities-title" className="text-2xl font-bold text-slate-900 dark:text-white">
            {plural}
          </h1>
          <p className="text-sm text-slate-600 dark:text-slate-300">{teamName}</p>
        </div>
        {readOnly || !user || !current ? null : (
          <Button onClick={() => setCreating(true)}>New {singular.toLowerCase()}</Button>
        )}
      </header>

      <div className="flex flex-wrap items-end gap-4">
        <div>
          <label htmlFor={selectId} className="mb-1 block text-sm font-medium text-slate-800 dark:text-slate-200">
            {terms.quarter_label}
          </label>
          <select
            id={selectId}
            value={chosenKey ?? ''}
            disabled={!current}
            onChange={(event) => setChoice(event.target.value)}
            className={inputClasses(false, 'w-56')}
          >
            {options.map((quarter) => (
              <option key={`${quarter.year}-${quarter.quarter}`} value={`${quarter.year}-${quarter.quarter}`}>
                {quarterName(terms.quarter_label, quarter)}
                {current && quarter.year === current.year && quarter.quarter === current.quarter ? ' (current)' : ''}
              </option>
            ))}
            <option value={PLANNING}>Planning: coming {terms.quarter_label.toLowerCase()}s</option>
          </select>
        </div>
        <Checkbox label="Group by owner" checked={grouped} onChange={(event) => setGrouped(event.target.checked)} />
        <Checkbox
          label="Show archived"
          checked={includeArchived}
          onChange={(event) => setIncludeArchived(event.target.checked)}
        />
      </div>

      {fiscal.isError ? (
        <Banner tone="error">{errorText(fiscal.error, 'The fiscal calendar could not be loaded.')}</Banner>
      ) : fiscal.isPending || list.isPending ? (
        <Spinner className="size-6" label={`Loading ${plural.toLowerCase()}`} />
      ) : list.isError ? (
        <Banner
          tone="error"
          action={
            <Button size="sm" variant="secondary" onClick={() => void list.refetch()}>
              Try again
            </Button>
          }
        >
          {errorText(list.error, `The ${plural.toLowerCase()} could not be loaded.`)}
        </Banner>
      ) : priorities.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-700 dark:border-slate-700 dark:text-slate-300">
          No {plural.toLowerCase()} {planning ? 'planned yet' : `for this ${terms.quarter_label.toLowerCase()}`}.
          {readOnly ? '' : ` Add the first one with “New ${singular.toLowerCase()}”.`}
        </p>
      ) : grouped ? (
        byOwner(priorities).map(([ownerId, group]) => (
          <section key={ownerId} aria-label={group.name} className="grid gap-1">
            <h2 className="text-sm font-semibold text-slate-800 dark:text-slate-200">
              {group.name} <span className="font-normal text-slate-600">({group.items.length})</span>
            </h2>
            {rows(group.items)}
          </section>
        ))
      ) : (
        rows(priorities)
      )}
      {list.data?.truncated ? (
        <Banner tone="info">
          Only the first 500 are shown. Filter by {terms.quarter_label.toLowerCase()} to see the rest.
        </Banner>
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
    </section>
  );
}
