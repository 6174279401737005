import Plus from 'lucide-react/icons/plus';
import X from 'lucide-react/icons/x';
import { useId } from 'react';
import { PLAN_LIST_MAX, PLAN_UNIQUES_MAX, type BusinessPlanContent, type CoreValue } from '@keel/contract';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/Field';
import { TextAreaField } from '../../../ui/FormFields';
import { FIELD_LABELS, type AnySectionPart, type WrittenSectionKey } from '../plan-content';

type FieldKind = 'text' | 'long' | 'list' | 'date' | 'year';
interface FieldSpec {
  name: string;
  kind: FieldKind;
  max?: number;
}

/** The fields of each written section but the core values (which pair a title with a description). */
const FIELDS: Record<Exclude<WrittenSectionKey, 'core_values'>, FieldSpec[]> = {
  core_focus: [
    { name: 'purpose', kind: 'long' },
    { name: 'niche', kind: 'long' },
  ],
  ten_year_target: [
    { name: 'year', kind: 'year' },
    { name: 'text', kind: 'long' },
  ],
  marketing_strategy: [
    { name: 'targetMarket', kind: 'long' },
    { name: 'uniques', kind: 'list', max: PLAN_UNIQUES_MAX },
    { name: 'provenProcess', kind: 'long' },
    { name: 'guarantee', kind: 'long' },
  ],
  three_year_picture: [
    { name: 'date', kind: 'date' },
    { name: 'revenue', kind: 'text' },
    { name: 'profit', kind: 'text' },
    { name: 'measurables', kind: 'list' },
    { name: 'looksLike', kind: 'list', max: 40 },
  ],
  one_year_plan: [
    { name: 'date', kind: 'date' },
    { name: 'revenue', kind: 'text' },
    { name: 'profit', kind: 'text' },
    { name: 'measurables', kind: 'list' },
  ],
  swot: [
    { name: 'strengths', kind: 'list' },
    { name: 'weaknesses', kind: 'list' },
    { name: 'opportunities', kind: 'list' },
    { name: 'threats', kind: 'list' },
  ],
};

const label = (name: string) => FIELD_LABELS[name] ?? name;

/** Lines of a list, each its own input, with add and remove; at most `max`. */
function LinesEditor({
  name,
  lines,
  max,
  onChange,
}: {
  name: string;
  lines: string[];
  max: number;
  onChange: (lines: string[]) => void;
}) {
  const headingId = useId();
  return (
    <fieldset aria-labelledby={headingId} className="space-y-2">
      <legend id={headingId} className="text-sm font-medium text-slate-800 dark:text-slate-200">
        {label(name)} <span className="font-normal text-slate-600 dark:text-slate-400">(up to {max})</span>
      </legend>
      {lines.map((line, index) => (
        <div key={index} className="flex items-end gap-2">
          <TextField
            label={`${label(name)} ${index + 1}`}
            className="min-w-0 flex-1"
            value={line}
            onChange={(event) => onChange(lines.map((old, at) => (at === index ? event.target.value : old)))}
          />
          <Button
            variant="ghost"
            size="sm"
            aria-label={`Remove ${label(name)} ${index + 1}`}
            onClick={() => onChange(lines.filter((_, at) => at !== index))}
          >
            <X aria-hidden="true" className="size-4" />
          </Button>
        </div>
      ))}
      <Button variant="secondary" size="sm" disabled={lines.length >= max} onClick={() => onChange([...lines, ''])}>
        <Plus aria-hidden="true" className="size-4" />
        Add to {label(name)}
      </Button>
    </fieldset>
  );
}

function CoreValuesEditor({ values, onChange }: { values: CoreValue[]; onChange: (values: CoreValue[]) => void }) {
  const change = (index: number, patch: Partial<CoreValue>) =>
    onChange(values.map((value, at) => (at === index ? { ...value, ...patch } : value)));
  return (
    <div className="space-y-3">
      {values.map((value, index) => (
        <fieldset key={value.id} className="space-y-2 rounded-md border border-slate-200 p-3 dark:border-slate-700">
          <legend className="px-1 text-sm font-medium">Core value {index + 1}</legend>
          <TextField
            label="Title"
            value={value.title}
            onChange={(event) => change(index, { title: event.target.value })}
          />
          <TextAreaField
            label="Description"
            rows={2}
            value={value.description}
            onChange={(event) => change(index, { description: event.target.value })}
          />
          <Button variant="ghost" size="sm" onClick={() => onChange(values.filter((_, at) => at !== index))}>
            Remove core value {index + 1}
          </Button>
        </fieldset>
      ))}
      <Button
        variant="secondary"
        size="sm"
        onClick={() => onChange([...values, { id: crypto.randomUUID(), title: '', description: '' }])}
      >
        <Plus aria-hidden="true" className="size-4" />
        Add a core value
      </Button>
    </div>
  );
}

