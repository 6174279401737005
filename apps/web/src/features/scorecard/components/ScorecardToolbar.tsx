import type { ReactNode } from 'react';
import {
  type MeasurableGroup,
  SCORECARD_FREQUENCIES,
  SCORECARD_VIEW_LABEL_KEYS,
  SCORECARD_VIEWS,
  type ScorecardFrequency,
  type ScorecardView,
  type Terminology,
} from '@keel/contract';
import { Button } from '../../../ui/Button';
import { cx } from '../../../ui/cx';
import { DateField, SelectField, type SelectFieldProps } from '../../../ui/FormFields';
import type { RowFilters } from '../scorecard-model';

export type ViewChoice = ScorecardView | 'custom';

export interface ScorecardSettings {
  frequency: ScorecardFrequency;
  view: ViewChoice;
  from: string;
  to: string;
  includeArchived: boolean;
  filters: RowFilters;
}

export const FREQUENCY_LABELS: Record<ScorecardFrequency, string> = {
  weekly: 'Weekly',
  monthly: 'Monthly',
  quarterly: 'Quarterly',
};

interface ScorecardToolbarProps {
  settings: ScorecardSettings;
  onChange: (settings: ScorecardSettings) => void;
  terms: Terminology;
  owners: { id: string; name: string }[];
  groups: MeasurableGroup[];
  canEdit: boolean;
  exporting: boolean;
  onAddMeasurable: () => void;
  onAddGroup: () => void;
  onReminders: () => void;
  onExport: () => void;
}

const Filter = (props: SelectFieldProps) => (
  <SelectField
    labelClassName="mb-1 block text-xs font-medium text-slate-700 dark:text-slate-300"
    inputClassName="w-auto max-w-full"
    className="min-w-0"
    {...props}
  />
);

const Toggle = ({
  checked,
  onChange,
  children,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
}) => (
  <label className="flex items-center gap-2 self-end py-2 text-sm pointer-coarse:min-h-11">
    <input type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
    {children}
  </label>
);

/** Frequency tabs, the period view, filters and the page's actions. */
export function ScorecardToolbar(props: ScorecardToolbarProps) {
  const { settings, onChange, terms } = props;
  const filters = settings.filters;
  const setFilters = (next: Partial<RowFilters>) => onChange({ ...settings, filters: { ...filters, ...next } });
  return (
    <div className="grid gap-3 print:hidden">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div
          role="group"
          aria-label="Frequency"
          className="inline-flex rounded-md border border-slate-300 p-0.5 dark:border-slate-600"
        >
          {SCORECARD_FREQUENCIES.map((frequency) => (
            <button
              key={frequency}
              type="button"
              aria-pressed={settings.frequency === frequency}
              onClick={() => onChange({ ...settings, frequency })}
              className={cx(
                'rounded px-3 py-1.5 text-sm font-medium pointer-coarse:min-h-11',
                settings.frequency === frequency
                  ? 'bg-brand text-brand-contrast'
                  : 'text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800',
              )}
            >
              {FREQUENCY_LABELS[frequency]}
            </button>
          ))}
        </div>
        <div className="flex flex-wrap gap-2">
          {props.canEdit ? (
            <>
              <Button size="sm" onClick={props.onAddMeasurable}>
                Add measurable
              </Button>
              <Button size="sm" variant="secondary" onClick={props.onAddGroup}>
                Add group
              </Button>
              <Button size="sm" variant="secondary" onClick={props.onReminders}>
                Reminders
              </Button>
            </>
          ) : null}
          <Button size="sm" variant="secondary" loading={props.exporting} onClick={props.onExport}>
            Export to Excel
          </Button>
          <Button size="sm" variant="secondary" onClick={() => window.print()}>
            Print
          </Button>
        </div>
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <Filter
          label="Period view"
          value={settings.view}
          onChange={(event) => onChange({ ...settings, view: event.target.value as ViewChoice })}
        >
          {SCORECARD_VIEWS.map((view) => (
            <option key={view} value={view}>
              {terms[SCORECARD_VIEW_LABEL_KEYS[view]]}
            </option>
          ))}
          <option value="custom">Custom dates</option>
        </Filter>
        {settings.view === 'custom' ? (
          <>
            <DateField
              label="From"
              value={settings.from}
              onChange={(event) => onChange({ ...settings, from: event.target.value })}
            />
            <DateField
              label="To"
              value={settings.to}
              onChange={(event) => onChange({ ...settings, to: event.target.value })}
            />
          </>
        ) : null}
        <Filter
          label="Owner"
          value={filters.ownerId ?? ''}
          onChange={(event) => setFilters({ ownerId: event.target.value || null })}
        >
          <option value="">Everyone</option>
          {props.owners.map((owner) => (
            <option key={owner.id} value={owner.id}>
              {owner.name}
            </option>
          ))}
        </Filter>
        <Filter
          label="Group"
          value={filters.groupId ?? ''}
          onChange={(event) => setFilters({ groupId: event.target.value || null })}
        >
          <option value="">All groups</option>
          <option value="none">Not in a group</option>
          {props.groups.map((group) => (
            <option key={group.id} value={group.id}>
              {group.name}
            </option>
          ))}
        </Filter>
        <Toggle checked={filters.mineFirst} onChange={(mineFirst) => setFilters({ mineFirst })}>
          My numbers first
        </Toggle>
        <Toggle
          checked={settings.includeArchived}
          onChange={(includeArchived) => onChange({ ...settings, includeArchived })}
        >
          Include archived
        </Toggle>
      </div>
    </div>
  );
}
