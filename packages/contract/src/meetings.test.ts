import { describe, expect, it } from 'vitest';
import { defaultAgendas, plannedMinutes, saveMeetingTypeRequestSchema } from './meetings-agendas.js';
import { averageRatingOf, sectionSecondsAt } from './meetings.js';
import { methodologySchema } from './organizations.js';
import { TERMINOLOGY_DEFAULTS } from './terminology.js';

const words = { ...TERMINOLOGY_DEFAULTS };

describe('default agendas', () => {
  it('gives the neutral weekly meeting 90 minutes in seven sections, named in the organization words', () => {
    const [weekly, express] = defaultAgendas(null, { ...words, issues_label: 'Obstacles' });
    expect(plannedMinutes(weekly!.sections)).toBe(90);
    expect(weekly!.sections.map((section) => section.minutes)).toEqual([5, 5, 5, 5, 5, 60, 5]);
    expect(weekly!.sections[5]!.title).toBe('Obstacles');
    expect(plannedMinutes(express!.sections)).toBe(30);
  });

  it.each(methodologySchema.options)('makes agendas a team can save as they are under %s', (methodology) => {
    for (const agenda of defaultAgendas(methodology, words)) {
      const parsed = saveMeetingTypeRequestSchema.safeParse({
        name: agenda.name,
        sections: agenda.sections,
        version: 0,
      });
      expect(parsed.success, `${methodology} ${agenda.key}`).toBe(true);
      expect(agenda.sections.at(-1)!.kind).toBe('conclude');
    }
  });

  it('differs by methodology in sections, not only in words; trademarks stay in their own preset', () => {
    const kinds = (methodology: Parameters<typeof defaultAgendas>[0]) =>
      defaultAgendas(methodology, words)[0]!.sections.map((section) => section.kind);
    expect(kinds('4dx')).toEqual(['scorecard', 'account', 'clear_path', 'commit', 'conclude']);
    expect(kinds('okrs')).not.toEqual(kinds(null));
    expect(kinds('scaling_up')).not.toEqual(kinds(null));
    for (const methodology of ['4dx', 'okrs', 'scaling_up', 'custom', null] as const) {
      expect(JSON.stringify(defaultAgendas(methodology, words))).not.toMatch(/Level 10|Rock|IDS|EOS|V\/TO/);
    }
  });
});

describe('meeting clock', () => {
  const sections = [
    { kind: 'check_in' as const, title: 'A', minutes: 5, spentSeconds: 100 },
    { kind: 'issues' as const, title: 'B', minutes: 60, spentSeconds: 20 },
  ];
  const at = Date.parse('2026-11-23T09:10:00.000Z');

  it('adds the running clock to the current section only', () => {
    expect(sectionSecondsAt({ sections, currentSection: 1, sectionStartedAt: '2026-11-23T09:09:00.000Z' }, at)).toEqual(
      [100, 80],
    );
  });

  it('adds nothing while paused, and never counts backwards when a clock runs behind', () => {
    expect(sectionSecondsAt({ sections, currentSection: 1, sectionStartedAt: null }, at)).toEqual([100, 20]);
    expect(sectionSecondsAt({ sections, currentSection: 0, sectionStartedAt: '2026-11-23T09:11:00.000Z' }, at)).toEqual(
      [100, 20],
    );
  });

  it('averages the ratings given, none before anyone rates', () => {
    expect(averageRatingOf([{ rating: null }])).toBeNull();
    expect(averageRatingOf([{ rating: 8 }, { rating: null }, { rating: 9 }])).toBe(8.5);
  });
});
