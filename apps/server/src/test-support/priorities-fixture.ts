import { expect } from 'vitest';
import type { Priority } from '@keel/contract';
import { useTodosFixture } from './todos-fixture.js';

/** The to-dos cast (an organization with teams, its people, a stranger) plus priority helpers. */
export function usePrioritiesFixture() {
  const fixture = useTodosFixture();
  const { state: t, call, creator, single } = fixture;

  const createPriorities = creator<Priority>('/priorities', 'Launch the new website');
  const createPriority = single(createPriorities);
  const priorityOf = (response: { json(): unknown }) => (response.json() as { data: Priority }).data;
  const addMilestone = async (priorityId: string, body: Record<string, unknown> = {}) => {
    const response = await call(t.owner, 'POST', `/priorities/${priorityId}/milestones`, { title: 'Step', ...body });
    expect(response.statusCode, response.body).toBe(201);
    return priorityOf(response);
  };

  return { ...fixture, createPriorities, createPriority, priorityOf, addMilestone };
}
