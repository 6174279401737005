import { ASSISTANT_TEXT_READ, type Alignment } from '@keel/contract';
import type { AlignmentInput, AssistantContext } from '../assistant.engine.js';
import { buildCorpus, cosineSimilarity, sharedWords } from './offline.text.js';

/**
 * The alignment of a team's quarter: the goal each priority is linked to, the company priorities whose words it
 * shares, a suggested goal for a priority linked to nothing, and the goals nothing serves.
 */

/** A company priority counts as related from this TF-IDF cosine on. */
export const RELATED_PRIORITY_THRESHOLD = 0.1;
/** A goal is suggested from this cosine on, and only with a shared word to name in the reason. */
export const SUGGESTED_GOAL_THRESHOLD = 0.05;
const RELATED_PRIORITIES_MAX = 3;

const clip = (text: string) => text.slice(0, ASSISTANT_TEXT_READ);

export function alignQuarter(input: AlignmentInput, context: AssistantContext): Omit<Alignment, 'engine'> {
  const { priorities } = input;
  const goals = context.annualGoals;
  const companyPriorities = context.companyPriorities;
  // One corpus for all three, so a word common to every text of the organization weighs little everywhere.
  const corpus = buildCorpus([
    ...priorities.map((priority) => clip(`${priority.title}\n${priority.description}`)),
    ...goals.map((goal) => clip(`${goal.title}\n${goal.description}\n${goal.target}`)),
    ...companyPriorities.map((priority) => clip(`${priority.title}\n${priority.description}`)),
  ]);
  const priorityDocuments = corpus.slice(0, priorities.length);
  const goalDocuments = corpus.slice(priorities.length, priorities.length + goals.length);
  const companyDocuments = corpus.slice(priorities.length + goals.length);
  const goalsById = new Map(goals.map((goal) => [goal.id, goal]));

  const answered = priorities.map((priority, index) => {
    const document = priorityDocuments[index]!;
    const linkedGoal = priority.annualGoalId === null ? undefined : goalsById.get(priority.annualGoalId);
    const relatedCompanyPriorities = companyPriorities
      .map((companyPriority, companyIndex) => ({
        companyPriority,
        score: cosineSimilarity(document, companyDocuments[companyIndex]!),
      }))
      .filter(({ companyPriority, score }) => companyPriority.id !== priority.id && score >= RELATED_PRIORITY_THRESHOLD)
      .sort((a, b) => b.score - a.score || (a.companyPriority.id < b.companyPriority.id ? -1 : 1))
      .slice(0, RELATED_PRIORITIES_MAX)
      .map(({ companyPriority }) => ({ id: companyPriority.id, title: companyPriority.title }));

    let suggestion: Alignment['priorities'][number]['suggestion'] = null;
    // A stale link (a goal no longer of this year) counts as no link: it gets a suggestion like any other.
    if (!linkedGoal) {
      let bestIndex = -1;
      let bestScore = 0;
      goalDocuments.forEach((goalDocument, goalIndex) => {
        const score = cosineSimilarity(document, goalDocument);
        if (score > bestScore) [bestIndex, bestScore] = [goalIndex, score];
      });
      const bestGoal = goals[bestIndex];
      const words = bestGoal ? sharedWords(document, goalDocuments[bestIndex]!) : [];
      if (bestGoal && bestScore >= SUGGESTED_GOAL_THRESHOLD && words.length > 0) {
        suggestion = {
          goal: { id: bestGoal.id, title: bestGoal.title },
          reason: `It shares the words ${words.map((word) => `“${word}”`).join(', ')} with this goal.`,
        };
      }
    }
    return {
      priorityId: priority.id,
      title: priority.title,
      servesGoal: linkedGoal ? { id: linkedGoal.id, title: linkedGoal.title } : null,
      relatedCompanyPriorities,
      suggestion,
    };
  });

  const servedGoalIds = new Set(answered.flatMap((priority) => (priority.servesGoal ? [priority.servesGoal.id] : [])));
  return {
    year: context.quarter.year,
    quarter: context.quarter.quarter,
    priorities: answered,
    goalsWithoutPriorities: goals
      .filter((goal) => !servedGoalIds.has(goal.id))
      .map((goal) => ({ id: goal.id, title: goal.title })),
    notices: [],
  };
}
