import { parse } from 'csv-parse/sync';
import * as errors from './spreadsheet.errors.js';

const DELIMITERS = [',', ';', '\t'] as const;

/**
 * Text as Excel and other tools save it: UTF-8 (with or without BOM), UTF-16 ("Unicode text", with
 * its BOM), or, failing UTF-8, Windows-1252 (Excel's "CSV" on Western Windows). Bytes with NULs or
 * other binary control characters are no text file at all.
 */
export function decodeText(content: Buffer): string | null {
  if (content[0] === 0xff && content[1] === 0xfe) return new TextDecoder('utf-16le').decode(content.subarray(2));
  if (content[0] === 0xfe && content[1] === 0xff) return new TextDecoder('utf-16be').decode(content.subarray(2));
  const sample = content.subarray(0, 64 * 1024);
  for (const byte of sample) {
    if (byte === 0 || (byte < 32 && byte !== 9 && byte !== 10 && byte !== 13 && byte !== 12)) return null;
  }
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(content);
  } catch {
    return new TextDecoder('windows-1252').decode(content);
  }
}

/** The delimiter seen most often on the first line, quoted text left out; comma when none appears. */
export function sniffDelimiter(text: string): string {
  const firstLine = (text.split(/\r?\n/).find((line) => line.trim() !== '') ?? '').replace(/"[^"]*"/g, '');
  let best: string = ',';
  let bestCount = 0;
  for (const delimiter of DELIMITERS) {
    const count = firstLine.split(delimiter).length - 1;
    if (count > bestCount) {
      best = delimiter;
      bestCount = count;
    }
  }
  return best;
}

/** Records with their 1-based line of the file as a spreadsheet shows it (record index + 1). */
export function parseCsv(text: string): string[][] {
  try {
    return parse(text, {
      delimiter: sniffDelimiter(text),
      bom: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
    });
  } catch {
    throw errors.unreadable('csv');
  }
}
