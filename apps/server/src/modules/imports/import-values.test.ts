import { describe, expect, it } from 'vitest';
import { parseDate, parseDone, parseIssuePriority, parseLevel, parseStatus, splitOwners } from './import-values.js';

describe('parseDate', () => {
  it.each([
    ['2026-03-31', '2026-03-31'],
    ['2026-03-31T14:00:00.000Z', '2026-03-31'],
    ['3/31/2026', '2026-03-31'],
    ['3/31/26', '2026-03-31'],
    ['31.03.2026', '2026-03-31'],
    ['Mar 31, 2026', '2026-03-31'],
    ['31 March 2026', '2026-03-31'],
    ['46112', '2026-03-31'],
    ['', null],
  ])('reads %s', (text, expected) => {
    expect(parseDate(text)).toEqual({ ok: true, value: expected });
  });

  it.each([
    ['30000-01-01', 'past the year 9999'],
    ['1/1/30000', 'past the year 9999'],
    ['2026-02-30', 'not a date that exists'],
    ['1850-01-01', 'before 1900'],
    ['next Friday', 'not a date'],
  ])('refuses %s with a clear message', (text, message) => {
    const parsed = parseDate(text);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.message).toContain(message);
  });
});

describe('Ninety words', () => {
  it('maps statuses, levels and issue priorities', () => {
    expect(parseStatus('On Track')).toEqual({ ok: true, value: 'on_track' });
    expect(parseStatus('off-track')).toEqual({ ok: true, value: 'off_track' });
    expect(parseStatus('Done')).toEqual({ ok: true, value: 'complete' });
    expect(parseStatus('Maybe').ok).toBe(false);
    expect(parseLevel('Company')).toEqual({ ok: true, value: 'company' });
    expect(parseLevel('Departmental')).toEqual({ ok: true, value: 'team' });
    expect(parseLevel('Personal Rock')).toEqual({ ok: true, value: 'individual' });
    expect(parseIssuePriority('Long-Term')).toEqual({ horizon: 'long_term', rank: null });
    expect(parseIssuePriority('2')).toEqual({ horizon: null, rank: 2 });
    expect(parseIssuePriority('High')).toEqual({ horizon: null, rank: null });
  });

  it('reads a milestone done mark, empty as not done, and names a word it cannot read', () => {
    for (const word of ['Done', 'complete', 'TRUE', 'x', 'Yes'])
      expect(parseDone(word)).toEqual({ ok: true, value: true });
    for (const word of ['', 'Not Done', 'open', 'FALSE', 'On Track']) {
      expect(parseDone(word)).toEqual({ ok: true, value: false });
    }
    expect(parseDone('Maybe')).toEqual({
      ok: false,
      message: '"Maybe" does not say whether it is done; use Done, or leave it empty when not',
    });
  });

  it('splits several owners, but keeps a known "Last, First" name whole', () => {
    const known = new Set(['lovelace, ada']);
    expect(splitOwners('Ada Lovelace; bo@example.com, Cy', (key) => known.has(key))).toEqual([
      'Ada Lovelace',
      'bo@example.com',
      'Cy',
    ]);
    expect(splitOwners('Lovelace, Ada', (key) => known.has(key))).toEqual(['Lovelace, Ada']);
  });
});
