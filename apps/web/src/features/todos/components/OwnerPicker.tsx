import { useState } from 'react';
import type { OrganizationPerson } from '@keel/contract';
import { inputClasses } from '../../../ui/Field';

interface OwnerPickerProps {
  people: OrganizationPerson[];
  selected: string[];
  onChange: (selected: string[]) => void;
  error?: string | undefined;
}

/** Several owners from the organization's people: a filterable list of checkboxes (keyboard friendly). */
export function OwnerPicker({ people, selected, onChange, error }: OwnerPickerProps) {
  const [filter, setFilter] = useState('');
  const needle = filter.trim().toLowerCase();
  const shown = needle
    ? people.filter((person) => `${person.name} ${person.email}`.toLowerCase().includes(needle))
    : people;
  const toggle = (id: string, checked: boolean) =>
    onChange(checked ? [...selected, id] : selected.filter((existing) => existing !== id));
  return (
    <fieldset className="min-w-0">
      <legend className="mb-1 text-sm font-medium text-slate-800 dark:text-slate-200">
        Owners <span className="font-normal text-slate-600 dark:text-slate-400">({selected.length} chosen)</span>
      </legend>
      <input
        type="search"
        aria-label="Filter people"
        placeholder="Filter people"
        value={filter}
        onChange={(event) => setFilter(event.target.value)}
        className={inputClasses(false, 'mb-1')}
      />
      <ul className="max-h-40 overflow-y-auto rounded-md border border-slate-300 p-1 dark:border-slate-600">
        {shown.map((person) => (
          <li key={person.id}>
            <label className="flex items-center gap-2 rounded px-2 py-1 text-sm pointer-coarse:min-h-11 hover:bg-slate-50 dark:hover:bg-slate-800">
              <input
                type="checkbox"
                checked={selected.includes(person.id)}
                onChange={(event) => toggle(person.id, event.target.checked)}
              />
              {person.name}
            </label>
          </li>
        ))}
        {shown.length === 0 ? <li className="px-2 py-1 text-sm text-slate-600">Nobody matches.</li> : null}
      </ul>
      {error ? <p className="mt-1 text-sm text-red-700 dark:text-red-300">{error}</p> : null}
    </fieldset>
  );
}
