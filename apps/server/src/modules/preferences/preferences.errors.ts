import { badRequest } from '../../http/errors.js';

export const invalidDefaultTeam = () =>
  badRequest('preferences.invalid_default_team', 'The default team must be one of your teams in this organization', [
    { path: 'default_team_id', message: 'Not one of your teams' },
  ]);
