import { useState } from 'react';
import { businessPlanContentSchema, type BusinessPlan, type BusinessPlanContent } from '@keel/contract';
import { errorText, isConflict } from '../../lib/api-client';
import { useSaveBusinessPlan } from './business-plan.api';
import { partOf, sectionChanged, withPart, type AnySectionPart, type WrittenSectionKey } from './plan-content';

interface Draft {
  part: AnySectionPart;
  /** The plan as it was when editing began: a later save by someone else to this section is a conflict. */
  base: BusinessPlan;
}

/** Someone else saved the section being edited: who, and which version is theirs. */
export interface SectionConflict {
  savedBy: string | null;
  version: number;
}

/** Blank lines and blank core values are left out: they say nothing and would only clutter the plan. */
function withoutBlanks(part: AnySectionPart): AnySectionPart {
  if (Array.isArray(part)) {
    return part.filter((value) => value.title.trim() || value.description.trim());
  }
  return Object.fromEntries(
    Object.entries(part).map(([name, value]) => [
      name,
      Array.isArray(value) ? (value as string[]).filter((line) => line.trim()) : value,
    ]),
  ) as AnySectionPart;
}

const firstProblem = (content: BusinessPlanContent) => {
  const parsed = businessPlanContentSchema.safeParse(content);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Something in this section is not valid');
};

/**
 * The plan's sections edited in place: each section's draft stays the person's own while the page refreshes
 * (someone else's save never overwrites what is being typed). A save writes the draft onto the latest plan; if
 * someone else changed that very section since editing began, it stops and asks (reload theirs or keep mine).
 */
export function usePlanEditor(plan: BusinessPlan, refetch: () => Promise<BusinessPlan | undefined>) {
  const save = useSaveBusinessPlan();
  const [drafts, setDrafts] = useState<Partial<Record<WrittenSectionKey, Draft>>>({});
  const [conflicts, setConflicts] = useState<Partial<Record<WrittenSectionKey, SectionConflict>>>({});
  const [errors, setErrors] = useState<Partial<Record<WrittenSectionKey, string>>>({});
  const [busy, setBusy] = useState<WrittenSectionKey | null>(null);
  const [settingsError, setSettingsError] = useState<string | null>(null);

  const forget = (key: WrittenSectionKey) => {
    setDrafts(({ [key]: _draft, ...rest }) => rest);
    setConflicts(({ [key]: _conflict, ...rest }) => rest);
    setErrors(({ [key]: _error, ...rest }) => rest);
  };
  const conflictFrom = async (key: WrittenSectionKey) => {
    const latest = (await refetch()) ?? plan;
    setConflicts((all) => ({ ...all, [key]: { savedBy: latest.updatedBy?.name ?? null, version: latest.version } }));
  };

  async function write(key: WrittenSectionKey, onto: BusinessPlan, part: AnySectionPart) {
    const content = withPart(onto.content, key, withoutBlanks(part));
    const problem = firstProblem(content);
    if (problem) {
      setErrors((all) => ({ ...all, [key]: problem }));
      return;
    }
    setBusy(key);
    try {
      await save.mutateAsync({ teamId: onto.teamId, version: onto.version, content });
      forget(key);
    } catch (error) {
      if (isConflict(error)) await conflictFrom(key);
      else
        setErrors((all) => ({ ...all, [key]: errorText(error, 'The section could not be saved. Please try again.') }));
    } finally {
      setBusy(null);
    }
  }

  /** A change of the sections' titles, visibility or order, saved at once onto the latest plan. */
  async function changeSettings(change: (content: BusinessPlanContent) => BusinessPlanContent) {
    setSettingsError(null);
    try {
      await save.mutateAsync({ teamId: plan.teamId, version: plan.version, content: change(plan.content) });
    } catch (error) {
      if (isConflict(error)) {
        await refetch();
        setSettingsError(`${errorText(error, 'Someone else saved the plan at the same time.')} The page now shows it.`);
      } else setSettingsError(errorText(error, 'The change could not be saved. Please try again.'));
    }
  }

  return {
    draftOf: (key: WrittenSectionKey) => drafts[key]?.part,
    conflictOf: (key: WrittenSectionKey) => conflicts[key],
    errorOf: (key: WrittenSectionKey) => errors[key] ?? null,
    isBusy: (key: WrittenSectionKey) => busy === key,
    settingsError,
    start: (key: WrittenSectionKey) => {
      if (!drafts[key]) setDrafts((all) => ({ ...all, [key]: { part: partOf(plan.content, key), base: plan } }));
    },
    change: (key: WrittenSectionKey, part: AnySectionPart) =>
      setDrafts((all) => (all[key] ? { ...all, [key]: { ...all[key], part } } : all)),
    cancel: forget,
    save: async (key: WrittenSectionKey) => {
      const draft = drafts[key];
      if (!draft) return;
      setErrors(({ [key]: _error, ...rest }) => rest);
      if (plan.version !== draft.base.version && sectionChanged(draft.base.content, plan.content, key)) {
        setConflicts((all) => ({
          ...all,
          [key]: { savedBy: plan.updatedBy?.name ?? null, version: plan.version },
        }));
        return;
      }
      await write(key, plan, draft.part);
    },
    /** Drops the draft: the section shows the other person's version. */
    reloadTheirs: forget,
    /** Saves the draft over their version (which stays in the history). */
    keepMine: async (key: WrittenSectionKey) => {
      const draft = drafts[key];
      if (!draft) return;
      const latest = (await refetch()) ?? plan;
      setConflicts(({ [key]: _conflict, ...rest }) => rest);
      setDrafts((all) => ({ ...all, [key]: { part: draft.part, base: latest } }));
      await write(key, latest, draft.part);
    },
    changeSettings,
  };
}

export type PlanEditor = ReturnType<typeof usePlanEditor>;
