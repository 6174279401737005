import type { AssistantEngineImpl } from '../assistant.engine.js';
import { alignQuarter } from './offline.alignment.js';
import { proposeMilestones } from './offline.milestones.js';
import { checkSmart } from './offline.smart.js';

/**
 * The offline engine: rules and text analysis, no network, no clock but `context.today`, so the same input always
 * gets the same answer. The functions are synchronous; the interface is async because the model engine is.
 */
export function createOfflineEngine(): AssistantEngineImpl {
  return {
    smartCheck: async (draft, context) => ({ engine: 'offline', ...checkSmart(draft, context) }),
    milestones: async (request, context) => ({ engine: 'offline', ...proposeMilestones(request, context) }),
    alignment: async (input, context) => ({ engine: 'offline', ...alignQuarter(input, context) }),
  };
}
