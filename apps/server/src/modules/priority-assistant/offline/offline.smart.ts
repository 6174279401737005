import {
  SMART_LETTERS,
  type PriorityDraft,
  type SmartCheck,
  type SmartLetter,
  type SmartVerdict,
} from '@keel/contract';
import type { AssistantContext } from '../assistant.engine.js';
import { dateInWords, daysBetween, numberValue } from './offline.dates.js';
import { inTitle, joinQuoted, quote, rangesOf, readDraft, type DraftReading } from './offline.reading.js';
import { suggestRewrite, type Findings } from './offline.rewrite.js';
import { buildCorpus, contentTokens, cosineSimilarity, sharedWords } from './offline.text.js';
import {
  ABSOLUTE_WORDS,
  CHANGE_VERBS,
  DELIVERABLE_VERBS,
  FROM_TO,
  GOAL_JOINS,
  MULTIPLIERS,
  VAGUE_ALWAYS,
  VAGUE_UNLESS_MEASURED,
} from './offline.words.js';

/**
 * Below this TF-IDF cosine a priority and a goal share a word by chance rather than a subject. Low, because a
 * one-line priority sharing one weighty word with a goal's longer text ("customers") scores about 0.07.
 */
export const RELEVANCE_THRESHOLD = 0.05;
const TITLE_MIN_CHARS = 12;
const TITLE_MIN_WORDS = 3;
const TITLE_LONG_CHARS = 150;
const TITLE_LONG_WORDS = 25;
/** Goals in one title from which it is several priorities in one. */
const SCOPE_CREEP_GOALS = 3;
/** A growth of this factor or more within one quarter is flagged ("double" and up). */
const GROWTH_FACTOR_LIMIT = 2;

type Verdicts = Record<SmartLetter, { met: boolean; reason: string }>;

/** The SMART check of a draft: a verdict per letter with its reason, a rewrite when a letter fails, notices. */
export function checkSmart(draft: PriorityDraft, context: AssistantContext): Omit<SmartCheck, 'engine'> {
  const reading = readDraft(draft.title, draft.description, context);
  if (reading.title === '' && reading.description === '') return emptyDraftCheck(context);

  const findings: Findings = { vague: [], scopeGoals: [], deadline: null, deadlineFromText: null, oversized: false };
  const verdicts: Verdicts = {
    specific: checkSpecific(reading, findings),
    measurable: checkMeasurable(reading),
    achievable: checkAchievable(reading, draft, context, findings),
    relevant: checkRelevant(reading, context),
    time_bound: checkTimeBound(reading, draft, context, findings),
  };
  const allMet = SMART_LETTERS.every((letter) => verdicts[letter].met);
  return {
    verdicts: SMART_LETTERS.map((letter): SmartVerdict => ({ letter, ...verdicts[letter] })),
    rewrite: allMet ? null : suggestRewrite(reading, verdicts, findings, context),
    notices: reading.notices,
  };
}

function emptyDraftCheck(context: AssistantContext): Omit<SmartCheck, 'engine'> {
  const reasons: Record<SmartLetter, string> = {
    specific: 'There is nothing written yet: say in one line what will be done.',
    measurable: 'There is nothing written yet: add the number to reach or the deliverable that shows it is done.',
    achievable: 'There is nothing written yet to judge whether it fits in one quarter.',
    relevant: 'There is nothing written yet to compare with the annual goals.',
    time_bound: `There is no due date yet: set one on or before ${dateInWords(context.quarter.end)}, the quarter's last day.`,
  };
  return {
    verdicts: SMART_LETTERS.map((letter) => ({ letter, met: false, reason: reasons[letter] })),
    rewrite: null,
    notices: [{ code: 'empty_draft', message: 'The draft is empty: write a title (and a description if you like).' }],
  };
}

