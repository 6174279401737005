import { priorityDraftSchema, smartCheckSchema } from '@keel/contract';
import type { AssistantContext } from '../modules/priority-assistant/assistant.engine.js';
import { createOfflineEngine } from '../modules/priority-assistant/offline/offline.engine.js';

const engine = createOfflineEngine();

/** Q3 2026 of a calendar fiscal year, seen on 10 August 2026, with a team's goals and the company's priorities. */
export const baseContext: AssistantContext = {
  today: '2026-08-10',
  fiscalYearStartMonth: 1,
  quarter: { year: 2026, quarter: 3, start: '2026-07-01', end: '2026-09-30' },
  annualGoals: [
    {
      id: '00000000-0000-4000-8000-000000000001',
      title: 'Grow annual recurring revenue to $5M',
      description: 'New customers and expansion of existing accounts',
      target: '$5M ARR',
    },
    {
      id: '00000000-0000-4000-8000-000000000002',
      title: 'Launch a reseller partner channel in Europe',
      description: 'Resellers selling our product in Germany, France and Spain',
      target: '20 active partners',
    },
    {
      id: '00000000-0000-4000-8000-000000000003',
      title: 'Raise customer satisfaction',
      description: 'Faster support answers and a smoother onboarding',
      target: 'NPS 50',
    },
  ],
  companyPriorities: [
    { id: '00000000-0000-4000-8000-000000000011', title: 'Close the Series B funding round', description: '' },
    { id: '00000000-0000-4000-8000-000000000012', title: 'Migrate billing to Stripe', description: '' },
  ],
};

/** The offline SMART check of a draft of these fields, validated by the contract. */
export async function check(title: string, description = '', dueDate: string | null = null, context = baseContext) {
  const draft = priorityDraftSchema.parse({ title, description, dueDate });
  return smartCheckSchema.parse(await engine.smartCheck(draft, context));
}
