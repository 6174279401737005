import { PRIORITY_DESCRIPTION_MAX, PRIORITY_TITLE_MAX, type SmartLetter } from '@keel/contract';
import type { AssistantContext } from '../assistant.engine.js';
import { byDatePhrase, dateInWords, type FoundDate, type TextRange } from './offline.dates.js';
import { inTitle, joinQuoted, rangesOf, type DraftReading } from './offline.reading.js';
import type { Language } from './offline.text.js';
import { CHANGE_VERBS, VAGUE_REPLACEMENTS } from './offline.words.js';

/** What the letters' rules found that the rewrite acts on. */
export interface Findings {
  vague: TextRange[];
  scopeGoals: string[];
  deadline: string | null;
  deadlineFromText: FoundDate | null;
  /** "all", "double", a growth of 2× or more, or a title too long: the description asks for this quarter's step. */
  oversized: boolean;
}

type Verdicts = Record<SmartLetter, { met: boolean; reason: string }>;

/** Placeholders in brackets: a template the person fills in, never a number the engine made up. */
const TARGET_TEMPLATE: Record<Language, string> = {
  en: "to [target] (from [today's value])",
  es: 'hasta [objetivo] (desde [valor actual])',
  fr: 'à [cible] (contre [valeur actuelle])',
  de: 'auf [Zielwert] (von [heutiger Wert])',
};
const DONE_TEMPLATE: Record<Language, string> = {
  en: '— done when [number or deliverable]',
  es: '— hecho cuando [número o entregable]',
  fr: '— fait quand [nombre ou livrable]',
  de: '— erledigt, wenn [Zahl oder Ergebnis]',
};
const TITLE_SENTENCE_MAX = 120;
// A date's preposition goes with it when the date is taken out ("launch by Q4" loses "by Q4", not just "Q4").
const TRAILING_PREPOSITION =
  /(?:\s+(?:by|before|until|in|on|for|antes del?|para|hasta|en|d'ici(?: le)?|avant(?: le)?|pour|bis|vor|zum|im))?\s*$/i;

/** A suggested title and description fixing what can be fixed by words; null when the letters all pass. */
export function suggestRewrite(
  reading: DraftReading,
  verdicts: Verdicts,
  findings: Findings,
  context: AssistantContext,
): { title: string; description: string } | null {
  const quarterEnd = context.quarter.end;
  const notes: string[] = [];
  let title = reading.title === '' ? firstSentence(reading.description) : editedTitle(reading, verdicts, findings);

  if (findings.scopeGoals.length > 0) {
    title = findings.scopeGoals[0] ?? title;
    notes.push(`Make separate priorities of: ${joinQuoted(findings.scopeGoals.slice(1))}.`);
  }
  if (title.length > TITLE_SENTENCE_MAX) {
    notes.push(`Details: ${reading.title}`);
    title = firstSentence(title);
  }
  if (!verdicts.measurable.met) {
    const hasChangeVerb = rangesOf(reading, CHANGE_VERBS, 'title').length > 0;
    title = `${title} ${(hasChangeVerb ? TARGET_TEMPLATE : DONE_TEMPLATE)[reading.language]}`;
  }
  if (!verdicts.time_bound.met) {
    const dateWasInTitle = findings.deadlineFromText !== null && inTitle(reading, findings.deadlineFromText);
    if (findings.deadline === null || dateWasInTitle) {
      title = `${title} ${byDatePhrase(quarterEnd, reading.language)}`;
    } else {
      notes.push(
        `Due date: pick a day between ${dateInWords(laterOf(context.today, context.quarter.start))} and ${dateInWords(quarterEnd)}.`,
      );
    }
  }
  if (findings.oversized && !verdicts.achievable.met) {
    notes.push(`This quarter’s step: [what you can reach by ${dateInWords(quarterEnd)}].`);
  }
  if (!verdicts.relevant.met) notes.push('Serves: [which annual goal or company priority].');

  return { title: tidyTitle(title), description: withNotes(reading.description, notes) };
}

/** The title with vague words replaced and an out-of-quarter date taken out (the right one is appended later). */
function editedTitle(reading: DraftReading, verdicts: Verdicts, findings: Findings): string {
  const edits: { range: TextRange; text: string }[] = [];
  if (!verdicts.specific.met) {
    for (const range of findings.vague) {
      const word = reading.normalized.slice(range.start, range.end).replace(/\s+/g, ' ');
      edits.push({ range, text: VAGUE_REPLACEMENTS[word] ?? '[what exactly]' });
    }
  }
  const date = findings.deadlineFromText;
  if (!verdicts.time_bound.met && date !== null && inTitle(reading, date)) {
    edits.push({ range: { start: date.start, end: Math.min(date.end, reading.titleEnd) }, text: '' });
  }
  let title = reading.title;
  for (const edit of edits.sort((a, b) => b.range.start - a.range.start)) {
    const from = reading.origin[edit.range.start] ?? 0;
    const to = (reading.origin[edit.range.end - 1] ?? from) + 1;
    const before = edit.text === '' ? title.slice(0, from).replace(TRAILING_PREPOSITION, '') : title.slice(0, from);
    title = `${before}${edit.text === '' ? '' : edit.text}${title.slice(to)}`;
  }
  return title;
}

const laterOf = (a: string, b: string) => (a > b ? a : b);

function firstSentence(text: string): string {
  const sentence = /^[^\n]*?(?=[.!?](?:\s|$)|\n|$)/.exec(text.trim())?.[0]?.trim() ?? '';
  if (sentence.length <= TITLE_SENTENCE_MAX) return sentence;
  const cut = sentence.slice(0, TITLE_SENTENCE_MAX);
  return cut.slice(0, Math.max(cut.lastIndexOf(' '), 1)).trim();
}

function tidyTitle(title: string): string {
  const tidy = title
    .replace(/\s+/g, ' ')
    .replace(/\s+([,.;:!?)])/g, '$1')
    .replace(/^[\s,.;:–—-]+|[\s,;:–—-]+$/g, '')
    .trim();
  const capitalized = tidy.charAt(0).toUpperCase() + tidy.slice(1);
  if (capitalized.length <= PRIORITY_TITLE_MAX) return capitalized;
  const cut = capitalized.slice(0, PRIORITY_TITLE_MAX);
  return cut.slice(0, Math.max(cut.lastIndexOf(' '), 1));
}

/** The description kept as written (cut if need be), then the notes the person fills in; within the limit. */
function withNotes(description: string, notes: readonly string[]): string {
  const notesText = notes.join('\n');
  if (notesText === '') return description.slice(0, PRIORITY_DESCRIPTION_MAX);
  if (description === '') return notesText.slice(0, PRIORITY_DESCRIPTION_MAX);
  const room = PRIORITY_DESCRIPTION_MAX - notesText.length - 2;
  return `${description.slice(0, Math.max(0, room)).trimEnd()}\n\n${notesText}`.slice(0, PRIORITY_DESCRIPTION_MAX);
}
