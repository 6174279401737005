import { ASSISTANT_TEXT_READ, type AssistantNotice } from '@keel/contract';
import type { AssistantContext } from '../assistant.engine.js';
import { findDates, findMeasures, type FoundDate, type TextRange } from './offline.dates.js';
import { STOP_WORDS, detectLanguage, normalizeWithOrigin, type Language } from './offline.text.js';

/** Little words that still belong to what is counted: "3 new customers". */
const COUNTED_ADJECTIVES = new Set(['new', 'more', 'per', 'of']);

/**
 * A draft as the offline rules read it: at most ASSISTANT_TEXT_READ characters (title first), normalized once, with
 * the dates and measures found in it. Title and description are read as one text "title\ndescription" so a date
 * or a number in either counts; `titleEnd` tells which part a match came from.
 */
export interface DraftReading {
  title: string;
  description: string;
  /** Title, a line break, description: what `normalized` indexes point into. */
  original: string;
  normalized: string;
  origin: number[];
  titleEnd: number;
  language: Language;
  dates: FoundDate[];
  measures: TextRange[];
  notices: AssistantNotice[];
}

export function readDraft(rawTitle: string, rawDescription: string, context: AssistantContext): DraftReading {
  let title = rawTitle.trim();
  let description = rawDescription.trim();
  const notices: AssistantNotice[] = [];
  if (title.length + description.length > ASSISTANT_TEXT_READ) {
    title = title.slice(0, ASSISTANT_TEXT_READ);
    description = description.slice(0, Math.max(0, ASSISTANT_TEXT_READ - title.length));
    notices.push({
      code: 'text_truncated',
      message: `The text is long: only its first ${ASSISTANT_TEXT_READ.toLocaleString('en')} characters were read.`,
    });
  }
  const original = `${title}\n${description}`;
  const { text: normalized, origin } = normalizeWithOrigin(original);
  const titleEnd = normalized.indexOf('\n');
  const language = detectLanguage(normalized);
  const dates = findDates(normalized, context, language);
  return {
    title,
    description,
    original,
    normalized,
    origin,
    titleEnd,
    language,
    dates,
    measures: findMeasures(normalized, dates),
    notices,
  };
}

/** The person's own words at a range of the normalized text, extended by `extraWords` words after it. */
export function quote(reading: DraftReading, range: TextRange, extraWords = 0): string {
  let end = range.end;
  // The words after a number say what is counted ("3 new customers"); a little word ("by", "and") ends them.
  for (let added = 0; added < extraWords; added += 1) {
    const next = /^[ \t]+([\p{L}\p{N}%$€£-]+)/u.exec(reading.normalized.slice(end));
    if (!next || (STOP_WORDS.has(next[1] ?? '') && !COUNTED_ADJECTIVES.has(next[1] ?? ''))) break;
    end += next[0].length;
  }
  const from = reading.origin[range.start] ?? 0;
  const to = (reading.origin[Math.max(range.start, end - 1)] ?? from) + 1;
  return reading.original.slice(from, to).trim();
}

export const inTitle = (reading: DraftReading, range: TextRange) => range.start < reading.titleEnd;

/** Matches of a word list, as ranges of the normalized text, in the title only or in the whole text. */
export function rangesOf(reading: DraftReading, pattern: RegExp, where: 'title' | 'all'): TextRange[] {
  const text = where === 'title' ? reading.normalized.slice(0, reading.titleEnd) : reading.normalized;
  return [...text.matchAll(pattern)].map((match) => ({
    start: match.index ?? 0,
    end: (match.index ?? 0) + match[0].length,
  }));
}

export const joinQuoted = (words: readonly string[]) => words.map((word) => `“${word}”`).join(', ');
