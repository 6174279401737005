import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { API, registerViaApi, type Account } from './app.js';

/** Set-up through the API for the weekly-loop journeys (to-dos, headlines), as the account's owner. */
export const authOf = (account: Account) => ({ authorization: `Bearer ${account.accessToken}` });

export const orgPath = (account: Account, rest: string) => `${API}/organizations/${account.user.organizationId}${rest}`;

/** The team a new organization starts with (its leadership team): the one /todos and /headlines show. */
export async function firstTeamId(request: APIRequestContext, account: Account): Promise<string> {
  const response = await request.get(`${API}/users/departments`, { headers: authOf(account) });
  expect(response.status(), await response.text()).toBe(200);
  const body = (await response.json()) as { data: { departments: { id: string }[] } };
  const team = body.data.departments[0];
  if (!team) throw new Error('a new organization has no team');
  return team.id;
}

/** A new owner (registerViaApi) and the team their organization starts with. */
export async function registerWithTeam(request: APIRequestContext): Promise<{ account: Account; teamId: string }> {
  const account = await registerViaApi(request);
  return { account, teamId: await firstTeamId(request, account) };
}

export interface ApiTodo {
  id: string;
  title: string;
  status: 'open' | 'done';
  version: number;
  dueDate: string;
}

export async function createTodo(
  request: APIRequestContext,
  account: Account,
  teamId: string,
  fields: { title: string; dueDate?: string },
): Promise<ApiTodo> {
  const response = await request.post(orgPath(account, '/todos'), {
    headers: authOf(account),
    data: { ...fields, ownerIds: [account.user.id], teamId },
  });
  expect(response.status(), await response.text()).toBe(201);
  const [todo] = ((await response.json()) as { data: ApiTodo[] }).data;
  if (!todo) throw new Error('create returned no to-do');
  return todo;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A local calendar date `days` from today (the page colours due dates by the browser's local today). */
export function localDate(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * Resolves with the page's next write (not a GET) to an organization's API whose path ends with
 * `suffix` (or matches it, for a pattern).
 */
export const nextWrite = (page: Page, suffix: string | RegExp) =>
  page.waitForResponse((response) => {
    const path = new URL(response.url()).pathname;
    const matches = typeof suffix === 'string' ? path.endsWith(suffix) : suffix.test(path);
    return response.request().method() !== 'GET' && path.startsWith(`${API}/organizations/`) && matches;
  });
