import { useId } from 'react';
import type { OrganizationPerson, TodoSort } from '@keel/contract';
import { inputClasses } from '../../../ui/Field';
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

export function TodoFiltersBar({ filters, onChange, people }: TodoFiltersBarProps) {
  const id = useId();
  const labelClass = 'mb-1 block text-xs font-medium text-slate-700 dark:text-slate-300';
  return (
    <div className="flex flex-wrap gap-3">
      <div>
        <label htmlFor={`${id}-status`} className={labelClass}>
          Status
        </label>
        <select
          id={`${id}-status`}
          value={filters.status}
          onChange={(event) => onChange({ ...filters, status: event.target.value as TodoStatusFilter })}
          className={inputClasses(false, 'w-auto')}
        >
          <option value="all">All</option>
          <option value="open">Open</option>
          <option value="done">Done</option>
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-owner`} className={labelClass}>
          Owner
        </label>
        <select
          id={`${id}-owner`}
          value={filters.ownerId ?? ''}
          onChange={(event) => onChange({ ...filters, ownerId: event.target.value || null })}
          className={inputClasses(false, 'w-auto')}
        >
          <option value="">Everyone</option>
          {people.map((person) => (
            <option key={person.id} value={person.id}>
              {person.name}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-sort`} className={labelClass}>
          Sort by
        </label>
        <select
          id={`${id}-sort`}
          value={filters.sort}
          onChange={(event) => onChange({ ...filters, sort: event.target.value as TodoSort })}
          className={inputClasses(false, 'w-auto')}
        >
          {SORTS.map((sort) => (
            <option key={sort.value} value={sort.value}>
              {sort.label}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
