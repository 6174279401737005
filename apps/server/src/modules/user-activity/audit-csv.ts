/**
 * A spreadsheet runs a cell that starts with = + - @ (or a tab or carriage return that hides one)
 * as a formula; a leading apostrophe makes it text. Every cell is quoted, quotes doubled.
 */
export function csvCell(value: string | null | undefined): string {
  const text = value ?? '';
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

export const csvLine = (cells: readonly (string | null | undefined)[]) => `${cells.map(csvCell).join(',')}\r\n`;
