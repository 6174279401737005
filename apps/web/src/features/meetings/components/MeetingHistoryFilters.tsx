import { useEffect, useState } from 'react';
import {
  MEETING_SEARCH_MAX,
  MEETING_STATUSES,
  meetingStatusSchema,
  meetingTypeKeySchema,
  uuidSchema,
  type Department,
  type MeetingStatus,
} from '@keel/contract';
import { z } from 'zod';
import { TextField } from '../../../ui/Field';
import { DateField, SelectField } from '../../../ui/FormFields';
import { useMeetingTypes } from '../meetings.api';
import { STATUS_NAMES } from './meeting-words';

export interface HistoryFilter {
  teamId: string;
  typeKey: string;
  status: MeetingStatus | '';
  /** yyyy-mm-dd as the date fields give it; '' for no bound. */
  fromDate: string;
  toDate: string;
  /** Trimmed words to look for; '' for none. */
  search: string;
}

/** How long typing pauses before the search runs. */
const SEARCH_DELAY_MS = 300;

/** A day as the date fields write it (the query turns it into the local day's first or last instant). */
const daySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** The filter kept in the page's address (so it survives a reload and can be shared); odd values are dropped. */
export function filterFromParams(params: URLSearchParams): HistoryFilter {
  const kept = <T extends string>(name: string, schema: z.ZodType<T>): T | '' =>
    schema.safeParse(params.get(name)).data ?? '';
  return {
    teamId: kept('teamId', uuidSchema),
    typeKey: kept('typeKey', meetingTypeKeySchema),
    status: kept('status', meetingStatusSchema),
    fromDate: kept('from', daySchema),
    toDate: kept('to', daySchema),
    search: (params.get('search') ?? '').trim().slice(0, MEETING_SEARCH_MAX),
  };
}

export function paramsOfFilter(filter: HistoryFilter): URLSearchParams {
  const params = new URLSearchParams();
  const fields = [
    ['teamId', filter.teamId],
    ['typeKey', filter.typeKey],
    ['status', filter.status],
    ['from', filter.fromDate],
    ['to', filter.toDate],
    ['search', filter.search],
  ] as const;
  for (const [name, value] of fields) if (value) params.set(name, value);
  return params;
}

/** The filter as the history query wants it: local days as instants, empty fields left out. */
export function historyQueryOf(filter: HistoryFilter) {
  const dayStart = (day: string) => new Date(`${day}T00:00:00`).toISOString();
  const dayEnd = (day: string) => new Date(`${day}T23:59:59.999`).toISOString();
  return {
    ...(filter.teamId ? { teamId: filter.teamId } : {}),
    ...(filter.typeKey ? { typeKey: filter.typeKey } : {}),
    ...(filter.status ? { status: filter.status } : {}),
    ...(filter.fromDate ? { from: dayStart(filter.fromDate) } : {}),
    ...(filter.toDate ? { to: dayEnd(filter.toDate) } : {}),
    ...(filter.search ? { search: filter.search } : {}),
  };
}

interface MeetingHistoryFiltersProps {
  filter: HistoryFilter;
  departments: Department[];
  teamLabel: string;
  onChange: (filter: HistoryFilter) => void;
}

const FILTER_LABEL = 'mb-1 block text-xs font-medium text-slate-700 dark:text-slate-300';

export function MeetingHistoryFilters({ filter, departments, teamLabel, onChange }: MeetingHistoryFiltersProps) {
  // Without a chosen team, the types every team has (named as the first team sees them) are offered.
  const typesTeam = filter.teamId || departments[0]?.id || null;
  const types = useMeetingTypes(typesTeam);
  const typeOptions = (types.data ?? []).filter((type) => filter.teamId !== '' || type.builtIn);
  const set = (change: Partial<HistoryFilter>) => onChange({ ...filter, ...change });
  // The box shows every keystroke; the search runs once typing pauses. A search changed from outside (the
  // address, "back") replaces what the box holds.
  const [typed, setTyped] = useState(filter.search);
  const [applied, setApplied] = useState(filter.search);
  if (applied !== filter.search) {
    setApplied(filter.search);
    if (typed.trim() !== filter.search) setTyped(filter.search);
  }
  useEffect(() => {
    const wanted = typed.trim();
    if (wanted === filter.search) return;
    const timer = setTimeout(() => onChange({ ...filter, search: wanted }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed, filter, onChange]);
  return (
    <form
      aria-label="Filter meetings"
      onSubmit={(event) => event.preventDefault()}
      className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-5"
    >
      <TextField
        label="Search"
        type="search"
        value={typed}
        maxLength={MEETING_SEARCH_MAX}
        placeholder="A meeting, a team, or what it decided"
        onChange={(event) => setTyped(event.target.value)}
        className="sm:col-span-2 lg:col-span-5"
      />
      <SelectField
        label={teamLabel}
        labelClassName={FILTER_LABEL}
        value={filter.teamId}
        onChange={(event) => set({ teamId: event.target.value, typeKey: '' })}
      >
        <option value="">All</option>
        {departments.map((department) => (
          <option key={department.id} value={department.id}>
            {department.name}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Meeting type"
        labelClassName={FILTER_LABEL}
        value={filter.typeKey}
        onChange={(event) => set({ typeKey: event.target.value })}
      >
        <option value="">All types</option>
        {typeOptions.map((type) => (
          <option key={type.key} value={type.key}>
            {type.name}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Status"
        labelClassName={FILTER_LABEL}
        value={filter.status}
        onChange={(event) => set({ status: event.target.value as MeetingStatus | '' })}
      >
        <option value="">Any status</option>
        {MEETING_STATUSES.map((status) => (
          <option key={status} value={status}>
            {STATUS_NAMES[status]}
          </option>
        ))}
      </SelectField>
      <DateField label="From" value={filter.fromDate} onChange={(event) => set({ fromDate: event.target.value })} />
      <DateField label="To" value={filter.toDate} onChange={(event) => set({ toDate: event.target.value })} />
    </form>
  );
}
