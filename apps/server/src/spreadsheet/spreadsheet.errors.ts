import { AppError, badRequest } from '../http/errors.js';

/** Every refusal names what is wrong and what the person can do about it. */
const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

export const notSpreadsheet = () =>
  new AppError(415, 'spreadsheet.unsupported', 'This file is not a CSV or Excel (.xlsx) workbook.');

export const legacyExcel = () =>
  new AppError(
    415,
    'spreadsheet.legacy_xls',
    'This is an old Excel (.xls) file. Open it in Excel and save it as an Excel Workbook (.xlsx) or CSV, then try again.',
  );

export const tooLarge = (maxBytes: number) =>
  new AppError(
    413,
    'spreadsheet.too_large',
    `This file is larger than ${megabytes(maxBytes)}. Split it and import each part.`,
  );

export const tooExpanded = (budgetBytes: number) =>
  badRequest(
    'spreadsheet.too_expanded',
    `This workbook unpacks to more than ${megabytes(budgetBytes)}, which no ordinary spreadsheet does. It was refused; save the data as CSV and try again.`,
  );

export const tooManyEntries = (max: number) =>
  badRequest(
    'spreadsheet.too_many_parts',
    `This workbook holds more than ${max} internal parts, which no ordinary spreadsheet does. Save the data as CSV and try again.`,
  );

export const unreadable = (format: 'csv' | 'xlsx') =>
  badRequest(
    'spreadsheet.unreadable',
    format === 'xlsx'
      ? 'This Excel file could not be read: it may be damaged or protected with a password. Save it again as .xlsx or CSV and retry.'
      : 'This CSV file could not be read. Check that it is plain text with one row per line.',
  );

export const tooManyRows = (rows: number, max: number) =>
  badRequest(
    'spreadsheet.too_many_rows',
    `This file has ${rows.toLocaleString('en-US')} rows; one import takes at most ${max.toLocaleString('en-US')}. Split the file and import each part.`,
  );

export const empty = () =>
  badRequest('spreadsheet.empty', 'This file has no rows to import. The first row must name the columns.');

export const noDataRows = () =>
  badRequest(
    'spreadsheet.no_rows',
    'This file has a header row but no rows under it. Add one row per item below the column names.',
  );
