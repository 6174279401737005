import { expect } from 'vitest';
import type { Issue, Session } from '@keel/contract';
import { bearer, bodyOf, type TestContext } from './test-app.js';

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** A caller bound to one test app and organization, for the issues routes. */
export function issuesClient(context: TestContext, orgId: () => string, teamId: () => string) {
  const call = (session: Session | null, method: Method, path: string, payload?: unknown, org = orgId()) =>
    context.app.inject({
      method,
      url: `/api/v1/organizations/${org}/issues${path}`,
      headers: session ? bearer(session) : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const create = async (session: Session, payload: Record<string, unknown> = {}) => {
    const response = await call(session, 'POST', '', { teamId: teamId(), title: 'Hiring is slow', ...payload });
    expect(response.statusCode).toBe(201);
    return bodyOf<{ data: Issue }>(response).data;
  };
  const get = async (session: Session, id: string) => {
    const response = await call(session, 'GET', `/${id}`);
    expect(response.statusCode).toBe(200);
    return bodyOf<{ data: Issue }>(response).data;
  };
  return { call, create, get };
}

export const NO_SUCH_ID = '00000000-0000-4000-8000-000000000000';