function checkSpecific(reading: DraftReading, findings: Findings): { met: boolean; reason: string } {
  if (reading.title === '') {
    return { met: false, reason: 'There is no title: write one line saying what will be done.' };
  }
  const titleHasMeasure = reading.measures.some((range) => inTitle(reading, range));
  const vagueRanges = [
    ...rangesOf(reading, VAGUE_ALWAYS, 'title'),
    ...(titleHasMeasure ? [] : rangesOf(reading, VAGUE_UNLESS_MEASURED, 'title')),
  ].sort((a, b) => a.start - b.start);
  findings.vague = vagueRanges;
  if (vagueRanges.length > 0) {
    const words = [...new Set(vagueRanges.map((range) => quote(reading, range)))];
    return {
      met: false,
      reason: `It uses vague words (${joinQuoted(words)}): say exactly what will be different — which product, which customers, what result.`,
    };
  }
  const titleText = reading.normalized.slice(0, reading.titleEnd);
  const wordCount = titleText.match(/[\p{L}\p{N}]+/gu)?.length ?? 0;
  if (reading.title.length < TITLE_MIN_CHARS || wordCount < TITLE_MIN_WORDS) {
    return {
      met: false,
      reason:
        'The title is too short to say what will be done: name the thing and the result, e.g. “Launch the partner portal to 20 resellers”.',
    };
  }
  if (reading.title.length > TITLE_LONG_CHARS || wordCount > TITLE_LONG_WORDS) {
    findings.oversized = true;
    return {
      met: false,
      reason: `The title is long (${wordCount} words): keep one line that names the result and move the details to the description.`,
    };
  }
  const objectWords = concreteWords(reading);
  if (objectWords.length === 0) {
    return {
      met: false,
      reason: 'It does not say what it is about: name the product, customer group, process or document.',
    };
  }
  return { met: true, reason: `It names what it is about: ${joinQuoted(objectWords.slice(0, 3))}.` };
}

/** The title's words that name a thing rather than an action, a number or a date, in the person's spelling. */
function concreteWords(reading: DraftReading): string[] {
  let titleText = reading.normalized.slice(0, reading.titleEnd);
  const blank = (start: number, end: number) => {
    titleText = titleText.slice(0, start) + ' '.repeat(end - start) + titleText.slice(end);
  };
  for (const pattern of [DELIVERABLE_VERBS, CHANGE_VERBS]) {
    for (const range of rangesOf(reading, pattern, 'title')) blank(range.start, range.end);
  }
  for (const date of reading.dates)
    if (date.start < reading.titleEnd) blank(date.start, Math.min(date.end, reading.titleEnd));
  const words: string[] = [];
  for (const match of titleText.matchAll(/[\p{L}\p{N}]+/gu)) {
    if (contentTokens(match[0]).length === 0) continue;
    const start = match.index ?? 0;
    const word = quote(reading, { start, end: start + match[0].length });
    if (!words.includes(word)) words.push(word);
  }
  return words;
}

function checkMeasurable(reading: DraftReading): { met: boolean; reason: string } {
  if (reading.measures.length > 0) {
    const measures = [...new Set(reading.measures.slice(0, 2).map((range) => quote(reading, range, 3)))];
    return { met: true, reason: `It has a measure: ${joinQuoted(measures)}.` };
  }
  const deliverable = rangesOf(reading, DELIVERABLE_VERBS, 'all')[0];
  if (deliverable) {
    return {
      met: true,
      reason: `Done or not done is clear: ${joinQuoted([quote(reading, deliverable, 2)])}. Add a number if “done” could mean several things.`,
    };
  }
  return {
    met: false,
    reason:
      'Nothing says how you will know it is done: add a number to reach (from today’s value to a target) or a deliverable (launched, signed, hired, published).',
  };
}

