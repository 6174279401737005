import { describe, expect, it } from 'vitest';
import { fileNameOf } from './file-download';

describe('fileNameOf', () => {
  it.each([
    [`attachment; filename="Reunion-Zoe.pdf"; filename*=UTF-8''R%C3%A9union%20Zo%C3%AB.pdf`, 'Réunion Zoë.pdf'],
    ['attachment; filename="scorecard-2026-11-26.xlsx"', 'scorecard-2026-11-26.xlsx'],
    ['attachment; filename=plain.ics', 'plain.ics'],
    ['attachment', 'fallback.pdf'],
    ['', 'fallback.pdf'],
  ])('reads %s as %s', (disposition, name) => {
    expect(fileNameOf(disposition, 'fallback.pdf')).toBe(name);
  });
});
