import { MEETING_STATUSES, type Department, type MeetingStatus } from '@keel/contract';
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
}

export const NO_FILTER: HistoryFilter = { teamId: '', typeKey: '', status: '', fromDate: '', toDate: '' };

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
  return (
    <form
      aria-label="Filter meetings"
      onSubmit={(event) => event.preventDefault()}
      className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-5"
    >
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
