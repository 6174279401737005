import { findPreset } from '@keel/contract';
import { describe, expect, it } from 'vitest';

// Trademarked words may reach the screen only through TERMINOLOGY_PRESETS, so they are read from
// that data here instead of being spelled out (which would itself break the rule).
const preset = findPreset('eos');
const guardedWords = preset
  ? [preset.name, preset.terms.priorities, preset.terms.blueprint, preset.terms.meetings.replace(/ Meetings$/, '')]
  : [];

const sources = {
  ...import.meta.glob<string>(['../marketing/**/*.{ts,tsx}', '../legal/**/*.{ts,tsx}'], {
    query: '?raw',
    import: 'default',
    eager: true,
  }),
  ...import.meta.glob<string>('../../lib/page-meta.tsx', { query: '?raw', import: 'default', eager: true }),
};

describe('public copy', () => {
  it('never spells out methodology trademarks outside the preset data', () => {
    expect(guardedWords).toHaveLength(4);
    expect(Object.keys(sources).length).toBeGreaterThan(20);
    for (const [file, source] of Object.entries(sources)) {
      for (const word of guardedWords) {
        expect(source.includes(word), `${file} contains a guarded word`).toBe(false);
      }
    }
  });
});
