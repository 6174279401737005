import { badRequest, conflict, forbidden, notFound } from '../../http/errors.js';

export const goalNotFound = () => notFound('annual_goal.not_found', 'This annual goal does not exist');
export const teamNotFound = () => notFound('team.not_found', 'This team does not exist');
export const cannotEditGoals = (isCompany: boolean) =>
  forbidden(
    'annual_goal.forbidden',
    isCompany
      ? "Only admins and members of the leadership team can change the company's annual goals"
      : "Only admins and the team's members can change its annual goals",
  );
export const ownerNotMember = () =>
  badRequest('annual_goal.owner_not_member', 'The owner must be a member of this organization', [
    { path: 'ownerId', message: 'Not a member of this organization' },
  ]);
export const tooManyGoals = (max: number) =>
  conflict('annual_goal.too_many', `A team can have at most ${max} annual goals in a year. Remove one first.`);
