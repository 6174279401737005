import {
  MEASURABLES_PER_TEAM_MAX,
  TODO_COMPLETION_GOAL,
  findFormulaCycle,
  parseFormula,
  periodStartOf,
  type Goal,
  type MeasurableKind,
  type ScorecardFrequency,
  type ScorecardUnit,
} from '@keel/contract';
import { findAssignableMemberIds } from '../people/index.js';
import * as errors from './scorecard.errors.js';
import type { CalendarToday } from './scorecard.kit.js';
import * as repository from './scorecard.repository.js';

/** The fields of a measurable once create or update defaults are applied: what the checks see. */
export interface MeasurableDraft {
  id: string;
  teamId: string;
  frequency: ScorecardFrequency;
  kind: MeasurableKind;
  title: string;
  ownerId: string;
  dataEntryUserId: string | null;
  unit: ScorecardUnit;
  currencyCode: string | null;
  goal: Goal | null;
  formula: string | null;
  rollup: { aggregation: 'sum' | 'average'; partIds: string[] } | null;
  todoCompletionScope: 'owner' | 'team' | null;
  groupId: string | null;
  startsOn: string;
}

/** Which fields the request named, so that only their checks run on an update. */
export type Touched = Partial<Record<keyof MeasurableDraft, boolean>>;

const invalid = errors.invalidField;

async function checkPeople(organizationId: string, draft: MeasurableDraft, touched: Touched) {
  const people = [
    ...(touched.ownerId ? [{ path: 'ownerId', id: draft.ownerId, label: 'owner' }] : []),
    ...(touched.dataEntryUserId && draft.dataEntryUserId
      ? [{ path: 'dataEntryUserId', id: draft.dataEntryUserId, label: 'data-entry person' }]
      : []),
  ];
  if (people.length === 0) return;
  const assignable = await findAssignableMemberIds(
    organizationId,
    people.map((person) => person.id),
  );
  const bad = people.find((person) => !assignable.has(person.id));
  if (bad) {
    throw invalid(
      bad.path,
      `The ${bad.label} ${bad.id} is neither an active nor an invited member of this organization`,
      'scorecard.invalid_person',
    );
  }
}

async function checkGroup(organizationId: string, draft: MeasurableDraft) {
  if (!draft.groupId) return;
  const group = await repository.findGroup(organizationId, draft.groupId);
  if (!group || group.teamId !== draft.teamId) {
    throw invalid('groupId', "This group is not on this team's scorecard", 'scorecard.invalid_group');
  }
}

function checkKindFields(draft: MeasurableDraft) {
  if (draft.unit === 'currency' && !draft.currencyCode) {
    throw invalid('currencyCode', 'A currency measurable needs a currency code such as USD');
  }
  if (draft.unit !== 'currency' && draft.currencyCode) {
    throw invalid('currencyCode', 'A currency code goes only with the currency unit');
  }
  if (draft.kind === 'formula' && !draft.formula) throw invalid('formula', 'A formula measurable needs a formula');
  if (draft.kind !== 'formula' && draft.formula) throw invalid('formula', 'Only a formula measurable has a formula');
  if (draft.kind === 'rollup' && !draft.rollup) throw invalid('rollup', 'A roll-up needs the measurables it combines');
  if (draft.kind !== 'rollup' && draft.rollup) throw invalid('rollup', 'Only a roll-up measurable has parts');
  if (draft.kind !== 'todo_completion' && draft.todoCompletionScope) {
    throw invalid('todoCompletionScope', 'Only a to-do completion measurable has a scope');
  }
}

