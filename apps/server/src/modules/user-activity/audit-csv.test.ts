import { describe, expect, it } from 'vitest';
import { csvCell, csvLine } from './audit-csv.js';

describe('audit CSV cells', () => {
  it.each([
    ['=HYPERLINK("http://evil","x")', `"'=HYPERLINK(""http://evil"",""x"")"`],
    ['+1', `"'+1"`],
    ['-2', `"'-2"`],
    ['@SUM(A1)', `"'@SUM(A1)"`],
    ['\tcmd', `"'\tcmd"`],
    ['plain, with "quotes"', '"plain, with ""quotes"""'],
    ['a=b', '"a=b"'],
    ['', '""'],
  ])('writes %j as %s', (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  it('writes null as an empty cell and ends lines with CRLF', () => {
    expect(csvLine(['a', null, undefined])).toBe('"a","",""\r\n');
  });
});
