import {
  DOCUMENT_FOLDER_DEPTH_MAX,
  DOCUMENT_LINKS_MAX,
  DOCUMENT_UPLOAD_FILES_MAX,
  DOCUMENT_VERSIONS_MAX,
} from '@keel/contract';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../http/errors.js';

export const documentNotFound = () => notFound('document.not_found', 'This document does not exist');
export const folderNotFound = () => notFound('document.folder_not_found', 'This folder does not exist');
export const versionNotFound = () =>
  notFound('document.version_not_found', 'This version of the document does not exist');
export const teamNotFound = () => notFound('document.team_not_found', 'This team does not exist');
export const targetNotFound = () =>
  notFound('document.link_target_not_found', 'The item to link this document to does not exist');
export const cannotEdit = () =>
  forbidden(
    'document.read_only',
    'Only administrators, the owner and (for a team document) the members of its team may change this',
  );
export const cannotUseTeam = () =>
  forbidden('document.team_read_only', 'Only administrators and the members of a team may share documents with it');
export const teamRequired = () =>
  badRequest('document.team_required', 'Choose the team that may see this', [
    { path: 'teamId', message: 'Choose a team' },
  ]);
export const noContent = () =>
  badRequest(
    'document.no_content',
    'This document is a link to a file in a cloud drive: open its address instead of downloading it',
  );
export const notAFile = () =>
  badRequest('document.not_a_file', 'This document is a link to a file in a cloud drive, so it has no versions');
export const folderCycle = () =>
  conflict('document.folder_cycle', 'A folder cannot be moved into itself or into one of its own folders');
export const folderTooDeep = () =>
  conflict(
    'document.folder_too_deep',
    `Folders can be nested at most ${DOCUMENT_FOLDER_DEPTH_MAX} levels deep. Choose a folder higher up.`,
  );
export const widerThanFolder = (folderName: string) =>
  conflict(
    'document.wider_than_folder',
    `What is in “${folderName}” can be seen at most by the people who see that folder. Choose who may see it again, or another folder.`,
  );
export const contentWiderThanFolder = () =>
  conflict(
    'document.content_wider_than_folder',
    'Some of what is in this folder is seen by more people than the folder would be. Narrow who may see those first.',
  );
export const folderNotEmpty = () =>
  conflict('document.folder_not_empty', 'Move or delete what is in the folder first.');
export const tooManyLinks = () =>
  conflict('document.too_many_links', `A document can be linked to at most ${DOCUMENT_LINKS_MAX} items`);
export const noFiles = () =>
  badRequest('document.file_missing', 'Choose at least one file to upload', [
    { path: 'file', message: 'Choose a file' },
  ]);
export const tooManyFiles = () =>
  badRequest('document.too_many_files', `Upload at most ${DOCUMENT_UPLOAD_FILES_MAX} files at once`);
export const oneFileOnly = () => badRequest('document.one_file_only', 'Upload exactly one file as the new version');
export const malformedUpload = () =>
  badRequest('document.malformed_upload', 'The upload could not be read. Please try again.');
export const fieldsAfterFiles = () =>
  badRequest('document.fields_after_files', 'Send the form fields before the files');
export const uploadTooLarge = (maxBytes: number) =>
  new AppError(
    413,
    'document.too_large',
    `This upload is too large: each file may be at most ${Math.round(maxBytes / (1024 * 1024))} MB`,
  );
export const tooManyVersions = () =>
  conflict(
    'document.too_many_versions',
    `This document has reached ${DOCUMENT_VERSIONS_MAX} versions. Upload the file as a new document instead.`,
  );
