export {
  DEFAULT_SPREADSHEET_LIMITS,
  readSpreadsheet,
  type Sheet,
  type Spreadsheet,
  type SpreadsheetLimits,
  type SpreadsheetRow,
} from './read-spreadsheet.js';
export { tooLarge as spreadsheetTooLarge } from './spreadsheet.errors.js';
