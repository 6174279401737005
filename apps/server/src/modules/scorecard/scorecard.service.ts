import { gridUseCases } from './scorecard.grid.service.js';
import { createScorecardKit, type ScorecardServiceDeps } from './scorecard.kit.js';
import { measurablesUseCases } from './scorecard.measurables.service.js';
import { scoresUseCases } from './scorecard.scores.service.js';

export type { ScorecardServiceDeps } from './scorecard.kit.js';

/** The scorecard's use cases: measurables and groups, numbers and period goals, the grid and its readers. */
export function createScorecardService(deps: ScorecardServiceDeps) {
  const kit = createScorecardKit(deps);
  return { ...measurablesUseCases(kit), ...scoresUseCases(kit), ...gridUseCases(kit) };
}

export type ScorecardService = ReturnType<typeof createScorecardService>;
