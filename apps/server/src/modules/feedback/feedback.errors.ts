import { badRequest } from '../../http/errors.js';

export const invalidCursor = () =>
  badRequest('feedback.invalid_cursor', 'The page cursor is invalid. Start again from the first page.', [
    { path: 'cursor', message: 'Invalid cursor' },
  ]);
