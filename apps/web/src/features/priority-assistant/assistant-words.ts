import type { AssistantEngine, SmartLetter } from '@keel/contract';

export const LETTER_NAMES: Record<SmartLetter, string> = {
  specific: 'Specific',
  measurable: 'Measurable',
  achievable: 'Achievable',
  relevant: 'Relevant',
  time_bound: 'Time-bound',
};

export const engineText = (engine: AssistantEngine) =>
  engine === 'model' ? 'Answered by the language model.' : 'Answered by the offline assistant.';

/** While a model writes: a sign of life, in characters so far. */
export const writingText = (characters: number) =>
  characters > 0 ? `The assistant is writing… (${characters.toLocaleString('en-US')} characters)` : 'Checking…';
