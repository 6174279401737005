import { describe, expect, it } from 'vitest';
import { dateInWords, findDates, findMeasures, numberValue } from './offline.dates.js';
import { buildCorpus, cosineSimilarity, detectLanguage, normalize, sharedWords, stem } from './offline.text.js';

const calendar = {
  today: '2026-08-10',
  fiscalYearStartMonth: 1,
  quarter: { year: 2026, quarter: 3, start: '2026-07-01', end: '2026-09-30' },
};

const datesIn = (text: string) => {
  const normalized = normalize(text);
  return findDates(normalized, calendar, detectLanguage(normalized)).map((date) => date.iso);
};
const measuresIn = (text: string) => {
  const normalized = normalize(text);
  const dates = findDates(normalized, calendar, detectLanguage(normalized));
  return findMeasures(normalized, dates).map((range) => normalized.slice(range.start, range.end));
};

describe('offline text tools', () => {
  it.each([
    ['Ship it by 2026-09-15', ['2026-09-15']],
    ['Ship it by 15.09.2026', ['2026-09-15']],
    ['Ship it by 09/15/2026', ['2026-09-15']],
    ['Firmarlo antes del 15/09/2026', ['2026-09-15']],
    ['Ship it by September 15', ['2026-09-15']],
    ['Ship it by 15 Sept', []],
    ['Ship it by the end of March 2027', ['2027-03-31']],
    ['Lancer avant le 1er août', ['2026-08-01']],
    ['Bis 31. März 2027 liefern', ['2027-03-31']],
    ['Antes del 30 de septiembre de 2026', ['2026-09-30']],
    ['by Q4', ['2026-12-31']],
    ['by Q3 2027', ['2027-09-30']],
    ['by Q2', ['2027-06-30']],
    ['by the end of the quarter', ['2026-09-30']],
    ['by end of year', ['2026-12-31']],
    ['in 3 weeks', ['2026-08-31']],
    ['by 2028', ['2028-12-31']],
    ['We may ship it', []],
    ['Marketing plan', []],
  ])('finds the dates of “%s”', (text, expected) => {
    expect(datesIn(text)).toEqual(expected);
  });

  it.each([
    ['Sign 3 new customers by September 15', ['3']],
    ['Reach $1.2M ARR', ['$1.2m']],
    ['Keep uptime at 99.9%', ['99.9%']],
    ['NPS 50 by Q3', ['50']],
    ['Hire three engineers', ['three']],
    ['Ship v2 of the B2B portal', []],
    ['売上を20%増やす', ['20%']],
  ])('finds the measures of “%s”', (text, expected) => {
    expect(measuresIn(text)).toEqual(expected);
  });

  it('reads amounts with their thousands and suffixes', () => {
    expect([numberValue('40k'), numberValue('1.2m'), numberValue('1,200'), numberValue('1,5')]).toEqual([
      40_000, 1_200_000, 1_200, 1.5,
    ]);
  });

  it('stems plural and verb forms to one word', () => {
    expect(stem('customers')).toBe(stem('customer'));
    expect(stem('clientes')).toBe(stem('cliente'));
    expect(stem('onboarding')).toBe('onboard');
    expect(stem('app')).toBe('app');
  });

  it('detects the language by its little words', () => {
    expect(detectLanguage(normalize('Firmar los contratos de la región'))).toBe('es');
    expect(detectLanguage(normalize('Signer les contrats de la région'))).toBe('fr');
    expect(detectLanguage(normalize('Die Verträge mit den Händlern unterschreiben'))).toBe('de');
    expect(detectLanguage(normalize('売上を増やす'))).toBe('en');
  });

  it('scores shared subjects above unrelated ones and names the shared words', () => {
    const [priority, close, far] = buildCorpus([
      'Launch the reseller portal',
      'Launch a reseller partner channel',
      'Repaint the office kitchen',
    ]);
    expect(cosineSimilarity(priority!, close!)).toBeGreaterThan(0.3);
    expect(cosineSimilarity(priority!, far!)).toBe(0);
    expect(sharedWords(priority!, close!)).toEqual(['launch', 'reseller']);
  });

  it('writes a date in words', () => {
    expect(dateInWords('2026-09-30')).toBe('30 September 2026');
  });
});
