import {
  MILESTONE_TITLE_MAX,
  MILESTONES_PROPOSED_MIN,
  addDays,
  type MilestoneProposal,
  type MilestoneRequest,
  type ProposedMilestone,
} from '@keel/contract';
import type { AssistantContext } from '../assistant.engine.js';
import { daysBetween } from './offline.dates.js';
import { readDraft, type DraftReading } from './offline.reading.js';
import { wordListPattern } from './offline.text.js';
import { CHANGE_VERBS, DELIVERABLE_VERBS, VAGUE_ALWAYS, VAGUE_UNLESS_MEASURED } from './offline.words.js';

/**
 * Milestones for a priority: the kind of goal read from its words, that kind's template of steps filled with what
 * the priority is about, due dates spread evenly from today (or the quarter's start) to its due date.
 */
export type GoalKind = 'launch' | 'hire' | 'number' | 'process' | 'event' | 'document' | 'generic';

/** In plain words, as the answer's `kind` names it. */
export const GOAL_KIND_NAMES: Record<GoalKind, string> = {
  launch: 'a launch of a product or feature',
  hire: 'hiring people',
  number: 'a number to reach',
  process: 'a process or system to put in place',
  event: 'an event',
  document: 'a document or plan',
  generic: 'a goal of another kind',
};

// When two kinds score the same, the earlier one wins: the more particular plan first.
const KIND_KEYWORDS: [Exclude<GoalKind, 'generic'>, RegExp][] = [
  [
    'hire',
    wordListPattern([
      'hire',
      'hires',
      'hiring',
      'recruit',
      'recruiting',
      'recruitment',
      'headcount',
      'contratar',
      'contratacion',
      'embaucher',
      'recruter',
      'recrutement',
      'einstellen',
      'einstellung',
      'rekrutieren',
    ]),
  ],
  [
    'event',
    wordListPattern([
      'event',
      'conference',
      'summit',
      'offsite',
      'webinar',
      'workshop',
      'meetup',
      'trade show',
      'fair',
      'gala',
      'evento',
      'conferencia',
      'feria',
      'evenement',
      'salon',
      'seminaire',
      'veranstaltung',
      'konferenz',
      'messe',
    ]),
  ],
  [
    'launch',
    wordListPattern([
      'launch',
      'ship',
      'release',
      'go live',
      'beta',
      'app',
      'feature',
      'product',
      'version',
      'website',
      'portal',
      'lanzar',
      'lanzamiento',
      'producto',
      'lancer',
      'lancement',
      'produit',
      'starten',
      'launchen',
      'markteinfuhrung',
      'produkt',
    ]),
  ],
  [
    'process',
    wordListPattern([
      'implement',
      'process',
      'system',
      'migrate',
      'migration',
      'automate',
      'adopt',
      'crm',
      'erp',
      'workflow',
      'procedure',
      'roll out',
      'rollout',
      'set up',
      'tool',
      'implementar',
      'proceso',
      'sistema',
      'migrar',
      'mettre en place',
      'processus',
      'systeme',
      'implementieren',
      'einfuhren',
      'prozess',
    ]),
  ],
  [
    'document',
    wordListPattern([
      'plan',
      'strategy',
      'policy',
      'document',
      'handbook',
      'report',
      'playbook',
      'guide',
      'manual',
      'write',
      'draft',
      'proposal',
      'budget',
      'roadmap',
      'documento',
      'estrategia',
      'politica',
      'informe',
      'strategie',
      'politique',
      'rapport',
      'rediger',
      'dokument',
      'richtlinie',
      'bericht',
      'handbuch',
      'konzept',
    ]),
  ],
  [
    'number',
    wordListPattern([
      'increase',
      'grow',
      'reach',
      'reduce',
      'revenue',
      'sales',
      'customers',
      'clients',
      'churn',
      'nps',
      'mrr',
      'arr',
      'margin',
      'conversion',
      'retention',
      'leads',
      'pipeline',
      'aumentar',
      'ingresos',
      'ventas',
      'clientes',
      'augmenter',
      'ventes',
      "chiffre d'affaires",
      'umsatz',
      'kunden',
      'steigern',
      'erhohen',
    ]),
  ],
];

/** 3 to 6 steps per kind; `{object}` is what the priority is about. The last step is always "done". */
const TEMPLATES: Record<GoalKind, string[]> = {
  launch: [
    'Scope and success criteria of {object} agreed',
    'First working version of {object} ready for internal testing',
    'Beta of {object} with first users; feedback collected',
    'Beta feedback fixed; launch plan and announcement ready',
    '{object} launched',
  ],
  hire: [
    'Role description and hiring plan for {object} approved',
    'Job posted and sourcing under way',
    'First interviews held; shortlist agreed',
    'Offers made and accepted',
    'Start dates and onboarding planned for {object}',
  ],
  number: [
    'Baseline measured and weekly tracking in place for {object}',
    'Actions to reach the target chosen and started',
    'Halfway check: on track for {object}?',
    'Target reached: {object}',
  ],
  process: [
    'Current way of working mapped for {object}',
    'New process or system chosen and written down',
    'Pilot of {object} with one team',
    'Rolled out to everyone, with training',
    'Adoption checked and the old way retired',
  ],
  event: [
    'Date, venue, budget and goals of {object} set',
    'Agenda and speakers confirmed',
    'Invitations sent; registration open',
    'Logistics and materials final',
    '{object} held; follow-ups sent',
  ],
  document: [
    'Outline of {object} and contributors agreed',
    'First draft of {object} written',
    'Reviewers’ feedback collected',
    '{object} final and approved',
  ],
  generic: [
    'Plan for {object} agreed: steps, owners, what done means',
    'First step of {object} done',
    'Halfway review of {object}',
    '{object} done and checked',
  ],
};

