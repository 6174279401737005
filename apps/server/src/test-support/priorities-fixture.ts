import { expect } from 'vitest';
import type { Priority, Session } from '@keel/contract';
import { bearer, bodyOf } from './test-app.js';
import { useTodosFixture } from './todos-fixture.js';

/** The to-dos cast (an organization with teams, its people, a stranger) plus priority helpers. */
export function usePrioritiesFixture() {
  const fixture = useTodosFixture();
  const { state: t } = fixture;

  /** The to-dos helper, plus PUT (milestone order). */
  const call = (
    session: Session | null,
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    path: string,
    payload?: unknown,
    org = t.orgId,
  ) =>
    t.context.app.inject({
      method,
      url: `/api/v1/organizations/${org}${path}`,
      headers: session ? bearer(session) : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  const createPriorities = async (overrides: Record<string, unknown> = {}, session?: Session): Promise<Priority[]> => {
    const response = await call(session ?? t.owner, 'POST', '/priorities', {
      title: 'Launch the new website',
      ownerIds: [t.owner.user.id],
      teamId: t.teamId,
      ...overrides,
    });
    expect(response.statusCode, response.body).toBe(201);
    return bodyOf<{ data: Priority[] }>(response).data;
  };
  const createPriority = async (overrides: Record<string, unknown> = {}) => {
    const [priority] = await createPriorities(overrides);
    if (!priority) throw new Error('nothing created');
    return priority;
  };
  const priorityOf = (response: { json(): unknown }) => (response.json() as { data: Priority }).data;
  const addMilestone = async (priorityId: string, body: Record<string, unknown> = {}) => {
    const response = await call(t.owner, 'POST', `/priorities/${priorityId}/milestones`, { title: 'Step', ...body });
    expect(response.statusCode, response.body).toBe(201);
    return priorityOf(response);
  };

  return { ...fixture, call, createPriorities, createPriority, priorityOf, addMilestone };
}