async function checkFormula(organizationId: string, draft: MeasurableDraft) {
  if (draft.kind !== 'formula' || !draft.formula) return;
  const parsed = parseFormula(draft.formula);
  if (!parsed.ok) throw invalid('formula', parsed.message, 'scorecard.invalid_formula');
  const team = await repository.measurableOutlines(organizationId, { teamId: draft.teamId });
  const byId = new Map(team.map((row) => [row.id, row]));
  for (const reference of parsed.references) {
    const target = byId.get(reference);
    if (reference === draft.id) continue;
    if (!target) {
      throw invalid(
        'formula',
        'A formula can only use measurables of this team; use a roll-up to combine teams',
        'scorecard.invalid_formula',
      );
    }
    if (target.frequency !== draft.frequency) {
      throw invalid(
        'formula',
        `"${target.title}" is ${target.frequency}; a formula can only use measurables of the same frequency`,
        'scorecard.invalid_formula',
      );
    }
  }
  const formulas = new Map<string, string[]>();
  for (const row of team) {
    if (row.id === draft.id || row.kind !== 'formula' || !row.formula) continue;
    const other = parseFormula(row.formula);
    if (other.ok) formulas.set(row.id, other.references);
  }
  const cycle = findFormulaCycle(draft.id, parsed.references, formulas);
  if (cycle) {
    const titleOf = (id: string) => (id === draft.id ? draft.title : (byId.get(id)?.title ?? 'unknown measurable'));
    throw invalid('formula', `This formula would loop: ${cycle.map(titleOf).join(' → ')}`, 'scorecard.formula_cycle');
  }
}

async function checkRollup(organizationId: string, draft: MeasurableDraft) {
  if (draft.kind !== 'rollup' || !draft.rollup) return;
  const partIds = draft.rollup.partIds;
  const code = 'scorecard.invalid_rollup';
  const seen = new Set<string>();
  for (const [index, id] of partIds.entries()) {
    const path = `rollup.partIds.${index}`;
    if (id === draft.id) throw invalid(path, 'A roll-up cannot contain itself', 'scorecard.rollup_cycle');
    if (seen.has(id)) throw invalid(path, 'This measurable is listed twice in the roll-up', code);
    seen.add(id);
  }
  const found = new Map(
    (await repository.measurableOutlines(organizationId, { ids: partIds })).map((row) => [row.id, row]),
  );
  for (const [index, id] of partIds.entries()) {
    const path = `rollup.partIds.${index}`;
    const part = found.get(id);
    if (!part) throw invalid(path, `${id} is not a measurable of this organization`, code);
    if (part.frequency !== draft.frequency) {
      throw invalid(
        path,
        `"${part.title}" is ${part.frequency}; a roll-up combines measurables of its own frequency`,
        code,
      );
    }
    if (part.archivedAt) throw invalid(path, `"${part.title}" is archived`, code);
    if (part.kind !== 'manual' && part.kind !== 'rollup') {
      throw invalid(path, `"${part.title}" is computed; a roll-up combines typed measurables and other roll-ups`, code);
    }
  }
  const below = await repository.rollupTree(
    organizationId,
    partIds.filter((id) => found.get(id)?.kind === 'rollup'),
  );
  if (below.some((edge) => edge.partId === draft.id)) {
    throw invalid('rollup.partIds', 'A roll-up cannot contain itself', 'scorecard.rollup_cycle');
  }
}

/**
 * Every rule of a measurable that the schema cannot see, in the order a person fixes them; the first
 * problem answers 400 with the field's path and a plain message.
 */
export async function checkMeasurable(
  organizationId: string,
  draft: MeasurableDraft,
  touched: Touched,
  calendar: CalendarToday,
  options: { creating: boolean },
) {
  checkKindFields(draft);
  if (touched.startsOn && draft.startsOn > calendar.currentPeriodStart(draft.frequency)) {
    throw invalid('startsOn', 'A measurable cannot start after the current period');
  }
  await checkPeople(organizationId, draft, touched);
  if (touched.groupId) await checkGroup(organizationId, draft);
  if (options.creating) {
    const count = await repository.countMeasurablesOfTeam(organizationId, draft.teamId);
    if (count >= MEASURABLES_PER_TEAM_MAX) throw errors.tooManyMeasurables(MEASURABLES_PER_TEAM_MAX);
  }
  if (touched.formula) await checkFormula(organizationId, draft);
  if (touched.rollup) await checkRollup(organizationId, draft);
}

/** Built-in to-do completion measurables: percent, and a ≥ 90% goal unless one was given. */
export const todoCompletionDefaults = (goal: Goal | null | undefined) => ({
  unit: 'percent' as const,
  currencyCode: null,
  goal:
    goal === undefined ? { operator: '>=' as const, value: TODO_COMPLETION_GOAL, valueMax: null, band: null } : goal,
});

/** The period start containing `date` (default: today's). */
export const startOfPeriod = (date: string | undefined, frequency: ScorecardFrequency, calendar: CalendarToday) =>
  periodStartOf(date ?? calendar.today, frequency, calendar);
