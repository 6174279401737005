import { AppError, badRequest, notFound, staleVersion } from '../../http/errors.js';

export const priorityNotFound = () => notFound('priority.not_found', 'This priority does not exist or was deleted');
export const milestoneNotFound = () => notFound('milestone.not_found', 'This milestone does not exist or was deleted');
export const attachmentNotFound = () => notFound('priority.attachment_not_found', 'This attachment does not exist');
export const teamNotFound = () => notFound('priority.team_not_found', 'This team does not exist in your organization');
export const stalePriority = () => staleVersion('priority', 'priority');
export const staleMilestone = () => staleVersion('milestone', 'milestone');
export const invalidOwners = (bad: { path: string; id: string }[]) =>
  badRequest(
    'priority.invalid_owner',
    `${bad.length === 1 ? 'An owner is' : 'Some owners are'} neither an active nor an invited member of this organization: ${bad
      .map((owner) => owner.id)
      .join(', ')}`,
    bad.map((owner) => ({
      path: owner.path,
      message: `${owner.id} is neither an active nor an invited member of this organization`,
    })),
  );
export const annualGoalNotFound = () =>
  badRequest('priority.annual_goal_not_found', 'The annual goal was not found in your organization', [
    { path: 'annualGoalId', message: 'No such annual goal' },
  ]);
export const badMilestoneOrder = () =>
  badRequest('milestone.bad_order', 'Give every milestone of this priority exactly once, in the new order', [
    { path: 'ids', message: 'Must list each milestone of the priority exactly once' },
  ]);
export const tooManyMilestones = (max: number) =>
  badRequest('milestone.too_many', `A priority has at most ${max} milestones`);
export const numericTargetRequired = () =>
  badRequest('priority.numeric_target_required', 'A numeric priority needs a target', [
    { path: 'numericTarget', message: 'A numeric priority needs a target' },
  ]);
export const attachmentMissing = () =>
  badRequest('priority.attachment_missing', 'Send the file in the multipart field "file"');
export const attachmentEmpty = () => badRequest('priority.attachment_empty', 'The file is empty');
export const attachmentUnsupported = () =>
  new AppError(
    415,
    'priority.attachment_unsupported_type',
    'This kind of file cannot be attached: use a PDF, an image, an office document, text or a zip',
  );
export const malformedUpload = () => badRequest('request.malformed_upload', 'The upload could not be read');
export const quarterNotOver = (end: string) =>
  badRequest('priority.quarter_not_over', `This quarter is not over yet: it ends on ${end}.`);