function checkAchievable(
  reading: DraftReading,
  draft: PriorityDraft,
  context: AssistantContext,
  findings: Findings,
): { met: boolean; reason: string } {
  const quarterEnd = dateInWords(context.quarter.end);
  const lateTextDate = reading.dates.find((date) => date.iso > context.quarter.end);
  if (draft.dueDate !== null && draft.dueDate > context.quarter.end) {
    return {
      met: false,
      reason: `It is due on ${dateInWords(draft.dueDate)}, after the quarter ends (${quarterEnd}): a priority is one quarter’s work — cut it to what fits, or make it an annual goal.`,
    };
  }
  if (draft.dueDate === null && lateTextDate) {
    return {
      met: false,
      reason: `It names ${joinQuoted([quote(reading, lateTextDate)])}, after the quarter ends (${quarterEnd}): cut it to what one quarter can finish.`,
    };
  }
  const goals = goalsInTitle(reading);
  if (goals.length >= SCOPE_CREEP_GOALS) {
    findings.scopeGoals = goals;
    return {
      met: false,
      reason: `It holds ${goals.length} goals in one (${joinQuoted(goals)}): keep the one that matters most this quarter and make the others their own priorities.`,
    };
  }
  const multiplier = rangesOf(reading, MULTIPLIERS, 'all')[0];
  if (multiplier) {
    findings.oversized = true;
    return {
      met: false,
      reason: `${joinQuoted([quote(reading, multiplier)])} in one quarter is rarely reached: set the step you can reach by ${quarterEnd}.`,
    };
  }
  for (const match of reading.normalized.matchAll(FROM_TO)) {
    const [from, to] = [numberValue(match[1] ?? ''), numberValue(match[2] ?? '')];
    if (from !== null && to !== null && from > 0 && to / from >= GROWTH_FACTOR_LIMIT) {
      findings.oversized = true;
      const factor = Math.round((to / from) * 10) / 10;
      return {
        met: false,
        reason: `Going ${joinQuoted([quote(reading, { start: match.index ?? 0, end: (match.index ?? 0) + match[0].length })])} is ${factor}× in one quarter: check it can be done, or set a nearer target.`,
      };
    }
  }
  const absolute = rangesOf(reading, ABSOLUTE_WORDS, 'all')[0];
  if (absolute && reading.measures.length === 0) {
    findings.oversized = true;
    return {
      met: false,
      reason: `${joinQuoted([quote(reading, absolute)])} promises every single one: name the number you can commit to by ${quarterEnd}.`,
    };
  }
  return {
    met: true,
    reason:
      'Nothing in it looks too big for one quarter (one goal, no “all” or “double”, nothing due after the quarter): check the owners have the time.',
  };
}

const VERB_AT_START = new RegExp(
  `^\\s*(?:${[DELIVERABLE_VERBS, CHANGE_VERBS, VAGUE_ALWAYS, VAGUE_UNLESS_MEASURED].map((p) => p.source).join('|')}|` +
    'build|create|write|train|run|fix|set up|organi[sz]e|define|redesign|automate|document|expand|enter|win|achieve|' +
    'get|make|start|plan|crear|construir|escribir|formar|creer|construire|ecrire|former|bauen|erstellen|schreiben|schulen)' +
    '(?![\\p{L}\\p{N}])',
  'u',
);

/** Parts of the title joined by "and", commas or semicolons that each start with a verb: each one is a goal. */
function goalsInTitle(reading: DraftReading): string[] {
  const titleText = reading.normalized.slice(0, reading.titleEnd);
  const goals: string[] = [];
  let partStart = 0;
  const boundaries = [...titleText.matchAll(GOAL_JOINS)].map((match) => ({
    start: match.index ?? 0,
    end: (match.index ?? 0) + match[0].length,
  }));
  boundaries.push({ start: titleText.length, end: titleText.length });
  for (const boundary of boundaries) {
    const part = titleText.slice(partStart, boundary.start);
    if (VERB_AT_START.test(part)) {
      const leading = part.length - part.trimStart().length;
      goals.push(quote(reading, { start: partStart + leading, end: boundary.start }));
    }
    partStart = boundary.end;
  }
  return goals;
}

