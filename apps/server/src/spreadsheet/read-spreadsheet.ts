import { parseCsv, decodeText } from './read-csv.js';
import { readXlsx, type RawSheet } from './read-xlsx.js';
import * as errors from './spreadsheet.errors.js';
import { assertSafeZip, DEFAULT_ZIP_LIMITS, type ZipLimits } from './zip-guard.js';

export interface SpreadsheetRow {
  /** The row number the person sees in their spreadsheet (the header is usually row 1). */
  rowNumber: number;
  /** As text, one per header, trimmed; '' for an empty cell. */
  cells: string[];
}

export interface Sheet {
  name: string;
  headers: string[];
  rows: SpreadsheetRow[];
  /**
   * An .xlsx cell's number format ("0.0%", `"USD "#,##0`, "[h]:mm") by row number and column index,
   * for a reader that wants the unit the person saw; '' or absent when the cell has none. Never for CSV.
   */
  numberFormats?: Map<number, string[]>;
  /** The header row's number formats, by column index (a date header shown as "mmm yyyy" names a month). */
  headerFormats?: string[];
}

export interface Spreadsheet {
  format: 'csv' | 'xlsx';
  sheets: Sheet[];
}

export interface SpreadsheetLimits {
  maxBytes: number;
  /** Data rows (the header excluded) in any one sheet. */
  maxRows: number;
  zip: ZipLimits;
}

export const SPREADSHEET_MAX_BYTES = 10 * 1024 * 1024;
export const SPREADSHEET_MAX_ROWS = 10_000;
export const DEFAULT_SPREADSHEET_LIMITS: SpreadsheetLimits = {
  maxBytes: SPREADSHEET_MAX_BYTES,
  maxRows: SPREADSHEET_MAX_ROWS,
  zip: DEFAULT_ZIP_LIMITS,
};

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
/** The OLE container of the pre-2007 .xls format. */
const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0]);
const TEXT_NAMES = /\.(csv|tsv|txt)$/i;
const XLSX_NAMES = /\.(xlsx|xlsm)$/i;

const columnName = (index: number): string =>
  index < 26 ? String.fromCharCode(65 + index) : columnName(Math.floor(index / 26) - 1) + columnName(index % 26);

/** The first non-blank row names the columns; rows entirely blank are not data. */
function toSheet(raw: RawSheet): Sheet | null {
  const nonBlank = raw.rows.filter(([, cells]) => cells.some((cell) => cell !== ''));
  const [headerRow, ...dataRows] = nonBlank;
  if (!headerRow) return null;
  const width = Math.max(headerRow[1].length, ...dataRows.map(([, cells]) => cells.length));
  const headers = Array.from({ length: width }, (_, index) => headerRow[1][index] || `Column ${columnName(index)}`);
  const sheet: Sheet = {
    name: raw.name,
    headers,
    rows: dataRows.map(([rowNumber, cells]) => ({
      rowNumber,
      cells: Array.from({ length: width }, (_, index) => cells[index] ?? ''),
    })),
  };
  if (raw.numberFormats) sheet.numberFormats = raw.numberFormats;
  const headerFormats = raw.numberFormats?.get(headerRow[0]);
  if (headerFormats) sheet.headerFormats = headerFormats;
  return sheet;
}

/**
 * An uploaded spreadsheet as text cells, sheets → header + rows, whatever it came as: .xlsx (zip
 * bytes, checked against zip bombs before the parser sees them) or CSV (any of the usual encodings
 * and delimiters). The type comes from the bytes; the name only breaks ties. Nothing is evaluated:
 * `=HYPERLINK(...)` in a CSV stays that literal text. Refusals are AppErrors with clear messages.
 */
export async function readSpreadsheet(
  file: { content: Buffer; fileName: string },
  limits: SpreadsheetLimits = DEFAULT_SPREADSHEET_LIMITS,
): Promise<Spreadsheet> {
  const { content, fileName } = file;
  if (content.length > limits.maxBytes) throw errors.tooLarge(limits.maxBytes);
  if (content.length === 0) throw errors.empty();
  let format: Spreadsheet['format'];
  let raw: RawSheet[];
  if (content.subarray(0, 4).equals(ZIP_MAGIC)) {
    format = 'xlsx';
    const entries = await assertSafeZip(content, limits.zip);
    // Any other zip (a .docx, an archive of photos) is simply not a workbook.
    if (!entries.includes('xl/workbook.xml')) throw errors.notSpreadsheet();
    raw = await readXlsx(content);
  } else if (content.subarray(0, 4).equals(OLE_MAGIC)) {
    throw errors.legacyExcel();
  } else {
    // A name that promises a workbook (or any other non-text type) on bytes that are not one.
    if (XLSX_NAMES.test(fileName) || (/\.[a-z0-9]+$/i.test(fileName) && !TEXT_NAMES.test(fileName))) {
      throw errors.notSpreadsheet();
    }
    const text = decodeText(content);
    if (text === null) throw errors.notSpreadsheet();
    format = 'csv';
    raw = [
      {
        name: fileName.replace(/\.[^.]*$/, '') || 'Sheet1',
        rows: parseCsv(text).map((cells, index) => [index + 1, cells.map((cell) => cell.trim())]),
      },
    ];
  }
  const sheets = raw.map(toSheet).filter((sheet): sheet is Sheet => sheet !== null);
  if (sheets.length === 0) throw errors.empty();
  const largest = Math.max(...sheets.map((sheet) => sheet.rows.length));
  if (largest > limits.maxRows) throw errors.tooManyRows(largest, limits.maxRows);
  if (largest === 0) throw errors.noDataRows();
  return { format, sheets };
}
