import {
  formatScoreForCopy,
  parsePastedBlock,
  parseScoreInput,
  SCORE_BATCH_MAX,
  SCORE_PASTE_MAX_CHARS,
  type ScorecardGrid,
  type ScorecardRow,
  type WriteScoresRequest,
} from '@keel/contract';
import { cellOf, emptyCell, type GridPeriod, lockReason, valueFormatOf } from './scorecard-model';

/** Copy and paste between the grid and a spreadsheet: tab-separated cells, one line per row. */

export interface CellRange {
  top: number;
  left: number;
  bottom: number;
  right: number;
}

type Scores = WriteScoresRequest['scores'];

export function copyText(rows: ScorecardRow[], periods: GridPeriod[], range: CellRange): string {
  const lines: string[] = [];
  for (let r = range.top; r <= range.bottom; r++) {
    const row = rows[r];
    if (!row) continue;
    const format = valueFormatOf(row.measurable);
    const texts: string[] = [];
    for (let c = range.left; c <= range.right; c++) {
      const period = periods[c];
      texts.push(period ? formatScoreForCopy(cellOf(row, period.start)?.value ?? null, format) : '');
    }
    lines.push(texts.join('\t'));
  }
  return lines.join('\n');
}

export type PastePlan = { ok: true; scores: Scores } | { ok: false; message: string };

/**
 * Turns pasted text into the cells it fills, from the active cell down and right. Nothing is written
 * unless every pasted cell lands on a cell that takes numbers and reads as one: the message names the
 * first cell that does not, and why.
 */
export function planPaste(
  text: string,
  grid: ScorecardGrid,
  rows: ScorecardRow[],
  periods: GridPeriod[],
  start: { row: number; column: number },
  headingOf: (period: GridPeriod) => string,
): PastePlan {
  const block = parsePastedBlock(text, { maxCells: SCORE_BATCH_MAX, maxChars: SCORE_PASTE_MAX_CHARS });
  if (!block.ok) return block;
  const height = block.rows.length;
  const width = Math.max(0, ...block.rows.map((cells) => cells.length));
  if (height === 0 || width === 0) return { ok: false, message: 'There is nothing to paste.' };
  if (start.row + height > rows.length || start.column + width > periods.length) {
    return {
      ok: false,
      message: `The pasted block (${height} × ${width}) does not fit here: from this cell there ${
        rows.length - start.row === 1 ? 'is 1 row' : `are ${rows.length - start.row} rows`
      } and ${periods.length - start.column} columns.`,
    };
  }
  const scores: Scores = [];
  for (let r = 0; r < height; r++) {
    const row = rows[start.row + r];
    if (!row) continue;
    const format = valueFormatOf(row.measurable);
    for (let c = 0; c < width; c++) {
      const period = periods[start.column + c];
      if (!period) continue;
      const where = `${row.measurable.title}, ${headingOf(period)}`;
      const locked = lockReason(grid, row.measurable, period.start);
      if (locked) return { ok: false, message: `Nothing was pasted. ${where}: ${locked}` };
      const parsed = parseScoreInput(block.rows[r]?.[c] ?? '', format);
      if (!parsed.ok) return { ok: false, message: `Nothing was pasted. ${where}: ${parsed.message}` };
      const cell = cellOf(row, period.start) ?? emptyCell(row.measurable, period.start);
      scores.push({
        measurableId: row.measurable.id,
        periodStart: period.start,
        value: parsed.value,
        version: cell.version,
      });
    }
  }
  return { ok: true, scores };
}

/** A paste that is more than one value (a column or block from a spreadsheet). */
export const isBlockPaste = (text: string) => /[\t\n\r]/.test(text.replace(/[\r\n]+$/, ''));