function checkRelevant(reading: DraftReading, context: AssistantContext): { met: boolean; reason: string } {
  const targets = [
    ...context.annualGoals.map((goal) => ({
      kind: 'annual goal',
      title: goal.title,
      text: `${goal.title}\n${goal.description}\n${goal.target}`,
    })),
    ...context.companyPriorities.map((priority) => ({
      kind: 'company priority',
      title: priority.title,
      text: `${priority.title}\n${priority.description}`,
    })),
  ];
  // Met, not failed: with nothing to compare to, the priority has no fault the person could fix by rewriting it;
  // the reason says so, and that setting annual goals is what makes this check meaningful.
  if (targets.length === 0) {
    return {
      met: true,
      reason:
        'There are no annual goals or company priorities to compare it with yet: once they are written, this checks which one it serves.',
    };
  }
  // Without its dates: "September" says when, not what, and would tie every priority to a goal naming a month.
  let undated = reading.normalized;
  for (const date of reading.dates)
    undated = undated.slice(0, date.start) + ' '.repeat(date.end - date.start) + undated.slice(date.end);
  const [draftDocument, ...targetDocuments] = buildCorpus([undated, ...targets.map((t) => t.text)]);
  let best = -1;
  let bestScore = 0;
  targetDocuments.forEach((document, index) => {
    const score = cosineSimilarity(draftDocument!, document);
    if (score > bestScore) [best, bestScore] = [index, score];
  });
  const bestTarget = targets[best];
  if (bestTarget && bestScore >= RELEVANCE_THRESHOLD) {
    const words = sharedWords(draftDocument!, targetDocuments[best]!);
    return {
      met: true,
      reason: `It serves the ${bestTarget.kind} “${bestTarget.title}” (shared words: ${words.join(', ')}).`,
    };
  }
  const names = context.annualGoals.length > 0 ? context.annualGoals : context.companyPriorities;
  return {
    met: false,
    reason: `It shares no subject with the ${context.annualGoals.length > 0 ? 'annual goals' : 'company priorities'} (${joinQuoted(names.slice(0, 3).map((goal) => goal.title))}): say in the description which one it serves, or ask whether it belongs in this quarter.`,
  };
}

function checkTimeBound(
  reading: DraftReading,
  draft: PriorityDraft,
  context: AssistantContext,
  findings: Findings,
): { met: boolean; reason: string } {
  const { start, end } = context.quarter;
  const latestTextDate = reading.dates.reduce<(typeof reading.dates)[number] | null>(
    (latest, date) => (latest === null || date.iso > latest.iso ? date : latest),
    null,
  );
  const deadline = draft.dueDate ?? latestTextDate?.iso ?? null;
  findings.deadline = deadline;
  findings.deadlineFromText = draft.dueDate === null ? latestTextDate : null;
  const named =
    draft.dueDate === null && latestTextDate ? `${joinQuoted([quote(reading, latestTextDate)])}, i.e. ` : '';
  if (deadline === null) {
    return {
      met: false,
      reason: `No due date: set one, or end the title with “by ${dateInWords(end)}”, the quarter’s last day.`,
    };
  }
  if (deadline < context.today) {
    return {
      met: false,
      reason: `It was due on ${named}${dateInWords(deadline)}, ${daysBetween(deadline, context.today)} day(s) ago: set a new date on or before ${dateInWords(end)}.`,
    };
  }
  if (deadline < start || deadline > end) {
    return {
      met: false,
      reason: `Its date (${named}${dateInWords(deadline)}) falls outside the quarter (${dateInWords(start)} – ${dateInWords(end)}): pick a day within it.`,
    };
  }
  return {
    met: true,
    reason: `Due on ${named}${dateInWords(deadline)}, within the quarter (it ends ${dateInWords(end)}).`,
  };
}