/** The editor of one written section's part of the plan. */
export function SectionEditor({
  sectionKey,
  part,
  onChange,
}: {
  sectionKey: WrittenSectionKey;
  part: AnySectionPart;
  onChange: (part: AnySectionPart) => void;
}) {
  if (sectionKey === 'core_values') {
    return <CoreValuesEditor values={part as CoreValue[]} onChange={onChange} />;
  }
  const fields = part as Record<string, unknown>;
  const set = (name: string, value: unknown) => onChange({ ...fields, [name]: value } as AnySectionPart);
  return (
    <div className="space-y-3">
      {FIELDS[sectionKey].map((field) => {
        const value = fields[field.name];
        switch (field.kind) {
          case 'list':
            return (
              <LinesEditor
                key={field.name}
                name={field.name}
                lines={value as string[]}
                max={field.max ?? PLAN_LIST_MAX}
                onChange={(lines) => set(field.name, lines)}
              />
            );
          case 'long':
            return (
              <TextAreaField
                key={field.name}
                label={label(field.name)}
                rows={3}
                value={value as string}
                onChange={(event) => set(field.name, event.target.value)}
              />
            );
          case 'year':
            return (
              <TextField
                key={field.name}
                label={label(field.name)}
                type="number"
                inputMode="numeric"
                min={2000}
                max={2200}
                value={typeof value === 'number' ? String(value) : ''}
                onChange={(event) => set(field.name, event.target.value ? Number(event.target.value) : null)}
              />
            );
          case 'date':
            return (
              <TextField
                key={field.name}
                label={label(field.name)}
                type="date"
                value={(value as string | null) ?? ''}
                onChange={(event) => set(field.name, event.target.value || null)}
              />
            );
          default:
            return (
              <TextField
                key={field.name}
                label={label(field.name)}
                value={value as string}
                onChange={(event) => set(field.name, event.target.value)}
              />
            );
        }
      })}
    </div>
  );
}

const EMPTY = 'Nothing written yet.';

/** One written section as it reads, with only what was written. */
export function SectionView({ sectionKey, content }: { sectionKey: WrittenSectionKey; content: BusinessPlanContent }) {
  if (sectionKey === 'core_values') {
    if (content.coreValues.length === 0) return <p className="text-sm text-slate-600 dark:text-slate-400">{EMPTY}</p>;
    return (
      <ul className="space-y-1 text-sm">
        {content.coreValues.map((value) => (
          <li key={value.id}>
            <span className="font-semibold">{value.title}</span>
            {value.description ? (
              <span className="text-slate-700 dark:text-slate-300"> — {value.description}</span>
            ) : null}
          </li>
        ))}
      </ul>
    );
  }
  const part = {
    core_focus: content.coreFocus,
    ten_year_target: content.tenYearTarget,
    marketing_strategy: content.marketingStrategy,
    three_year_picture: content.threeYearPicture,
    one_year_plan: content.oneYearPlan,
    swot: content.swot,
  }[sectionKey] as Record<string, unknown>;
  const written = FIELDS[sectionKey].filter((field) => {
    const value = part[field.name];
    return Array.isArray(value) ? value.some((line) => String(line).trim()) : value !== null && value !== '';
  });
  if (written.length === 0) return <p className="text-sm text-slate-600 dark:text-slate-400">{EMPTY}</p>;
  return (
    <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
      {written.map((field) => {
        const value = part[field.name];
        return (
          <div key={field.name} className="contents">
            <dt className="font-semibold">{label(field.name)}</dt>
            <dd className="min-w-0 wrap-anywhere whitespace-pre-line">
              {Array.isArray(value) ? (
                <ul className="list-disc space-y-0.5 pl-5">
                  {value
                    .filter((line) => String(line).trim())
                    .map((line, index) => (
                      <li key={index}>{String(line)}</li>
                    ))}
                </ul>
              ) : (
                String(value)
              )}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
