import { useId } from 'react';
import {
  HEADLINE_ABOUT_MAX,
  HEADLINE_TEXT_MAX,
  HEADLINE_TYPES,
  type Headline,
  type HeadlineType,
} from '@keel/contract';
import { inputClasses } from '../../../ui/Field';
import type { Person } from '../../people/people.api';

export const TYPE_LABELS: Record<HeadlineType, string> = {
  customer: 'Customer',
  employee: 'Employee',
  other: 'Other',
};

/** What a headline form edits; "about" is either a member (aboutUserId) or free text, never both. */
export interface HeadlineDraft {
  text: string;
  details: string;
  type: HeadlineType;
  ownerId: string;
  aboutUserId: string;
  aboutText: string;
}

export const emptyDraft = (ownerId: string): HeadlineDraft => ({
  text: '',
  details: '',
  type: 'customer',
  ownerId,
  aboutUserId: '',
  aboutText: '',
});

export const draftOf = (headline: Headline): HeadlineDraft => ({
  text: headline.text,
  details: headline.details ?? '',
  type: headline.type,
  ownerId: headline.ownerId,
  aboutUserId: headline.aboutUserId ?? '',
  aboutText: headline.aboutText ?? '',
});

/** "About": who or what the headline concerns, as shown in lists. */
export const aboutOf = (headline: Pick<Headline, 'aboutUser' | 'aboutText'>): string | null =>
  headline.aboutUser?.name ?? headline.aboutText ?? null;

const labelClass = 'mb-1 block text-sm font-medium text-slate-800 dark:text-slate-200';

interface SelectProps<T extends string> {
  label: string;
  value: T;
  onChange: (value: T) => void;
  options: { value: T; label: string }[];
  className?: string;
}

export function SelectField<T extends string>({ label, value, onChange, options, className }: SelectProps<T>) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value as T)}
        className={inputClasses(false)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

interface FieldsProps {
  draft: HeadlineDraft;
  onChange: (draft: HeadlineDraft) => void;
  people: Person[];
  /** The full form (edit dialog) also edits details and owner. */
  full?: boolean;
  textError?: string | undefined;
}

export function HeadlineFields({ draft, onChange, people, full = false, textError }: FieldsProps) {
  const textId = useId();
  const detailsId = useId();
  const aboutTextId = useId();
  const set = <K extends keyof HeadlineDraft>(key: K, value: HeadlineDraft[K]) => onChange({ ...draft, [key]: value });
  const personOptions = people.map((person) => ({ value: person.id, label: person.name }));
  return (
    <div className={full ? 'space-y-4' : 'grid grid-cols-1 gap-3 md:grid-cols-[2fr_1fr_1fr_1fr] md:items-end'}>
      <div>
        <label htmlFor={textId} className={labelClass}>
          Headline
        </label>
        <input
          id={textId}
          value={draft.text}
          maxLength={HEADLINE_TEXT_MAX}
          onChange={(event) => set('text', event.target.value)}
          aria-invalid={textError ? true : undefined}
          className={inputClasses(Boolean(textError))}
          placeholder="Good or bad news in one sentence"
        />
        {textError ? <p className="mt-1 text-sm text-red-700 dark:text-red-300">{textError}</p> : null}
      </div>
      <SelectField
        label="Type"
        value={draft.type}
        onChange={(type) => set('type', type)}
        options={HEADLINE_TYPES.map((type) => ({ value: type, label: TYPE_LABELS[type] }))}
      />
      <SelectField
        label="About a person"
        value={draft.aboutUserId}
        onChange={(aboutUserId) => onChange({ ...draft, aboutUserId, aboutText: aboutUserId ? '' : draft.aboutText })}
        options={[{ value: '', label: 'Nobody in particular' }, ...personOptions]}
      />
      <div>
        <label htmlFor={aboutTextId} className={labelClass}>
          Or about (text)
        </label>
        <input
          id={aboutTextId}
          value={draft.aboutText}
          maxLength={HEADLINE_ABOUT_MAX}
          disabled={draft.aboutUserId !== ''}
          onChange={(event) => set('aboutText', event.target.value)}
          className={inputClasses(false)}
          placeholder="e.g. Acme Ltd"
        />
      </div>
      {full ? (
        <>
          <SelectField
            label="Owner"
            value={draft.ownerId}
            onChange={(ownerId) => set('ownerId', ownerId)}
            options={personOptions}
          />
          <div>
            <label htmlFor={detailsId} className={labelClass}>
              Details
            </label>
            <textarea
              id={detailsId}
              rows={4}
              value={draft.details}
              onChange={(event) => set('details', event.target.value)}
              className={inputClasses(false)}
            />
          </div>
        </>
      ) : null}
    </div>
  );
}
