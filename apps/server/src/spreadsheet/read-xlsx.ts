import type ExcelJS from 'exceljs';
import * as errors from './spreadsheet.errors.js';

export interface RawSheet {
  name: string;
  /** [rowNumber, cells] with the row number Excel shows. */
  rows: [number, string[]][];
  /** The number format of each formatted cell, by row number (rows without any are absent). */
  numberFormats?: Map<number, string[]>;
}

/** A date cell as an ISO date; with a time of day (other than midnight), the full ISO instant. */
const dateText = (date: Date) => {
  if (Number.isNaN(date.getTime())) return '';
  const iso = date.toISOString();
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso;
};

type Scalar = string | number | boolean | Date | ExcelJS.CellErrorValue | null | undefined;

const scalarText = (value: Scalar): string => {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return dateText(value);
  if (typeof value === 'object') return value.error;
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  return String(value);
};

/**
 * Every cell as text. A formula cell gives the result Excel cached when it last saved the file (what
 * the person saw), never a value we computed: nothing in an upload is ever evaluated. A formula with
 * no cached result gives its formula text, `=` included, so nothing silently turns blank.
 */
export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'object' || value instanceof Date) return scalarText(value);
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('hyperlink' in value) return typeof value.text === 'string' ? value.text : cellText(value.text);
  if ('formula' in value || 'sharedFormula' in value) {
    if (value.result !== undefined) return scalarText(value.result);
    const formula =
      'formula' in value && value.formula ? value.formula : (value as ExcelJS.CellSharedFormulaValue).sharedFormula;
    return `=${formula}`;
  }
  if ('error' in value) return value.error;
  return '';
}

/** Call only on bytes the zip guard has passed. */
export async function readXlsx(content: Buffer): Promise<RawSheet[]> {
  // Loaded on first use: exceljs and its zip stack weigh ~15 MB of memory that idle servers never need.
  const { default: excel } = await import('exceljs');
  const workbook = new excel.Workbook();
  try {
    await workbook.xlsx.load(content as unknown as ArrayBuffer);
  } catch {
    throw errors.unreadable('xlsx');
  }
  return workbook.worksheets.map((worksheet) => {
    const rows: [number, string[]][] = [];
    const numberFormats = new Map<number, string[]>();
    worksheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
      const cells: string[] = [];
      const formats: string[] = [];
      row.eachCell({ includeEmpty: true }, (cell, column) => {
        cells[column - 1] = cellText(cell.value).trim();
        if (cell.numFmt) formats[column - 1] = cell.numFmt;
      });
      rows.push([rowNumber, Array.from(cells, (cell) => cell ?? '')]);
      if (formats.length > 0) {
        numberFormats.set(
          rowNumber,
          Array.from(formats, (format) => format ?? ''),
        );
      }
    });
    return { name: worksheet.name, rows, numberFormats };
  });
}
