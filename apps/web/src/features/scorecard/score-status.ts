import type { ScoreStatus } from '@keel/contract';

/**
 * How a status is shown: a colour, and (never colour alone, WCAG 1.4.1) a symbol on screen and words
 * for screen readers.
 */
export const STATUS_LOOK: Record<ScoreStatus, { className: string; symbol: string; words: string }> = {
  green: {
    className: 'bg-green-100 text-green-950 dark:bg-green-950 dark:text-green-50',
    symbol: '✓',
    words: 'meets the goal',
  },
  yellow: {
    className: 'bg-amber-100 text-amber-950 dark:bg-amber-950 dark:text-amber-50',
    symbol: '!',
    words: 'just misses the goal',
  },
  red: {
    className: 'bg-red-100 text-red-950 dark:bg-red-950 dark:text-red-50',
    symbol: '✗',
    words: 'misses the goal',
  },
  missing: {
    className: 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300',
    symbol: '',
    words: 'missing',
  },
  no_goal: { className: 'bg-white text-slate-900 dark:bg-slate-900 dark:text-slate-100', symbol: '', words: 'no goal' },
};
