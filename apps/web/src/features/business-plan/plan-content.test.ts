import { describe, expect, it } from 'vitest';
import { emptyBusinessPlanContent } from '@keel/contract';
import {
  compareContents,
  moveSection,
  renameSection,
  sectionChanged,
  setSectionHidden,
  withPart,
} from './plan-content';

const keys = (content: ReturnType<typeof emptyBusinessPlanContent>) => content.sections.map((section) => section.key);

describe('plan content', () => {
  it('moves a section one place and keeps it at either end', () => {
    const moved = moveSection(emptyBusinessPlanContent(), 'core_focus', -1);
    expect(keys(moved).slice(0, 3)).toEqual(['core_focus', 'core_values', 'ten_year_target']);
    expect(moveSection(moved, 'core_focus', -1)).toBe(moved);
    expect(keys(moveSection(moved, 'swot', 1)).at(-1)).toBe('swot');
  });

  it('renames a section, and a blank title goes back to the default', () => {
    const renamed = renameSection(emptyBusinessPlanContent(), 'swot', '  Where we stand ');
    expect(renamed.sections.at(-1)).toEqual({ key: 'swot', title: 'Where we stand', hidden: false });
    expect(renameSection(renamed, 'swot', '   ').sections.at(-1)!.title).toBeNull();
  });

  it('tells whether the section being edited was changed by someone else', () => {
    const before = emptyBusinessPlanContent();
    const after = withPart(before, 'core_focus', { purpose: 'Feed the city', niche: '' });
    expect(sectionChanged(before, after, 'core_focus')).toBe(true);
    expect(sectionChanged(before, after, 'swot')).toBe(false);
  });

  it('says what changed, section by section, leaving unchanged sections out', () => {
    const before = withPart(emptyBusinessPlanContent(), 'marketing_strategy', {
      targetMarket: 'Bakeries',
      uniques: ['Fast', 'Local'],
      provenProcess: '',
      guarantee: '',
    });
    let after = withPart(before, 'marketing_strategy', {
      targetMarket: 'Bakeries and cafés',
      uniques: ['Fast', 'Organic'],
      provenProcess: '',
      guarantee: '',
    });
    after = setSectionHidden(renameSection(moveSection(after, 'swot', -1), 'core_values', 'Values'), 'swot', true);
    expect(compareContents(before, after)).toEqual([
      { key: 'core_values', changes: ['Renamed to “Values”'] },
      {
        key: 'marketing_strategy',
        changes: [
          'Target market: “Bakeries” → “Bakeries and cafés”',
          'Uniques: added “Organic”',
          'Uniques: removed “Local”',
        ],
      },
      { key: 'swot', changes: ['Hidden', 'Moved from place 9 to 8'] },
      { key: 'long_term_issues', changes: ['Moved from place 8 to 9'] },
    ]);
    expect(compareContents(before, before)).toEqual([]);
  });
});
