import { useState } from 'react';
import type { Document } from '@keel/contract';
import { errorText } from '../../../lib/api-client';
import { Banner } from '../../../ui/Banner';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/Field';
import { SelectField } from '../../../ui/FormFields';
import { useMyDepartments } from '../../departments/departments.api';
import { useIssueList } from '../../issues/issues.api';
import { useFiscalQuarters, usePriorityList } from '../../priorities/priorities.api';
import { useTerminology } from '../../terminology/terminology.api';
import { useTodoList } from '../../todos/todos.api';
import { useLinkDocument } from '../documents.api';

type PickableTarget = 'priority' | 'issue' | 'todo';

interface Candidate {
  id: string;
  title: string;
}

interface CandidatesProps {
  teamId: string;
  label: string;
  excluded: Set<string>;
  search: string;
  value: string;
  onChange: (id: string) => void;
}

/** The open priorities of the current quarter. */
function PriorityCandidates(props: CandidatesProps) {
  const quarters = useFiscalQuarters();
  const current = quarters.data?.quarters.find((quarter) => quarter.current);
  const list = usePriorityList(
    props.teamId,
    current ? { kind: 'quarter', year: current.year, quarter: current.quarter } : null,
  );
  return <CandidateSelect {...props} query={list} items={list.data?.data ?? []} />;
}

function IssueCandidates(props: CandidatesProps) {
  const list = useIssueList(props.teamId, { horizon: 'short_term', status: 'open', search: '' });
  return <CandidateSelect {...props} query={list} items={list.data?.pages.flatMap((page) => page.data) ?? []} />;
}

function TodoCandidates(props: CandidatesProps) {
  const list = useTodoList(props.teamId, { status: 'open', ownerId: null, sort: 'title' });
  return <CandidateSelect {...props} query={list} items={list.data?.pages.flatMap((page) => page.data) ?? []} />;
}

function CandidateSelect({
  label,
  excluded,
  search,
  value,
  onChange,
  query,
  items,
}: CandidatesProps & { query: { isPending: boolean; isError: boolean; error: unknown }; items: Candidate[] }) {
  const wanted = search.trim().toLocaleLowerCase();
  const matching = items.filter((item) => !excluded.has(item.id) && item.title.toLocaleLowerCase().includes(wanted));
  if (query.isError) return <Banner tone="error">{errorText(query.error, 'The items could not be loaded.')}</Banner>;
  return (
    <SelectField
      label={label}
      value={value}
      disabled={query.isPending}
      onChange={(event) => onChange(event.target.value)}
    >
      <option value="">
        {query.isPending ? 'Loading…' : matching.length === 0 ? 'Nothing to link' : 'Choose one'}
      </option>
      {matching.map((item) => (
        <option key={item.id} value={item.id}>
          {item.title}
        </option>
      ))}
    </SelectField>
  );
}

const CANDIDATES = { priority: PriorityCandidates, issue: IssueCandidates, todo: TodoCandidates };

/** Links the document to a priority, issue or to-do chosen by team and title. */
export function LinkPicker({ document, onDone }: { document: Document; onDone: () => void }) {
  const terms = useTerminology();
  const teams = useMyDepartments().data?.departments ?? [];
  const [target, setTarget] = useState<PickableTarget>('priority');
  const [teamId, setTeamId] = useState<string | null>(null);
  const chosenTeam = teamId ?? teams[0]?.id ?? null;
  const [search, setSearch] = useState('');
  const [itemId, setItemId] = useState('');
  const link = useLinkDocument();
  const excluded = new Set(
    document.links.filter((existing) => existing.target === target).map((existing) => existing.targetId),
  );
  const Candidates = CANDIDATES[target];
  const names: Record<PickableTarget, string> = {
    priority: terms.priority_singular,
    issue: terms.issue_singular,
    todo: terms.todo_singular,
  };
  return (
    <form
      aria-label="Link to an item"
      className="grid gap-3 rounded-md border border-slate-200 p-3 dark:border-slate-700"
      onSubmit={(event) => {
        event.preventDefault();
        if (!itemId) return;
        link.mutate({ id: document.id, target, targetId: itemId }, { onSuccess: onDone });
      }}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          label="Kind of item"
          value={target}
          onChange={(event) => {
            setTarget(event.target.value as PickableTarget);
            setItemId('');
          }}
        >
          {(Object.keys(names) as PickableTarget[]).map((kind) => (
            <option key={kind} value={kind}>
              {names[kind]}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={terms.team_label}
          value={chosenTeam ?? ''}
          onChange={(event) => {
            setTeamId(event.target.value || null);
            setItemId('');
          }}
        >
          {teams.map((team) => (
            <option key={team.id} value={team.id}>
              {team.name}
            </option>
          ))}
        </SelectField>
      </div>
      <TextField
        label="Filter by title"
        type="search"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      {chosenTeam ? (
        <Candidates
          key={`${target}:${chosenTeam}`}
          teamId={chosenTeam}
          label={names[target]}
          excluded={excluded}
          search={search}
          value={itemId}
          onChange={setItemId}
        />
      ) : (
        <p className="text-sm text-slate-700 dark:text-slate-300">You are not in any {terms.team_label} yet.</p>
      )}
      {link.isError ? <Banner tone="error">{errorText(link.error, 'The link could not be added.')}</Banner> : null}
      <div className="flex gap-2">
        <Button type="submit" size="sm" loading={link.isPending} disabled={!itemId}>
          Link
        </Button>
        <Button size="sm" variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
