export { annualGoalsRoutes } from './annual-goals.routes.js';
export {
  createAnnualGoalsService,
  existingAnnualGoalIds,
  toAnnualGoal,
  type AnnualGoalsService,
} from './annual-goals.service.js';
export { listGoals as listAnnualGoals } from './annual-goals.repository.js';
