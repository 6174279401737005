import {
  ACCOUNTABILITY_MEASURABLES_MAX,
  ACCOUNTABILITY_OPEN_ITEMS_SHOWN,
  ACCOUNTABILITY_PRIORITIES_MAX,
  ACCOUNTABILITY_SEATS_MAX,
  fiscalQuarterOf,
  type AccountabilityPage,
  type AccountabilityPerson,
} from '@keel/contract';
import { z } from 'zod';
import type { Database } from '../../db/database.js';
import { decodeCursor, pageFrom } from '../../http/pagination.js';
import { asReader, fiscalYearStartMonth, type Caller } from '../organizations/index.js';
import { publishedSeatsOfHolders } from '../org-chart/index.js';
import { ownedMeasurablesOfPeople } from '../scorecard/index.js';
import { quarterPrioritiesOfPeople } from '../priorities/index.js';
import { findActiveTeams } from '../teams/index.js';
import { openTodosOfPeople } from '../todos/index.js';
import { openIssuesOfPeople } from '../issues/index.js';
import * as repository from './accountability.repository.js';
import * as errors from './accountability.errors.js';

export interface AccountabilityServiceDeps {
  db: Database;
}

export interface AccountabilityRequest {
  teamId?: string | undefined;
  limit: number;
  cursor?: string | undefined;
}

const cursorShape = z.tuple([z.string().max(1000), z.uuid()]);

/** Rows of several people, ordered by person, as lists per person. */
function byOwner<Row extends { ownerId: string | null }>(rows: readonly Row[]): Map<string, Row[]> {
  const lists = new Map<string, Row[]>();
  for (const row of rows) {
    if (row.ownerId === null) continue;
    const list = lists.get(row.ownerId);
    if (list) list.push(row);
    else lists.set(row.ownerId, [row]);
  }
  return lists;
}

const totalOf = (rows: readonly { total: number }[] | undefined) => rows?.[0]?.total ?? 0;

export function createAccountabilityService(deps: AccountabilityServiceDeps) {
  const { db } = deps;
  return {
    /**
     * Who owns what, a page of people at a time. Any active member reads it (observers too). A fixed number of
     * statements whatever the page holds: membership, team, calendar, people, then one per kind of object.
     */
    page: (caller: Caller, request: AccountabilityRequest): Promise<AccountabilityPage> => {
      const after = decodeCursor(request.cursor, cursorShape);
      return asReader(db, caller, async ({ organizationId, userId }) => {
        if (request.teamId && (await findActiveTeams(organizationId, [request.teamId])).length === 0)
          throw errors.teamNotFound();
        const quarter = fiscalQuarterOf(new Date(), await fiscalYearStartMonth(organizationId));
        const rows = await repository.activePeoplePage(organizationId, {
          teamId: request.teamId,
          after,
          limit: request.limit,
        });
        const ids = rows.slice(0, request.limit).map((row) => row.id);
        if (ids.length === 0) return { data: [], quarter, page: { nextCursor: null } };

        const seats = await publishedSeatsOfHolders(organizationId, ids);
        const priorities = byOwner(
          await quarterPrioritiesOfPeople(organizationId, ids, quarter, ACCOUNTABILITY_PRIORITIES_MAX),
        );
        const measurables = byOwner(
          await ownedMeasurablesOfPeople(organizationId, ids, ACCOUNTABILITY_MEASURABLES_MAX),
        );
        const todos = byOwner(await openTodosOfPeople(organizationId, userId, ids, ACCOUNTABILITY_OPEN_ITEMS_SHOWN));
        const issues = byOwner(await openIssuesOfPeople(organizationId, ids, ACCOUNTABILITY_OPEN_ITEMS_SHOWN));

        const toPerson = (row: repository.AccountabilityPersonRow): AccountabilityPerson => {
          const theirPriorities = priorities.get(row.id) ?? [];
          const theirMeasurables = measurables.get(row.id) ?? [];
          const theirTodos = todos.get(row.id) ?? [];
          const theirIssues = issues.get(row.id) ?? [];
          return {
            person: { id: row.id, name: row.name },
            seats: (seats.get(row.id) ?? []).slice(0, ACCOUNTABILITY_SEATS_MAX),
            priorities: theirPriorities.map(({ id, title, status, teamName }) => ({ id, title, status, teamName })),
            prioritiesTotal: totalOf(theirPriorities),
            measurables: theirMeasurables.map(({ id, title, teamName }) => ({ id, title, teamName })),
            measurablesTotal: totalOf(theirMeasurables),
            openTodos: {
              count: totalOf(theirTodos),
              items: theirTodos.map(({ id, title, dueDate }) => ({ id, title, dueDate })),
            },
            openIssues: { count: totalOf(theirIssues), items: theirIssues.map(({ id, title }) => ({ id, title })) },
          };
        };
        return { ...pageFrom(rows, request.limit, toPerson, (row) => [row.sortName, row.id]), quarter };
      });
    },
  };
}

export type AccountabilityService = ReturnType<typeof createAccountabilityService>;