const OBJECT_MAX_CHARS = 80;
const LEADING_VERB = new RegExp(
  `^\\s*(?:${[DELIVERABLE_VERBS, CHANGE_VERBS, VAGUE_ALWAYS, VAGUE_UNLESS_MEASURED, KIND_KEYWORDS[0]![1]].map((p) => p.source).join('|')}|` +
    `write|create|build|organi[sz]e|run|set up|plan|draft|escribir|crear|organizar|ecrire|creer|organiser|schreiben|erstellen|organisieren)` +
    '(?![\\p{L}\\p{N}])\\s*',
  'u',
);
const DATE_PREPOSITION =
  /(?:\s+(?:by|before|until|in|on|antes del?|para|hasta|en|d'ici(?: le)?|avant(?: le)?|bis|vor|im))?\s*$/i;

export function proposeMilestones(
  request: MilestoneRequest,
  context: AssistantContext,
): Omit<MilestoneProposal, 'engine'> {
  const reading = readDraft(request.title, request.description, context);
  const notices = [...reading.notices];
  if (reading.title === '' && reading.description === '') {
    notices.push({
      code: 'empty_draft',
      message: 'The priority has no title: these are general steps; name it for better ones.',
    });
  }
  const kind = classifyGoal(reading);
  const object = objectOf(reading);
  const start = laterOf(context.today, context.quarter.start);
  const end = request.dueDate ?? context.quarter.end;
  const dates = spreadDates(TEMPLATES[kind].length, start, end);
  const titles = pickSteps(TEMPLATES[kind], dates.length).map((template) => fillTemplate(template, object));
  const milestones: ProposedMilestone[] = titles.map((title, index) => ({ title, dueDate: dates[index]! }));
  return { kind: GOAL_KIND_NAMES[kind], milestones, notices };
}

/** The kind whose words the priority uses most, its title counting twice; none: generic. */
export function classifyGoal(reading: DraftReading): GoalKind {
  const title = reading.normalized.slice(0, reading.titleEnd);
  const description = reading.normalized.slice(reading.titleEnd);
  let best: GoalKind = 'generic';
  let bestScore = 0;
  for (const [kind, pattern] of KIND_KEYWORDS) {
    let score = 2 * (title.match(pattern)?.length ?? 0) + (description.match(pattern)?.length ?? 0);
    // A number in the title points to a number to reach; "hire 2 engineers" ties, and hiring, listed first, wins.
    if (kind === 'number' && reading.measures.some((range) => range.start < reading.titleEnd)) score += 2;
    if (score > bestScore) [best, bestScore] = [kind, score];
  }
  return best;
}

/** What the priority is about: its title (or first line) without the leading verb and without its date. */
function objectOf(reading: DraftReading): string {
  const source = reading.title !== '' ? reading.title : (reading.description.split('\n')[0] ?? '');
  const sourceEnd = reading.title !== '' ? reading.titleEnd : reading.normalized.length;
  let text = source;
  const titleDates = reading.title !== '' ? reading.dates.filter((date) => date.start < sourceEnd) : [];
  for (const date of [...titleDates].sort((a, b) => b.start - a.start)) {
    const from = reading.origin[date.start] ?? 0;
    const to = (reading.origin[Math.min(date.end, sourceEnd) - 1] ?? from) + 1;
    text = `${text.slice(0, from).replace(DATE_PREPOSITION, '')}${text.slice(to)}`;
  }
  const verb = LEADING_VERB.exec(foldedSameLength(text));
  if (verb) text = text.slice(verb[0].length);
  text = text.replace(/\s+/g, ' ').replace(/^[\s,.;:–—-]+|[\s,.;:–—-]+$/g, '');
  if (text.length > OBJECT_MAX_CHARS) {
    const cut = text.slice(0, OBJECT_MAX_CHARS);
    text = cut.slice(0, Math.max(cut.lastIndexOf(' '), 1));
  }
  return text === '' ? 'the priority' : text;
}

/**
 * The same text lower-cased without accents, with the same length, for matching the verb lists against a string
 * whose characters must keep their places (the verb is cut from the original by length).
 */
function foldedSameLength(text: string): string {
  return [...text]
    .map((char) => {
      const folded = char.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '');
      return folded.length === char.length ? folded : char;
    })
    .join('');
}

function fillTemplate(template: string, object: string): string {
  const filled = template.replace('{object}', object);
  const title = template.startsWith('{object}') ? filled.charAt(0).toUpperCase() + filled.slice(1) : filled;
  return title.slice(0, MILESTONE_TITLE_MAX);
}

/** Fewer steps than the template has: the first ones and the last ("done") one. */
function pickSteps(templates: readonly string[], count: number): string[] {
  if (count >= templates.length) return [...templates];
  return [...templates.slice(0, count - 1), templates[templates.length - 1]!];
}

const laterOf = (a: string, b: string) => (a > b ? a : b);

/**
 * `count` dates spread evenly after `start`, the last on `end`, strictly increasing. With fewer days than steps,
 * fewer steps (one a day, never under the minimum); with under the minimum's days left (a due date that has
 * passed), one a day from `start`: a milestone in the past could not be met, so "not in the past" outranks
 * "not after the due date".
 */
export function spreadDates(count: number, start: string, end: string): string[] {
  const span = daysBetween(start, end);
  if (span >= count) {
    return Array.from({ length: count }, (_, index) => addDays(start, Math.round(((index + 1) * span) / count)));
  }
  if (span >= MILESTONES_PROPOSED_MIN) return Array.from({ length: span }, (_, index) => addDays(start, index + 1));
  return Array.from({ length: MILESTONES_PROPOSED_MIN }, (_, index) => addDays(start, index));
}
