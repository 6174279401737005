import { badRequest, forbidden, notFound, staleVersion } from '../../http/errors.js';

export const issueNotFound = () => notFound('issue.not_found', 'This issue does not exist');
export const teamNotFound = () => notFound('issue.team_not_found', 'This team does not exist in your organization');
export const staleIssue = () => staleVersion('issue', 'issue');
export const staleComment = () => staleVersion('issue_comment', 'comment');
export const commentNotFound = () => notFound('issue_comment.not_found', 'This comment does not exist');
export const notYourComment = () =>
  forbidden('issue_comment.not_author', 'Only the person who wrote a comment can change or delete it');
export const attachmentNotFound = () => notFound('issue_attachment.not_found', 'This attachment does not exist');
export const ownerNotMember = () =>
  badRequest('issue.owner_not_member', 'The owner must be an active member of this organization', [
    { path: 'ownerId', message: 'Not an active member of this organization' },
  ]);
export const notOpen = () =>
  badRequest('issue.not_open', 'This issue is already solved: reopen it first', [
    { path: 'status', message: 'Solved' },
  ]);
export const notSolved = () =>
  badRequest('issue.not_solved', 'This issue is open already', [{ path: 'status', message: 'Open' }]);
export const sameTeam = () =>
  badRequest('issue.same_team', 'The issue is already on this team', [
    { path: 'teamId', message: 'Pick another team' },
  ]);
export const reorderMismatch = () =>
  badRequest(
    'issue.reorder_mismatch',
    'The order must list every open issue of this list exactly once; reload and try again',
    [{ path: 'ids', message: 'Does not match the open issues of this list' }],
  );
export const tooManyAttachments = (max: number) =>
  badRequest('issue_attachment.too_many', `An issue can have at most ${max} attachments`);
export const attachmentMissing = () =>
  badRequest('issue_attachment.missing', 'Send the file in the multipart field "file"', [
    { path: 'file', message: 'Required' },
  ]);
export const attachmentEmpty = () =>
  badRequest('issue_attachment.empty', 'The file is empty', [{ path: 'file', message: 'Empty file' }]);
export const attachmentUnsupported = () =>
  badRequest(
    'issue_attachment.unsupported_type',
    'This kind of file cannot be attached: use an image, a PDF, an Office document or a zip',
    [{ path: 'file', message: 'Unsupported file type' }],
  );
export const malformedUpload = () => badRequest('request.malformed_upload', 'The upload could not be read');
