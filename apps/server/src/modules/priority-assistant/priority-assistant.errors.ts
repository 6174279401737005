import { notFound, staleVersion } from '../../http/errors.js';

export const teamNotFound = () =>
  notFound('priority_assistant.team_not_found', 'This team does not exist in your organization, or it was archived');
export const staleSettings = () => staleVersion('priority_assistant', 'assistant setting');
