import {
  MEASURABLE_DECIMALS_MAX,
  parseScoreInput,
  type GoalBand,
  type ScorecardUnit,
  type ValueFormat,
} from '@keel/contract';

export type UnitChoice = { unit: ScorecardUnit; currencyCode: string | null };

export const CURRENCY_SYMBOLS: Record<string, string> = { $: 'USD', '€': 'EUR', '£': 'GBP', '¥': 'JPY' };

/** A number format without its quoted literals and bracketed codes: what is left are the placeholders. */
const placeholdersOf = (format: string) => format.replace(/"[^"]*"/g, '').replace(/\[[^\]]*\]/g, '');

/** What one .xlsx number format says of the unit: `0.0%`, `"USD "#,##0`, `[$€-407]#,##0`, `[h]:mm`. */
function unitOfFormat(format: string): UnitChoice | null {
  const code = /"\s*([A-Z]{3})\s*"/.exec(format)?.[1] ?? /\[\$([A-Z]{3})\b/.exec(format)?.[1];
  if (code) return { unit: 'currency', currencyCode: code };
  const symbol = /\[\$([$€£¥])/.exec(format)?.[1] ?? /"\s*([$€£¥])\s*"/.exec(format)?.[1];
  if (symbol) return { unit: 'currency', currencyCode: CURRENCY_SYMBOLS[symbol]! };
  const bare = placeholdersOf(format);
  if (bare.includes('%')) return { unit: 'percent', currencyCode: null };
  if (/^\[h+\]:mm/i.test(format) || (/h+:mm/i.test(bare) && !/[yd]/i.test(bare))) {
    return { unit: 'time', currencyCode: null };
  }
  if (/^\$|[^\\]\$/.test(bare)) return { unit: 'currency', currencyCode: 'USD' };
  return null;
}

/** The decimals a number format shows (`#,##0.00` → 2), or null when it shows no digit placeholder. */
function decimalsOfFormat(format: string): number | null {
  const bare = placeholdersOf(format);
  if (!/[0#]/.test(bare)) return null;
  return Math.min(MEASURABLE_DECIMALS_MAX, /\.([0#]+)/.exec(bare)?.[1]?.length ?? 0);
}

/**
 * The unit and decimals the value cells of a row were formatted with (Keel's own export writes them
 * so), or null when no cell says: the first format that names a unit wins.
 */
export function unitFromNumberFormats(formats: string[]): { choice: UnitChoice; decimals: number | null } | null {
  for (const format of formats) {
    const choice = format ? unitOfFormat(format) : null;
    if (choice) return { choice, decimals: decimalsOfFormat(format) };
  }
  return null;
}

/** A cell shown as a percent holds its fraction: 0.5 is the 50% the person saw. */
export const isPercentFormat = (format: string | undefined) => !!format && placeholdersOf(format).includes('%');

const NO_GOAL = /^(no goal|none|-|—|–)$/i;
const BAND_SUFFIX = /\s*\(\s*yellow within ([^)]+)\)\s*$/i;

/** The goal cell without the band Keel's export writes after the goal, for guessing the unit from it. */
export const withoutBand = (text: string) => text.replace(BAND_SUFFIX, '');

/**
 * A goal cell split into the goal and the yellow band Keel's export writes after it, "≥ 50 (yellow
 * within 10%)"; "No goal" is no goal. A band in percent on a measurable whose unit is not percent is
 * relative; otherwise it is read as an amount of the unit.
 */
export function splitGoalCell(
  text: string,
  format: ValueFormat,
): { goalText: string; band: GoalBand | null | 'unreadable' } {
  const trimmed = text.trim();
  if (NO_GOAL.test(trimmed)) return { goalText: '', band: null };
  const suffix = BAND_SUFFIX.exec(trimmed);
  if (!suffix) return { goalText: trimmed, band: null };
  const goalText = trimmed.slice(0, suffix.index).trim();
  const amountText = suffix[1]!.trim();
  if (format.unit !== 'percent' && amountText.endsWith('%')) {
    const amount = Number(amountText.slice(0, -1));
    return { goalText, band: Number.isFinite(amount) && amount >= 0 ? { kind: 'percent', amount } : 'unreadable' };
  }
  const parsed = parseScoreInput(amountText, format);
  const amount = parsed.ok ? parsed.value : null;
  return { goalText, band: amount !== null && amount >= 0 ? { kind: 'absolute', amount } : 'unreadable' };
}
