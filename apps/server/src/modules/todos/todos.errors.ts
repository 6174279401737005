import { badRequest, notFound, staleVersion } from '../../http/errors.js';

export const todoNotFound = () => notFound('todo.not_found', 'This to-do does not exist or was deleted');
export const teamNotFound = () => notFound('todo.team_not_found', 'This team does not exist in your organization');
export const staleTodo = () => staleVersion('todo', 'to-do');
export const invalidOwners = (bad: { index: number; id: string }[]) =>
  badRequest(
    'todo.invalid_owner',
    `${bad.length === 1 ? 'An owner is' : 'Some owners are'} neither an active nor an invited member of this organization: ${bad
      .map((owner) => owner.id)
      .join(', ')}`,
    bad.map((owner) => ({
      path: `ownerIds.${owner.index}`,
      message: `${owner.id} is neither an active nor an invited member of this organization`,
    })),
  );
export const invalidOwner = (id: string) =>
  badRequest('todo.invalid_owner', `The owner ${id} is neither an active nor an invited member of this organization`, [
    { path: 'ownerId', message: `${id} is neither an active nor an invited member of this organization` },
  ]);
