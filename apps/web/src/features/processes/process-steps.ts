import type { ProcessStep, ProcessSubStep } from '@keel/contract';

/** A fresh id for a step typed in the browser (the server keeps whatever id it is given, up to 64 characters). */
export const newStepId = () => `step-${crypto.randomUUID()}`;

export const newStep = (): ProcessStep => ({ id: newStepId(), title: '', body: '', subSteps: [] });
export const newSubStep = (): ProcessSubStep => ({ id: newStepId(), title: '', body: '' });

/** The list with the item at `index` moved by `delta` places; unchanged when that would leave the list. */
export function moveItem<T>(items: readonly T[], index: number, delta: -1 | 1): T[] {
  const target = index + delta;
  if (index < 0 || index >= items.length || target < 0 || target >= items.length) return [...items];
  const next = [...items];
  const [item] = next.splice(index, 1);
  next.splice(target, 0, item as T);
  return next;
}

/** The items put in the order of `ids` (as a drop answers it); ids not in the list are ignored. */
export function reorderByIds<T extends { id: string }>(items: readonly T[], ids: readonly string[]): T[] {
  const byId = new Map(items.map((item) => [item.id, item]));
  return ids.flatMap((id) => {
    const item = byId.get(id);
    return item ? [item] : [];
  });
}

interface Comparable {
  title: string;
  purpose: string;
  steps: readonly ProcessStep[];
}

export interface ProcessComparison {
  titleChanged: boolean;
  purposeChanged: boolean;
  /** Steps of the newer version that the older one did not have (matched by id). */
  added: string[];
  /** Steps of the older version that the newer one no longer has. */
  removed: string[];
  /** Steps in both whose title, text or sub-steps differ. */
  changed: string[];
  /** Steps in both, at another place. */
  moved: string[];
}

const sameSubSteps = (a: readonly ProcessSubStep[], b: readonly ProcessSubStep[]) =>
  a.length === b.length &&
  a.every((sub, index) => sub.id === b[index]?.id && sub.title === b[index]?.title && sub.body === b[index]?.body);

const stepName = (step: ProcessStep) => step.title.trim() || 'Untitled step';

/** What changed from `older` to `newer`: the title, the purpose and which steps were added, removed or changed. */
export function compareProcessVersions(older: Comparable, newer: Comparable): ProcessComparison {
  const olderSteps = new Map(older.steps.map((step, index) => [step.id, { step, index }]));
  const newerIds = new Set(newer.steps.map((step) => step.id));
  const added: string[] = [];
  const changed: string[] = [];
  const moved: string[] = [];
  const kept = newer.steps.filter((step) => olderSteps.has(step.id));
  const keptOlderOrder = older.steps.filter((step) => newerIds.has(step.id)).map((step) => step.id);
  for (const step of newer.steps) {
    const before = olderSteps.get(step.id);
    if (!before) {
      added.push(stepName(step));
      continue;
    }
    if (
      before.step.title !== step.title ||
      before.step.body !== step.body ||
      !sameSubSteps(before.step.subSteps, step.subSteps)
    ) {
      changed.push(stepName(step));
    }
    if (keptOlderOrder.indexOf(step.id) !== kept.indexOf(step)) moved.push(stepName(step));
  }
  const removed = older.steps.filter((step) => !newerIds.has(step.id)).map(stepName);
  return {
    titleChanged: older.title !== newer.title,
    purposeChanged: older.purpose !== newer.purpose,
    added,
    removed,
    changed,
    moved,
  };
}

/** Whether the comparison found nothing at all. */
export const nothingChanged = (comparison: ProcessComparison) =>
  !comparison.titleChanged &&
  !comparison.purposeChanged &&
  [comparison.added, comparison.removed, comparison.changed, comparison.moved].every((list) => list.length === 0);

/** Plain text of a step's stored HTML, for a step shown without its formatting (a title, a preview). */
export const isBlankHtml = (html: string) => html.replace(/<[^>]*>/g, '').trim() === '';
