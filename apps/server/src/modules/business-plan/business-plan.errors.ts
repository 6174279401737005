import { badRequest, conflict, forbidden, notFound } from '../../http/errors.js';

export const teamNotFound = () => notFound('business_plan.team_not_found', 'This team does not exist');
export const companyPlanMissing = () =>
  notFound('business_plan.no_leadership_team', 'This organization has no leadership team, so it has no company plan');
export const shareLinkNotFound = () =>
  notFound('business_plan.share_not_found', 'This share link does not work any more. Ask for a new one.');
export const versionNotFound = () =>
  notFound('business_plan.version_not_found', 'This version of the plan does not exist');

export const cannotRead = () =>
  forbidden(
    'business_plan.forbidden',
    "Only the team's members and admins can read this team's plan. Ask one of them for its share link.",
  );
export const cannotEdit = (isCompanyPlan: boolean) =>
  forbidden(
    'business_plan.forbidden',
    isCompanyPlan
      ? 'Only admins and members of the leadership team can change the company plan'
      : "Only admins and the team's members can change its plan",
  );

/** A save based on an older version: names who saved since, so the writer knows whose work they would replace. */
export const staleSave = (savedBy: string | null, version: number) =>
  conflict(
    'business_plan.stale_version',
    `${savedBy ?? 'Someone else'} saved this plan (version ${version}) since you opened it. ` +
      'Reload theirs, or keep yours and save it over theirs.',
  );
export const notSavedYet = () =>
  conflict('business_plan.not_saved', 'Save the plan once before sharing it: there is nothing to share yet');
export const repeatedSection = (key: string) =>
  badRequest('business_plan.repeated_section', 'Each section must appear once', [
    { path: 'content.sections', message: `The section ${key} appears more than once` },
  ]);
