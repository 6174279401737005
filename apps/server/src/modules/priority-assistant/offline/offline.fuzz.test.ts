import {
  alignmentSchema,
  milestoneProposalSchema,
  milestoneRequestSchema,
  priorityDraftSchema,
  smartCheckSchema,
} from '@keel/contract';
import { describe, expect, it } from 'vitest';
import type { AssistantContext } from '../assistant.engine.js';
import { createOfflineEngine } from './offline.engine.js';

const engine = createOfflineEngine();

const context: AssistantContext = {
  today: '2026-08-10',
  fiscalYearStartMonth: 4,
  quarter: { year: 2027, quarter: 2, start: '2026-07-01', end: '2026-09-30' },
  annualGoals: [
    { id: '00000000-0000-4000-8000-000000000001', title: 'Grow revenue', description: 'by 20%', target: '$5M' },
  ],
  companyPriorities: [{ id: '00000000-0000-4000-8000-000000000002', title: 'Close Q3 by 30.09.', description: '' }],
};

// Pieces every rule reacts to (dates, numbers, joins, accents, other scripts), shuffled by a seeded generator so
// the texts are the same on every run.
const PIECES = [
  'Q3',
  '30/09/2026',
  '2026-09-31',
  'by',
  'from',
  'to',
  '40k',
  '€',
  '%',
  'and',
  ',',
  'Mär',
  'improve',
  'all',
  '10x',
  'de',
  'marzo',
  '売上',
  '🚀',
  '\n',
  ' ',
  '.',
  '12',
  'in 3 weeks',
  'end of quarter',
  "d'ici",
  'launch',
  'hire',
];

function textOf(seed: number, length: number): string {
  let state = seed;
  let text = '';
  while (text.length < length) {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    text += `${PIECES[state % PIECES.length]} `;
  }
  return text.slice(0, length);
}

describe('offline engine on generated text', () => {
  it('answers every generated draft within the contract', async () => {
    for (let seed = 1; seed <= 60; seed += 1) {
      const text = textOf(seed, seed * 97);
      const draft = priorityDraftSchema.parse({ title: text.slice(0, 200), description: text });
      const check = smartCheckSchema.parse(await engine.smartCheck(draft, context));
      expect(check.verdicts).toHaveLength(5);
      const request = milestoneRequestSchema.parse({ title: text, description: text });
      milestoneProposalSchema.parse(await engine.milestones(request, context));
      const priorities = [
        { id: '00000000-0000-4000-8000-000000000003', title: text, description: text, annualGoalId: null },
      ];
      alignmentSchema.parse(await engine.alignment({ priorities }, context));
    }
  });
});
