import { AppError, badRequest, conflict, notFound, staleVersion } from '../../http/errors.js';

export const measurableNotFound = () =>
  notFound('scorecard.measurable_not_found', 'This measurable does not exist or was deleted');
export const groupNotFound = () => notFound('scorecard.group_not_found', 'This group does not exist or was deleted');
export const teamNotFound = () => notFound('scorecard.team_not_found', 'This team does not exist in your organization');
export const staleMeasurable = () => staleVersion('scorecard.measurable', 'measurable');
export const staleGroup = () => staleVersion('scorecard.group', 'group');
export const staleSettings = () => staleVersion('scorecard.settings', 'scorecard setting');

/** A refusal of one field, named by its path in the request. */
export const invalidField = (path: string, message: string, code = 'scorecard.invalid') =>
  badRequest(code, message, [{ path, message }]);

export const archivedMeasurable = () =>
  conflict(
    'scorecard.measurable_archived',
    'This measurable is archived; restore it before changing its numbers or goals',
  );

/** Someone else saved one or more of these cells since the writer read them; `details` lists each cell. */
export const staleScores = (cells: { path: string; message: string }[]) =>
  new AppError(
    409,
    'scorecard.score.stale_version',
    cells.length === 1
      ? 'Someone else changed this number since you opened it. Reload to see their change, then try again.'
      : `Someone else changed ${cells.length} of these numbers since you opened them. Reload to see their changes, then try again.`,
    cells,
  );

export const tooManyMeasurables = (max: number) =>
  badRequest('scorecard.too_many_measurables', `A team's scorecard holds at most ${max} measurables`);
