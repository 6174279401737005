import type { BusinessPlanContent, BusinessPlanSectionKey, BusinessPlanSectionSettings } from '@keel/contract';

/** The part of the content each written section edits; the live sections (priorities, issues) have none. */
export const WRITTEN_PARTS = {
  core_values: 'coreValues',
  core_focus: 'coreFocus',
  ten_year_target: 'tenYearTarget',
  marketing_strategy: 'marketingStrategy',
  three_year_picture: 'threeYearPicture',
  one_year_plan: 'oneYearPlan',
  swot: 'swot',
} as const satisfies Partial<Record<BusinessPlanSectionKey, keyof BusinessPlanContent>>;

export type WrittenSectionKey = keyof typeof WRITTEN_PARTS;
export type SectionPart<K extends WrittenSectionKey> = BusinessPlanContent[(typeof WRITTEN_PARTS)[K]];
export type AnySectionPart = SectionPart<WrittenSectionKey>;

export const isWrittenSection = (key: BusinessPlanSectionKey): key is WrittenSectionKey => key in WRITTEN_PARTS;

export const partOf = <K extends WrittenSectionKey>(content: BusinessPlanContent, key: K): SectionPart<K> =>
  content[WRITTEN_PARTS[key]];

export const withPart = (content: BusinessPlanContent, key: WrittenSectionKey, part: AnySectionPart) =>
  ({ ...content, [WRITTEN_PARTS[key]]: part }) satisfies BusinessPlanContent;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Whether `key`'s written part differs between two contents (someone else changed what is being edited). */
export const sectionChanged = (before: BusinessPlanContent, after: BusinessPlanContent, key: WrittenSectionKey) =>
  !same(partOf(before, key), partOf(after, key));

const updateSection = (
  content: BusinessPlanContent,
  key: BusinessPlanSectionKey,
  change: Partial<Pick<BusinessPlanSectionSettings, 'title' | 'hidden'>>,
): BusinessPlanContent => ({
  ...content,
  sections: content.sections.map((section) => (section.key === key ? { ...section, ...change } : section)),
});

/** A custom title; blank goes back to the default title (in the organization's words). */
export const renameSection = (content: BusinessPlanContent, key: BusinessPlanSectionKey, title: string) =>
  updateSection(content, key, { title: title.trim() ? title.trim() : null });

export const setSectionHidden = (content: BusinessPlanContent, key: BusinessPlanSectionKey, hidden: boolean) =>
  updateSection(content, key, { hidden });

/** Moves a section one place up (-1) or down (+1); at either end it stays. */
export function moveSection(content: BusinessPlanContent, key: BusinessPlanSectionKey, offset: -1 | 1) {
  const from = content.sections.findIndex((section) => section.key === key);
  const to = from + offset;
  if (from < 0 || to < 0 || to >= content.sections.length) return content;
  const sections = [...content.sections];
  [sections[from], sections[to]] = [sections[to]!, sections[from]!];
  return { ...content, sections };
}

/** Names of the fields each written part holds, as the page and the comparison say them. */
export const FIELD_LABELS: Record<string, string> = {
  purpose: 'Purpose',
  niche: 'Niche',
  year: 'Year',
  text: 'Target',
  targetMarket: 'Target market',
  uniques: 'Uniques',
  provenProcess: 'Proven process',
  guarantee: 'Guarantee',
  date: 'Date',
  revenue: 'Revenue',
  profit: 'Profit',
  measurables: 'Measurables',
  looksLike: 'What it looks like',
  strengths: 'Strengths',
  weaknesses: 'Weaknesses',
  opportunities: 'Opportunities',
  threats: 'Threats',
};

const shown = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' ? (value === '' ? 'nothing' : `“${value}”`) : 'nothing';

function listChanges(label: string, before: readonly string[], after: readonly string[]): string[] {
  const added = after.filter((item) => !before.includes(item));
  const removed = before.filter((item) => !after.includes(item));
  const changes = [
    ...added.map((item) => `${label}: added “${item}”`),
    ...removed.map((item) => `${label}: removed “${item}”`),
  ];
  if (changes.length === 0 && !same(before, after)) changes.push(`${label}: reordered`);
  return changes;
}

function partChanges(key: WrittenSectionKey, before: BusinessPlanContent, after: BusinessPlanContent): string[] {
  if (key === 'core_values') {
    const titles = (content: BusinessPlanContent) => content.coreValues.map((value) => value.title);
    const changes = listChanges('Core values', titles(before), titles(after));
    for (const value of after.coreValues) {
      const old = before.coreValues.find((candidate) => candidate.title === value.title);
      if (old && old.description !== value.description) changes.push(`“${value.title}”: description changed`);
    }
    return changes;
  }
  const older = partOf(before, key) as Record<string, unknown>;
  const newer = partOf(after, key) as Record<string, unknown>;
  return Object.keys(newer).flatMap((field) => {
    const label = FIELD_LABELS[field] ?? field;
    const was = older[field];
    const now = newer[field];
    if (Array.isArray(now)) return listChanges(label, (was as string[] | undefined) ?? [], now as string[]);
    return same(was, now) ? [] : [`${label}: ${shown(was)} → ${shown(now)}`];
  });
}

export interface SectionComparison {
  key: BusinessPlanSectionKey;
  changes: string[];
}

/** What changed from `before` to `after`, section by section (in `after`'s order); unchanged sections left out. */
export function compareContents(before: BusinessPlanContent, after: BusinessPlanContent): SectionComparison[] {
  return after.sections.flatMap((section, index) => {
    const old = before.sections.find((candidate) => candidate.key === section.key);
    const changes: string[] = [];
    if (old && old.title !== section.title) {
      changes.push(section.title ? `Renamed to “${section.title}”` : 'Back to its default title');
    }
    if (old && old.hidden !== section.hidden) changes.push(section.hidden ? 'Hidden' : 'Shown again');
    const oldIndex = before.sections.findIndex((candidate) => candidate.key === section.key);
    if (oldIndex !== index) changes.push(`Moved from place ${oldIndex + 1} to ${index + 1}`);
    if (isWrittenSection(section.key)) changes.push(...partChanges(section.key, before, after));
    return changes.length ? [{ key: section.key, changes }] : [];
  });
}
