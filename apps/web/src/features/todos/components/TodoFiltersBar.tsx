import type { OrganizationPerson, TodoSort } from '@keel/contract';
import { PersonOptions, SelectField, type SelectFieldProps } from '../../../ui/FormFields';
import type { TodoFilters, TodoStatusFilter } from '../todos.api';

const SORTS: { value: TodoSort; label: string }[] = [
  { value: 'due', label: 'Due date' },
  { value: 'created', label: 'Newest first' },
  { value: 'title', label: 'Title' },
  { value: 'owner', label: 'Owner' },
];

interface TodoFiltersBarProps {
  filters: TodoFilters;
  onChange: (filters: TodoFilters) => void;
  people: OrganizationPerson[];
}

/** A filter: a compact select with a small label. */
const Filter = (props: SelectFieldProps) => (
  <SelectField
    labelClassName="mb-1 block text-xs font-medium text-slate-700 dark:text-slate-300"
    inputClassName="w-auto"
    {...props}
  />
);

export function TodoFiltersBar({ filters, onChange, people }: TodoFiltersBarProps) {
  return (
    <div className="flex flex-wrap gap-3">
      <Filter
        label="Status"
        value={filters.status}
        onChange={(event) => onChange({ ...filters, status: event.target.value as TodoStatusFilter })}
      >
        <option value="all">All</option>
        <option value="open">Open</option>
        <option value="done">Done</option>
      </Filter>
      <Filter
        label="Owner"
        value={filters.ownerId ?? ''}
        onChange={(event) => onChange({ ...filters, ownerId: event.target.value || null })}
      >
        <PersonOptions people={people} none="Everyone" />
      </Filter>
      <Filter
        label="Sort by"
        value={filters.sort}
        onChange={(event) => onChange({ ...filters, sort: event.target.value as TodoSort })}
      >
        {SORTS.map((sort) => (
          <option key={sort.value} value={sort.value}>
            {sort.label}
          </option>
        ))}
      </Filter>
    </div>
  );
}
