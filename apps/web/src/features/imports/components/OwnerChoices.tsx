import type { ImportOwnerChoices, UnmatchedOwner } from '@keel/contract';
import { SelectField } from '../../../ui/FormFields';
import type { Person } from '../../people/people.api';

/** Select values besides member ids: no choice yet, and "leave these rows out" (null in the request). */
const UNDECIDED = '';
const LEAVE_OUT = 'leave-out';

const valueOf = (choices: ImportOwnerChoices, name: string) => {
  if (!(name in choices)) return UNDECIDED;
  return choices[name] ?? LEAVE_OUT;
};
const choiceOf = (value: string): string | null | undefined =>
  value === UNDECIDED ? undefined : value === LEAVE_OUT ? null : value;

interface OwnerChoicesProps {
  owners: UnmatchedOwner[];
  choices: ImportOwnerChoices;
  people: Person[];
  onChange: (choices: ImportOwnerChoices) => void;
  disabled: boolean;
}

/** The owners still without a choice (a member, or leaving their rows out). */
export const undecidedOwners = (owners: UnmatchedOwner[], choices: ImportOwnerChoices) =>
  owners.filter((owner) => !(owner.name in choices));

function Options({ people }: { people: Person[] }) {
  return (
    <>
      <option value={UNDECIDED}>— Choose —</option>
      <option value={LEAVE_OUT}>Leave these rows out</option>
      {people.map((person) => (
        <option key={person.id} value={person.id}>
          {person.name}
        </option>
      ))}
    </>
  );
}

/**
 * Owner names of the file that match no active member: for each (or for all at once) the member who
 * owns their rows instead, or "leave these rows out". Every name needs a choice before importing.
 */
export function OwnerChoices({ owners, choices, people, onChange, disabled }: OwnerChoicesProps) {
  const rowsOf = (rows: number) => (rows === 1 ? '1 row' : `${rows.toLocaleString()} rows`);
  const set = (names: string[], value: string) => {
    const next = { ...choices };
    const choice = choiceOf(value);
    for (const name of names) {
      if (choice === undefined) delete next[name];
      else next[name] = choice;
    }
    onChange(next);
  };
  const names = owners.map((owner) => owner.name);
  const firstValue = valueOf(choices, names[0] ?? '');
  const allSame = names.every((name) => valueOf(choices, name) === firstValue);
  const heading =
    owners.length === 1 ? '1 owner matches no member' : `${owners.length.toLocaleString()} owners match no member`;
  return (
    <section aria-labelledby="import-owner-choices" className="grid gap-3">
      <h2 id="import-owner-choices" className="text-base font-semibold text-slate-900 dark:text-white">
        {heading}
      </h2>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        Choose who owns their rows here, or leave those rows out. Nothing else changes in the file.
      </p>
      {owners.length > 1 ? (
        <SelectField
          label="For all unknown owners"
          value={allSame ? firstValue : UNDECIDED}
          disabled={disabled}
          onChange={(event) => set(names, event.target.value)}
          className="sm:max-w-sm"
        >
          <Options people={people} />
        </SelectField>
      ) : null}
      <ul aria-label="Unknown owners" className="grid gap-3 sm:grid-cols-2">
        {owners.map((owner, index) => (
          <li key={owner.name}>
            <SelectField
              label={`“${owner.name}” (${rowsOf(owner.rows)})`}
              value={valueOf(choices, owner.name)}
              disabled={disabled}
              aria-describedby={`import-owner-${index}-why`}
              onChange={(event) => set([owner.name], event.target.value)}
            >
              <Options people={people} />
            </SelectField>
            <p id={`import-owner-${index}-why`} className="mt-1 text-xs text-slate-600 dark:text-slate-300">
              {owner.message}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
